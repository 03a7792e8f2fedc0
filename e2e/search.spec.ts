// Search inside documents in the dashboard (issue 36 items 4 and 6): the library's box finds names
// and the words of pages (snippets with the words marked, the folder), a page hit opens the
// document at that page with the words boxed on the page image, find in the document steps
// through the pages with Enter / Shift+Enter; the Details card says whether the words are
// searchable and in which language; a room's and a link's Analytics show what visitors searched
// for, with a CSV. Desktop and phone. Screenshots 250-259.
import { expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import { adminCommand, ownerApi, shot, signIn, test, textPdf, uniqueEmail } from './support';

const FILLER =
  'The parties acknowledge that this agreement has been negotiated at arm’s length and that each has had the opportunity to take independent legal advice before signing it.';

async function textReady(call: ReturnType<typeof ownerApi>['call'], ids: string[]) {
  for (const id of ids) await expect.poll(async () => (await call('GET', `/v1/documents/${id}`)).text_status, { timeout: 60_000 }).toBe('ready');
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the library finds words inside documents; a hit opens its page with the words boxed; find steps through the pages', async ({ page }) => {
  test.setTimeout(180_000);
  const { team, call, upload } = ownerApi('search-e2e');
  const legal = await call('POST', '/v1/folders', { name: 'Legal' });
  const signed = await call('POST', '/v1/folders', { name: 'Signed', parent_id: legal.id });
  const spa = await upload(
    'Share purchase agreement.pdf',
    'application/pdf',
    await textPdf('Share Purchase Agreement', [
      ['1. Definitions. “Completion” means completion of the sale and purchase of the Shares under clause 4.', FILLER],
      ['4. Completion. On Completion the Buyer shall pay ten percent of the Purchase Price into escrow with the Escrow Agent.', FILLER, 'The escrow amount is released to the Sellers twelve months after Completion, less any claims notified.'],
      [FILLER, '9. Warranties. The Sellers give the Warranties as at the date of this agreement.'],
      ['11. Claims. A claim under the Warranties may be satisfied out of the escrow account before any other remedy.', FILLER],
    ]),
  );
  await call('PATCH', `/v1/documents/${spa.id}`, { folder_id: signed.id });
  const minutes = await upload(
    'Board minutes March.pdf',
    'application/pdf',
    await textPdf('Minutes of the Board', [['The board discussed the proposed escrow arrangements and asked counsel to report at the next meeting.', FILLER]]),
  );
  const instructions = await upload('Escrow instructions.pdf', 'application/pdf', await textPdf('Instructions', [['Wire details for the paying agent.']]));
  await textReady(call, [spa.id, minutes.id, instructions.id]);

  const owner = uniqueEmail('search-owner');
  adminCommand(['team', 'add-member', team, owner, '--role', 'admin']);
  await page.goto('/signin');
  await signIn(page, owner);
  await expect(page).toHaveURL(/\/documents$/);

  // The library: "/" focuses the box; names first, then the pages that mention the words.
  await expect(page.getByTestId('document-row')).toHaveCount(2);
  await expect(page.getByTestId('folder-row')).toHaveCount(1);
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search documents' })).toBeFocused();
  await page.keyboard.type('escrow');
  const names = page.getByRole('region', { name: 'Documents whose names match' });
  await expect(names.getByTestId('document-row')).toHaveCount(1);
  await expect(names.getByTestId('document-row')).toContainText('Escrow instructions.pdf');
  const groups = page.getByTestId('text-hit-group');
  await expect(groups).toHaveCount(2);
  const spaGroup = groups.filter({ hasText: 'Share purchase agreement.pdf' });
  await expect(spaGroup.getByTestId('hit-folder')).toHaveText('Legal / Signed');
  await expect(groups.filter({ hasText: 'Board minutes March.pdf' }).getByTestId('hit-folder')).toHaveText('Top level');
  await expect(spaGroup.getByTestId('text-hit')).toHaveCount(2);
  await expect(spaGroup.getByTestId('text-hit').first()).toContainText('p. 2');
  await expect(spaGroup.getByTestId('text-hit').first().locator('mark').first()).toHaveText(/escrow/i);
  await expect(page.getByTestId('text-hits')).toContainText('3 pages in 2 documents');
  await shot(page, '250-library-search-hits');

  // Arrow keys walk the results from the box.
  await page.keyboard.press('ArrowDown');
  await expect(names.getByTestId('document-row').getByRole('link').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('text-hit').first()).toBeFocused();

  // A page hit opens the document at that page, the words boxed on the page image.
  await spaGroup.getByTestId('text-hit').filter({ hasText: 'p. 4' }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${spa.id}\\?page=4&q=escrow$`));
  const find = page.getByRole('textbox', { name: 'Find in document' });
  await expect(find).toHaveValue('escrow');
  const status = page.getByTestId('find-status');
  await expect(status).toContainText('2 of 2');
  const page4 = page.locator('[data-page="4"]');
  await expect(page4.getByTestId('highlight-layer')).toHaveAttribute('data-active', 'true');
  await expect(page4.getByTestId('highlight-box')).toHaveCount(1);
  await expect(page4).toBeInViewport();
  // The box sits on the words: in the page's upper part, inside its margins.
  const [pageBox, markBox] = [await page4.boundingBox(), await page4.getByTestId('highlight-box').boundingBox()];
  expect(markBox!.y - pageBox!.y).toBeLessThan(pageBox!.height * 0.2);
  expect(markBox!.x).toBeGreaterThan(pageBox!.x + pageBox!.width * 0.05);
  expect(markBox!.width).toBeGreaterThan(10);
  await expect(page.getByTestId('text-status')).toHaveText('Searchable');
  await shot(page, '251-document-find');

  // Enter: the next page with a match (round to the first); Shift+Enter: the previous.
  await find.focus();
  await page.keyboard.press('Enter');
  await expect(status).toContainText('1 of 2');
  const page2 = page.locator('[data-page="2"]');
  await expect(page2.getByTestId('highlight-layer')).toHaveAttribute('data-active', 'true');
  await expect(page2.getByTestId('highlight-box')).toHaveCount(3); // escrow, Escrow (Agent), escrow
  await expect(page2).toBeInViewport();
  await expect(page).toHaveURL(/page=2/);
  await page.keyboard.press('Shift+Enter');
  await expect(status).toContainText('2 of 2');
  await expect(page4.getByTestId('highlight-layer')).toHaveAttribute('data-active', 'true');
  await page.getByRole('button', { name: 'Next match' }).click();
  await expect(status).toContainText('1 of 2');

  // A new query from the keyboard: Ctrl+F focuses the box; a word on no page says so.
  await page.locator('h1').click();
  await page.keyboard.press('Control+f');
  await expect(find).toBeFocused();
  await page.keyboard.type('warranties');
  await expect(status).toContainText('1 of 2');
  await expect(page.locator('[data-page="3"]').getByTestId('highlight-layer')).toHaveAttribute('data-active', 'true');
  await find.fill('earn-out ratchet');
  await expect(status).toHaveText('No matches');
  await expect(page.getByTestId('highlight-box')).toHaveCount(0);

  // The language the words are matched in.
  await page.getByLabel('Language of the document’s words').selectOption('de');
  await expect(page.getByText('Words are now matched as German.')).toBeVisible();
  expect((await call('GET', `/v1/documents/${spa.id}`)).language).toBe('de');
  await page.getByLabel('Language of the document’s words').selectOption('en');
  await expect(page.getByText('Words are now matched as English.')).toBeVisible();

  // A phone: the library's hits, then a hit's page; nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/documents?q=escrow');
  await expect(page.getByTestId('text-hit-group')).toHaveCount(2);
  await expect(page.getByTestId('hit-folder').first()).not.toContainText('…');
  expect(await noSideScroll(page)).toBe(0);
  await shot(page, '252-library-search-hits-phone');
  await page.getByTestId('text-hit').filter({ hasText: 'p. 2' }).click();
  await expect(page.getByTestId('find-status')).toContainText('1 of 2');
  await expect(page.locator('[data-page="2"]').getByTestId('highlight-box').first()).toBeInViewport();
  expect(await noSideScroll(page)).toBe(0);
  await shot(page, '253-document-find-phone');

  // Nothing found: one clear empty state.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/documents?q=indemnity%20cap');
  await expect(page.getByTestId('search-empty')).toContainText('Nothing matches “indemnity cap”');
  await shot(page, '254-library-search-empty');
});

test('a room’s and a link’s Analytics show what visitors searched for, with a CSV', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { team, call, upload } = ownerApi('search-analytics-e2e');
  const doc = await upload('Data room index.pdf', 'application/pdf', await textPdf('Index', [['The escrow agreement and the disclosure letter are in folder 2.', FILLER]]));
  await textReady(call, [doc.id]);
  const room = await call('POST', '/v1/datarooms', { name: 'Project Kestrel' });
  await call('POST', `/v1/datarooms/${room.id}/documents`, { document_id: doc.id });
  const link = await call('POST', '/v1/links', { dataroom_id: room.id, name: 'Bidders' });
  const slug = link.url.split('/view/')[1];

  // Two visitors search: escrow twice (found), earn-out once (nothing).
  for (const queries of [['escrow', 'earn-out'], ['Escrow']]) {
    const ctx = await browser.newContext();
    const visitor = await ctx.newPage();
    await visitor.goto(link.url);
    await expect(visitor.getByTestId('room-view')).toBeVisible();
    for (const q of queries) {
      const r = await visitor.evaluate(async ([s, q]) => (await fetch(`/view/${s}/search?${new URLSearchParams({ q })}`)).status, [slug, q] as const);
      expect(r).toBe(200);
    }
    await ctx.close();
  }

  const owner = uniqueEmail('search-analytics-owner');
  adminCommand(['team', 'add-member', team, owner, '--role', 'admin']);
  await page.goto('/signin');
  await signIn(page, owner);
  await expect(page).toHaveURL(/\/documents$/);
  await page.goto(`/datarooms/${room.id}?tab=analytics`);
  const section = page.getByTestId('search-analytics');
  await expect(section.getByTestId('search-stat-total')).toContainText('3');
  await expect(section.getByTestId('search-stat-empty')).toContainText('1');
  const rows = section.getByTestId('search-query-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(/escrow/i);
  await expect(rows.first()).toContainText('2');
  await expect(rows.filter({ hasText: 'earn-out' })).toContainText('Never found');
  await section.scrollIntoViewIfNeeded();
  await shot(page, '255-room-search-analytics');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Searches as CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`searches-${room.id}.csv`);
  const csv = fs.readFileSync((await download.path())!, 'utf8').trim().split('\r\n');
  expect(csv[0]).toBe('query,searches,visits,searches_without_hits,last_searched_at');
  // Queries are counted lower-cased (one row for escrow and Escrow).
  expect(csv.slice(1).map((l) => l.split(',').slice(0, 4).join(',').toLowerCase())).toEqual(['escrow,2,2,0', 'earn-out,1,1,1']);

  // The link's page: the same searches, through that link.
  await page.goto(`/links/${link.id}`);
  await expect(page.getByTestId('search-analytics').getByTestId('search-query-row')).toHaveCount(2);
  await page.getByTestId('search-analytics').scrollIntoViewIfNeeded();
  await shot(page, '258-link-search-analytics');

  // A phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/datarooms/${room.id}?tab=analytics`);
  await expect(page.getByTestId('search-query-row')).toHaveCount(2);
  await page.getByTestId('search-analytics').scrollIntoViewIfNeeded();
  expect(await noSideScroll(page)).toBe(0);
  await shot(page, '256-room-search-analytics-phone');

  // A room nobody searched: the empty state.
  const quiet = await call('POST', '/v1/datarooms', { name: 'Project Wren' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/datarooms/${quiet.id}?tab=analytics`);
  await expect(page.getByTestId('search-analytics')).toContainText('No searches in this range');
  await page.getByTestId('search-analytics').scrollIntoViewIfNeeded();
  await shot(page, '257-room-search-analytics-empty');
});
