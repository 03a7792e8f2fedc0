// Reading time survives a closed tab: a visitor reads four pages and closes the tab before any
// heartbeat, and the beacon sent on pagehide/visibilitychange gives every page its time. Then
// the owner's room Analytics tab (visits per day, time per document, visitors, groups, the
// refused attempts) and a link's Access denied list, on a desktop and a phone. Screenshots 110-115.
import { expect, type Browser, type Page } from '@playwright/test';
import { adminCommand, ownerApi, recordedPages, shot, signIn, test, uniqueEmail } from './support';

const pageShown = (page: Page) => expect.poll(() => page.getByTestId('page-image').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);

/** Reads each page for `ms` (moving the mouse, so the visitor is active), turning with the arrow key. */
async function readPages(page: Page, pages: number, ms: number) {
  for (let p = 1; p <= pages; p++) {
    await expect(page.getByTestId('page-indicator')).toHaveText(`Page ${p} of ${pages}`);
    await page.mouse.move(200 + p * 10, 300);
    await page.waitForTimeout(ms);
    if (p < pages) await page.keyboard.press('ArrowRight');
  }
}

test('a closed tab still reports the time of every page it read', async ({ browser }) => {
  test.setTimeout(120_000);
  const { token, call, uploadPdf } = ownerApi('beacon-e2e');
  const doc = await uploadPdf('Board memo.pdf', 4);
  const link = await call('POST', '/v1/links', { document_id: doc.id, name: 'Board' });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link.url);
  await pageShown(page);
  // 4 pages of 1.5 s: well under the 10 s heartbeat, so only the beacon on closing carries the time.
  await readPages(page, 4, 1_500);
  await page.close({ runBeforeUnload: true });

  const pages = await recordedPages(link.id, token, 4);
  expect(pages.map((p) => p.page_number)).toEqual([1, 2, 3, 4]);
  for (const p of pages) expect(p.duration_seconds, `page ${p.page_number}`).toBeGreaterThanOrEqual(1);
  expect(pages.reduce((n, p) => n + p.duration_seconds, 0)).toBeGreaterThanOrEqual(5);
  await context.close();
});

async function visitorContext(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('the owner sees a room’s analytics and the attempts its links refused, on a desktop and a phone', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { team, call, uploadPdf } = ownerApi('room-analytics-e2e');
  const room = await call('POST', '/v1/datarooms', { name: 'Series A Due Diligence' });
  const model = await uploadPdf('Financial model.pdf', 3);
  const captable = await uploadPdf('Cap table.pdf', 2);
  const pm = await call('POST', `/v1/datarooms/${room.id}/documents`, { document_id: model.id });
  const pc = await call('POST', `/v1/datarooms/${room.id}/documents`, { document_id: captable.id });
  const group = await call('POST', `/v1/datarooms/${room.id}/groups`, { name: 'Lead investors', domains: ['fund.example'] });
  await call('PUT', `/v1/datarooms/${room.id}/groups/${group.id}/permissions`, { permissions: [{ item_id: pm.id, can_view: true }, { item_id: pc.id, can_view: true }] });
  const groupLink = await call('POST', '/v1/links', { dataroom_id: room.id, audience_type: 'group', group_id: group.id, name: 'Lead investors', email_authenticated: false });
  const general = await call('POST', '/v1/links', { dataroom_id: room.id, name: 'Public teaser' });

  // Ada (the group) reads both documents; an anonymous visitor reads one; Eve is refused twice.
  const ada = await visitorContext(browser);
  await ada.page.goto(groupLink.url);
  await ada.page.getByLabel('Email address').fill('ada@fund.example');
  await ada.page.getByRole('button', { name: 'Continue' }).click();
  await expect(ada.page.getByTestId('room-view')).toBeVisible();
  for (const placement of [pm.id, pc.id]) {
    await ada.page.goto(`${groupLink.url}/d/${placement}`);
    await pageShown(ada.page);
    await readPages(ada.page, placement === pm.id ? 3 : 2, 1_500);
  }
  await ada.page.goto(groupLink.url);
  const anon = await visitorContext(browser);
  await anon.page.goto(general.url);
  await expect(anon.page.getByTestId('room-view')).toBeVisible();
  await anon.page.goto(`${general.url}/d/${pm.id}`);
  await pageShown(anon.page);
  await readPages(anon.page, 3, 1_000);
  await anon.page.goto(general.url);
  for (const who of ['eve@rival.example', 'mallory@rival.example']) {
    const eve = await visitorContext(browser);
    await eve.page.goto(groupLink.url);
    await eve.page.getByLabel('Email address').fill(who);
    await eve.page.getByRole('button', { name: 'Continue' }).click();
    await expect(eve.page.getByTestId('gate-error')).toContainText('This link is not available to you.');
    await eve.context.close();
  }
  await ada.context.close();
  await anon.context.close();

  const owner = uniqueEmail('room-analytics-owner');
  adminCommand(['team', 'add-member', team, owner, '--role', 'admin']);
  await page.goto('/signin');
  await signIn(page, owner);
  await expect(page).toHaveURL(/\/documents$/);
  await page.goto(`/datarooms/${room.id}?tab=analytics`);
  const tab = page.getByTestId('room-analytics');
  await expect(tab.getByTestId('room-stat-visits')).toContainText('2');
  await expect(page.getByTestId('room-visitor-row')).toHaveCount(2);
  await expect(page.getByTestId('room-visitor-row').filter({ hasText: 'ada@fund.example' })).toContainText('2');
  await expect(page.getByTestId('room-group-row')).toHaveCount(2);
  await expect(page.getByTestId('room-group-row').filter({ hasText: 'Lead investors' })).toBeVisible();
  await expect(page.getByTestId('room-document-row')).toHaveCount(2);
  await expect(page.getByTestId('room-days-chart')).toBeVisible();
  await expect(page.getByTestId('denial-row')).toHaveCount(2);
  await expect(page.getByTestId('denial-row').first()).toContainText('Not on the access list');
  await expect(page.getByRole('link', { name: 'Visitors as CSV' })).toBeVisible();
  await shot(page, '110-room-analytics', { fullPage: true });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Visitors as CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`visitors-${room.id}.csv`);

  // The link's page: its refused attempts apart from its visits.
  await page.goto(`/links/${groupLink.id}`);
  await expect(page.getByTestId('denial-row')).toHaveCount(2);
  await page.getByTestId('denial-row').first().scrollIntoViewIfNeeded();
  await shot(page, '111-link-access-denied');

  // A phone: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/datarooms/${room.id}?tab=analytics`);
  await expect(page.getByTestId('room-visitor-row')).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await shot(page, '112-room-analytics-phone', { fullPage: true });
  await page.goto(`/links/${groupLink.id}`);
  await expect(page.getByTestId('denial-row')).toHaveCount(2);
  await page.getByTestId('denial-row').first().scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await shot(page, '113-link-access-denied-phone');
});
