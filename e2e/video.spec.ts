// A video in the viewer (issue 22): a visitor opens a WebM link (Debian's Chromium plays VP8),
// sees the neutral poster and the link's watermark, starts it from the keyboard, and the player
// streams it through the range route (206 answers); the watch time goes out per 10-second segment
// and the owner's document page shows it by segment and plays and seeks its own preview through
// the file route's ranges. Desktop and phone. Screenshots 140-145; a room's tile shows the poster.
import { expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { adminCommand, ownerApi, recordedPages, shot, signIn, test, uniqueEmail } from './support';

const WEBM = fs.readFileSync(path.join(__dirname, '..', 'tests', 'fixtures', 'countdown.webm'));

/** Through the link's email gate. */
async function openAs(page: Page, url: string, email: string) {
  await page.goto(url);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

const currentTime = (page: Page) => page.getByTestId('video').evaluate((v: HTMLVideoElement) => v.currentTime);

test('a visitor plays a video under the watermark; watch time is recorded per segment and shown to the owner', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { team, token, call, upload } = ownerApi('video-e2e');
  const doc = await upload('Product walkthrough.webm', 'video/webm', WEBM);
  expect(doc).toMatchObject({ type: 'video', preview_status: 'ready', num_pages: 2 });
  const link = await call('POST', '/v1/links', {
    document_id: doc.id,
    name: 'Investors',
    email_protected: true,
    watermark_config: { text: 'Confidential · {{email}}', is_tiled: false, position: 'center', opacity: 0.35, font_size: 28, rotation: 0 },
  });
  const visitor = 'grace.hopper@fund.example';

  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const viewer = await context.newPage();
  const ranges: number[] = [];
  viewer.on('response', (r) => {
    if (/\/view\/[^/]+\/video$/.test(new URL(r.url()).pathname)) ranges.push(r.status());
  });
  await openAs(viewer, link.url, visitor);

  const poster = viewer.getByTestId('video-poster');
  await expect(poster).toBeVisible();
  await expect(poster).toContainText('Product walkthrough.webm');
  await expect(viewer.getByTestId('watermark')).toContainText(`Confidential · ${visitor}`);
  await expect(poster).toContainText('0:14');
  await shot(viewer, '140-video-poster');

  // The keyboard starts it: the poster is a button; focused, Enter plays.
  await poster.focus();
  await expect(poster).toBeFocused();
  await viewer.keyboard.press('Enter');
  await expect(poster).toBeHidden();
  await expect.poll(() => currentTime(viewer), { timeout: 15_000 }).toBeGreaterThan(2.5);
  expect(await viewer.getByTestId('video').evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  await expect(viewer.getByTestId('watermark')).toBeVisible();
  await shot(viewer, '141-video-playing');
  expect(ranges).toContain(206);

  // Into the second segment (0:10–0:20) for a while, then the tab closes: the beacon carries the rest.
  await viewer.getByTestId('video').evaluate((v: HTMLVideoElement) => {
    v.currentTime = 10.2;
  });
  await expect.poll(() => currentTime(viewer), { timeout: 15_000 }).toBeGreaterThan(12);
  await viewer.close({ runBeforeUnload: true });

  const segments = await recordedPages(link.id, token, 2);
  expect(segments.map((s) => s.page_number)).toEqual([1, 2]);
  expect(segments[0]!.duration_seconds).toBeGreaterThanOrEqual(2);
  expect(segments[1]!.duration_seconds).toBeGreaterThanOrEqual(1);
  await context.close();

  // A phone: the poster and the player at the screen's width.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const mobile = await phone.newPage();
  await openAs(mobile, link.url, 'phone.viewer@fund.example');
  await expect(mobile.getByTestId('video-poster')).toBeVisible();
  const box = await mobile.getByTestId('video').boundingBox();
  expect(box!.width).toBeGreaterThan(330);
  await shot(mobile, '142-video-phone');
  await mobile.getByTestId('video-poster').tap();
  await expect.poll(() => currentTime(mobile), { timeout: 15_000 }).toBeGreaterThan(1);
  await shot(mobile, '143-video-phone-playing');
  await phone.close();

  // The owner: the document's analytics by segment.
  const owner = uniqueEmail('video-owner');
  adminCommand(['team', 'add-member', team, owner, '--role', 'admin']);
  await signIn(page, owner);
  const ownerRanges: number[] = [];
  page.on('response', (r) => {
    if (/^\/api\/documents\/[^/]+\/versions\/[^/]+\/file$/.test(new URL(r.url()).pathname)) ownerRanges.push(r.status());
  });
  await page.goto(`/documents/${doc.id}`);
  const analytics = page.getByTestId('document-analytics');
  await expect(analytics).toContainText('Average watch time per 10-second segment');
  const bars = analytics.getByTestId('page-chart').locator('rect[data-value]');
  await expect(bars).toHaveCount(2);
  expect(Number(await bars.nth(0).getAttribute('data-value'))).toBeGreaterThan(0);
  await bars.nth(1).focus();
  await expect(analytics.getByTestId('page-chart')).toContainText(/0:10–0:20: \d+(\.\d)? s/);
  await analytics.scrollIntoViewIfNeeded();
  await shot(page, '144-video-analytics', { fullPage: true });
  // The owner's own preview plays and seeks: its file route answers ranges (206) as the viewer's does.
  const preview = page.getByTestId('document-video');
  await preview.scrollIntoViewIfNeeded();
  await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  // Seekable over the whole length only when the server answers ranges.
  expect(await preview.evaluate((v: HTMLVideoElement) => (v.seekable.length ? v.seekable.end(0) : 0))).toBeGreaterThan(13);
  await preview.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    v.currentTime = 11;
    await v.play();
  });
  await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(11.5);
  expect(ownerRanges).toContain(206);
  expect(ownerRanges.every((s) => s === 200 || s === 206)).toBe(true);
  // The link's page charts the same segments.
  await page.goto(`/links/${link.id}`);
  await expect(page.getByText('Average watch time per 10-second segment')).toBeVisible();
  await expect(page.getByTestId('link-page-chart').locator('rect[data-value]')).toHaveCount(2);

  // In a room: the video's tile shows a frame of it (drawn by the browser through the checked
  // range route), and the video plays from the room.
  const room = await call('POST', '/v1/datarooms', { name: 'Launch room' });
  await call('POST', `/v1/datarooms/${room.id}/documents`, { document_id: doc.id });
  const roomLink = await call('POST', '/v1/links', { dataroom_id: room.id, name: 'Room' });
  const guest = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const visit = await guest.newPage();
  const tileRanges: number[] = [];
  visit.on('response', (r) => {
    if (/\/d\/[^/]+\/video$/.test(new URL(r.url()).pathname)) tileRanges.push(r.status());
  });
  await visit.goto(roomLink.url);
  const tile = visit.getByTestId('room-document').filter({ hasText: 'Product walkthrough.webm' });
  await expect(tile.getByTestId('video-card-poster')).toBeVisible();
  await expect(tile.getByTestId('video-card-poster')).toHaveAttribute('data-frame', 'shown');
  const frame = tile.getByTestId('video-card-frame');
  await expect(frame).toBeVisible();
  // The frame at 1 s of the 14 s countdown, decoded: a picture, not the neutral gradient.
  expect(await frame.evaluate((v: HTMLVideoElement) => ({ w: v.videoWidth, t: Math.round(v.currentTime), paused: v.paused }))).toEqual({ w: expect.any(Number), t: 1, paused: true });
  expect(await frame.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  expect(tileRanges.length).toBeGreaterThan(0);
  expect(tileRanges.every((s) => s === 200 || s === 206)).toBe(true);
  await shot(visit, '145-video-room-tile');
  await tile.getByRole('link').first().click();
  await expect(visit.getByTestId('video-poster')).toBeVisible();
  await guest.close();
});
