// What a first-time visitor sees (issue 26, items 6-8): the first page in a placeholder of its
// shape while it arrives, thumbnails only after it, in page order and only near view; the phone's
// toolbar at the bottom on one line, swipes, the page at full width, the name once; a room's
// tiles with their first page as a picture and human type names, and the owner's room page without
// internal ids. Screenshots 69e-69k.
import { expect, type Page, type Route } from '@playwright/test';
import sharp from 'sharp';
import { adminCommand, makePdf, ownerApi, shot, signIn, test } from './support';

/** The page number and width of a page-image URL. */
const pageOf = (url: string) => {
  const m = /\/pages\/(\d+)\?w=(\d+)/.exec(url);
  return m ? { page: Number(m[1]), width: Number(m[2]) } : null;
};
const loaded = (page: Page) => page.getByTestId('page-image').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth);

test('the first page shows first, in a placeholder of its shape; thumbnails follow in page order, near view only', async ({ page }) => {
  const { call, upload } = ownerApi('first-load');
  const doc = await upload('Board pack.pdf', 'application/pdf', await makePdf('Board pack', 12));
  const link = await call('POST', '/v1/links', { document_id: doc.id, password: 'board-2026' });

  // Page-sized images are held back until the placeholder has been looked at; thumbnails are noted.
  const held: Route[] = [];
  let holding = true;
  const thumbs: number[] = [];
  const pages: { page: number; width: number }[] = [];
  await page.route(/\/pages\/\d+\?w=\d+/, async (route) => {
    const p = pageOf(route.request().url())!;
    if (p.width === 480) thumbs.push(p.page);
    else pages.push(p);
    if (holding && p.width !== 480) held.push(route);
    else await route.continue();
  });

  await page.goto(link.url);
  await page.getByLabel('Password').fill('board-2026');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Before the image: a page-shaped placeholder (A4: 842 / 595), not a thin line, and no thumbnail asked for.
  const frame = page.getByTestId('page-frame');
  await expect(frame).toHaveAttribute('data-state', 'loading');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const box = (await frame.boundingBox())!;
  expect(box.width).toBeGreaterThan(200);
  expect(box.height / box.width).toBeCloseTo(842 / 595, 1);
  await expect(page.getByTestId('thumbnail')).toHaveCount(12);
  await expect(page.getByTestId('thumbnails').locator('img')).toHaveCount(0);
  expect(thumbs).toEqual([]);
  await shot(page, '69e-viewer-first-page-loading');

  // The page arrives, at the pre-rendered width the browser picked from srcset (about 410 px shown here).
  holding = false;
  for (const r of held.splice(0)) await r.continue();
  await expect(frame).toHaveAttribute('data-state', 'loaded');
  await expect.poll(() => loaded(page)).toBeGreaterThan(0);
  expect(pages[0]).toEqual({ page: 1, width: 960 });
  expect(await page.getByTestId('page-image').evaluate((i: HTMLImageElement) => i.currentSrc)).toMatch(/\/pages\/1\?w=960$/);

  // Then the thumbnails near view, lowest page first; the last ones wait until the strip scrolls to them.
  const thumb = (n: number) => page.getByTestId('thumbnail').nth(n - 1);
  for (const n of [1, 2, 3, 4]) await expect(thumb(n)).toHaveAttribute('data-state', 'loaded');
  await expect(thumb(12)).toHaveAttribute('data-state', 'waiting');
  expect(thumbs).not.toContain(12);
  expect(thumbs).toEqual([...thumbs].sort((a, b) => a - b));
  await shot(page, '69f-viewer-first-page');
  await page.getByTestId('thumbnails').evaluate((nav) => (nav.scrollTop = nav.scrollHeight));
  await expect(thumb(12)).toHaveAttribute('data-state', 'loaded');
  expect(new Set(thumbs).size).toBe(thumbs.length);

  // Turning the page: the next one was fetched ahead and shows in the same frame.
  await page.getByTestId('page-next').click();
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 2 of 12');
  await expect(frame).toHaveAttribute('data-state', 'loaded');
});

test('on a phone: the toolbar at the bottom on one line, swipes, the page at full width, the name once (360 and 390 px)', async ({ browser }) => {
  const { call, upload } = ownerApi('phone-viewer');
  const doc = await upload('Quarterly report.pdf', 'application/pdf', await makePdf('Quarterly report', 5));
  const link = await call('POST', '/v1/links', { document_id: doc.id, allow_download: true });

  for (const width of [360, 390]) {
    const phone = await browser.newContext({ viewport: { width, height: 780 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await phone.newPage();
    await page.goto(link.url);
    await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 of 5');
    await expect.poll(() => loaded(page)).toBeGreaterThan(0);

    // Previous, "Page 1 of 5" and Next on one line, in a bar along the bottom of the screen.
    const bar = (await page.getByTestId('viewer-toolbar').boundingBox())!;
    expect(Math.abs(bar.y + bar.height - 780)).toBeLessThanOrEqual(1);
    expect(bar.width).toBe(width);
    const mid = async (id: string) => {
      const b = (await page.getByTestId(id).boundingBox())!;
      return b.y + b.height / 2;
    };
    const line = await mid('page-indicator');
    for (const id of ['page-prev', 'page-next', 'download']) expect(Math.abs((await mid(id)) - line)).toBeLessThanOrEqual(2);
    await expect(page.getByTestId('page-next')).toHaveAccessibleName('Next page');
    await expect(page.getByTestId('page-prev')).toHaveAccessibleName('Previous page');
    // Wide buttons on either side of the page number, within thumb reach.
    expect((await page.getByTestId('page-next').boundingBox())!.width).toBeGreaterThanOrEqual(64);
    // The page takes the screen's width (less the margins), and nothing scrolls sideways.
    expect((await page.getByTestId('page-frame').boundingBox())!.width).toBeGreaterThanOrEqual(width - 32);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    // The file name once on screen (the header), not again in the toolbar (Next's streamed <title> is not on screen).
    await expect(page.getByText('Quarterly report.pdf', { exact: true }).filter({ visible: true })).toHaveCount(1);
    await shot(page, `69${width === 360 ? 'g' : 'h'}-viewer-phone-${width}`);

    // Swipes: right to left turns forward, left to right back; the buttons too.
    const swipe = async (from: number, to: number) => {
      const f = page.getByTestId('page-frame');
      await f.dispatchEvent('pointerdown', { pointerType: 'touch', pointerId: 7, isPrimary: true, clientX: from, clientY: 300 });
      await f.dispatchEvent('pointerup', { pointerType: 'touch', pointerId: 7, isPrimary: true, clientX: to, clientY: 310 });
    };
    await swipe(width - 40, 60);
    await expect(page.getByTestId('page-indicator')).toHaveText('Page 2 of 5');
    await swipe(60, width - 40);
    await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 of 5');
    await page.getByTestId('page-next').tap();
    await expect(page.getByTestId('page-indicator')).toHaveText('Page 2 of 5');
    await phone.close();
  }
});

test('room tiles show the first page or the image, human type names; the room page shows no internal id', async ({ page, browser }) => {
  const { team, call, upload } = ownerApi('room-tiles');
  const owner = `owner.${Date.now().toString(36)}@tiles.example`;
  adminCommand(['team', 'add-member', team, owner, '--role', 'admin']);
  const pdf = await upload('Teaser.pdf', 'application/pdf', await makePdf('Teaser', 3));
  const photo = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#1d4ed8' } })
    .composite([{ input: Buffer.from('<svg width="640" height="400"><circle cx="320" cy="200" r="120" fill="#facc15"/></svg>'), top: 0, left: 0 }])
    .png()
    .toBuffer();
  const image = await upload('Site photo.png', 'image/png', photo);
  const notes = await upload('Notes.txt', 'text/plain', Buffer.from('Closing checklist\n'));
  const room = await call('POST', '/v1/datarooms', { name: 'Project Kestrel' });
  for (const d of [pdf, image, notes]) await call('POST', `/v1/datarooms/${room.id}/documents`, { document_id: d.id });
  const link = await call('POST', '/v1/links', { dataroom_id: room.id });

  // The visitor's room: a picture per tile, or the type's icon; type names as people say them.
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const v = await visitor.newPage();
  await v.goto(link.url);
  const tile = (name: string) => v.getByTestId('room-document').filter({ hasText: name });
  await expect(v.getByTestId('room-document')).toHaveCount(3);
  await expect(tile('Teaser.pdf').getByTestId('room-thumb')).toHaveAttribute('data-state', 'loaded');
  await expect(tile('Site photo.png').getByTestId('room-thumb')).toHaveAttribute('data-state', 'loaded');
  await expect(tile('Notes.txt').getByTestId('room-thumb')).toHaveAttribute('data-state', 'icon');
  await expect(tile('Teaser.pdf').getByTestId('room-document-kind')).toHaveText('3 pages');
  await expect(tile('Site photo.png').getByTestId('room-document-kind')).toHaveText('Image');
  await expect(tile('Notes.txt').getByTestId('room-document-kind')).toHaveText('Text');
  const natural = (name: string) => tile(name).locator('img').evaluate((i: HTMLImageElement) => i.naturalWidth);
  expect(await natural('Teaser.pdf')).toBe(480);
  // The image's tile is its 480-px copy, not the 640-px original.
  expect(await natural('Site photo.png')).toBe(480);
  await shot(v, '69i-viewer-room-tiles');
  await visitor.close();

  // The owner's room page: no dr_ id in the header, "PDF" rather than application/pdf; the id is in Settings.
  await page.goto('/signin');
  await signIn(page, owner);
  await expect(page).toHaveURL(/\/documents$/);
  await page.goto(`/datarooms/${room.id}`);
  await expect(page.getByRole('heading', { name: 'Project Kestrel' })).toBeVisible();
  await expect(page.getByTestId('room-document-row')).toHaveCount(3);
  await expect(page.getByText(/dr_/)).toHaveCount(0);
  await expect(page.getByText('application/pdf')).toHaveCount(0);
  const kinds = page.getByTestId('room-document-kind');
  await expect(kinds).toHaveText(['PDF · 3 pages', 'Image · 1 page', 'Text · 1 page']);
  await shot(page, '69j-room-documents-kinds');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByTestId('room-pid')).toHaveText(room.pid);
  await page.getByTestId('room-pid').scrollIntoViewIfNeeded();
  await shot(page, '69k-room-settings-id');
});

test("a long document's page holds 24 thumbnails in its HTML; the strip has every page once live", async ({ page }) => {
  const { call, upload } = ownerApi('long-strip');
  const doc = await upload('Long pack.pdf', 'application/pdf', await makePdf('Long pack', 40));
  const link = await call('POST', '/v1/links', { document_id: doc.id });
  // The HTML as served (the context's request follows the entry redirect and keeps its cookie).
  const html = await (await page.request.get(`${link.url}?page=33`)).text();
  expect(html.match(/data-testid="thumbnail"/g)?.length).toBe(24);
  await page.goto(`${link.url}?page=33`);
  await expect(page.getByTestId('thumbnail')).toHaveCount(40);
  // The page being read is marked in the strip and scrolled into it, though it was not in the HTML.
  const current = page.getByTestId('thumbnails').locator('[aria-current="page"]');
  await expect(current).toHaveAttribute('data-page', '33');
  await expect(current).toBeInViewport();
});
