// Search inside documents in the viewer (issue 36 item 5), in a real browser: a room with two
// buyer groups; a visitor of group A searches as they type, reads the results page and opens a
// hit at its page with the words highlighted, steps through the document's matches with the
// keyboard, and never sees group B's document or a word of it; group B's visitor sees their own.
// Desktop and phone. Screenshots 220-227.
import { expect, type Locator, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { ownerApi, shot, test } from './support';

/** A text PDF that reads like a contract: a heading per page and wrapped paragraphs. */
async function contractPdf(title: string, pages: { heading: string; paragraphs: string[] }[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const wrap = (p: PDFPage, text: string, f: PDFFont, size: number, y: number) => {
    let line = '';
    for (const word of text.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (f.widthOfTextAtSize(next, size) > 495) {
        p.drawText(line, { x: 50, y, size, font: f, color: rgb(0.1, 0.1, 0.12) });
        y -= size * 1.45;
        line = word;
      } else line = next;
    }
    if (line) p.drawText(line, { x: 50, y, size, font: f, color: rgb(0.1, 0.1, 0.12) });
    return y - size * 2.2;
  };
  pages.forEach((pg, i) => {
    const p = pdf.addPage([595, 842]);
    p.drawText(title.toUpperCase(), { x: 50, y: 800, size: 9, font: bold, color: rgb(0.45, 0.45, 0.5) });
    p.drawText(`${i + 1}`, { x: 540, y: 800, size: 9, font: bold, color: rgb(0.45, 0.45, 0.5) });
    p.drawLine({ start: { x: 50, y: 790 }, end: { x: 545, y: 790 }, thickness: 0.5, color: rgb(0.8, 0.8, 0.84) });
    p.drawText(pg.heading, { x: 50, y: 750, size: 16, font: bold, color: rgb(0.08, 0.08, 0.1) });
    let y = 715;
    for (const para of pg.paragraphs) y = wrap(p, para, font, 11.5, y);
  });
  return Buffer.from(await pdf.save());
}

const SPA = [
  { heading: '1. Definitions', paragraphs: ['In this Agreement the following words have the meanings set out below. "Business Day" means a day on which banks are open in London. "Completion" means completion of the sale and purchase of the Shares in accordance with clause 5.', '"Shares" means the entire issued share capital of Heron Logistics Limited. "Warranties" means the warranties given by the Seller in Schedule 4.'] },
  { heading: '3. Consideration and escrow', paragraphs: ['The consideration for the Shares is 38,500,000 pounds, of which 3,850,000 pounds (the Escrow Amount) shall be paid at Completion into the escrow account held by the Escrow Agent.', 'The Escrow Agent shall release the Escrow Amount to the Seller eighteen months after Completion, less any amount claimed by the Buyer in good faith under the Warranties.', 'Interest accrued on the escrow account follows the Escrow Amount.'] },
  { heading: '4. Claims against the escrow', paragraphs: ['A claim notified before the release date is paid from the escrow account on a joint instruction of the parties, or on a final judgment, to the Escrow Agent.', 'No claim may be made for less than 25,000 pounds.'] },
  { heading: '9. Governing law', paragraphs: ['This Agreement is governed by the law of England and Wales. The courts of England have exclusive jurisdiction.'] },
];
const DISCLOSURE = [
  { heading: 'Disclosure Letter', paragraphs: ['This letter discloses matters against the Warranties. The Seller discloses that the escrow arrangements of the 2021 warehouse lease remain in place until March 2027.', 'General disclosures: the contents of the data room as at the date of this letter.'] },
];
const BID_B = [
  { heading: 'Buyer B: indicative offer', paragraphs: ['Buyer B offers 41,000,000 pounds with no escrow holdback. Our walk-away price is 36,000,000 pounds and we can close in six weeks.'] },
];

async function textReady(call: ReturnType<typeof ownerApi>['call'], ids: string[]) {
  for (const id of ids) await expect.poll(async () => (await call('GET', `/v1/documents/${id}`)).text_status, { timeout: 120_000 }).toBe('ready');
}

async function enterAs(page: Page, url: string, email: string) {
  await page.goto(url);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('room-view')).toBeVisible();
}

/** `/` focuses the room's box: true once the page has hydrated (before, the key does nothing, and text filled in is never searched). */
async function slashFocuses(page: Page, box: Locator) {
  await expect(async () => {
    await page.keyboard.press('/');
    await expect(box).toBeFocused({ timeout: 500 });
  }).toPass();
}

const pageReady = (page: Page) => expect.poll(() => page.getByTestId('page-image').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);

test('a visitor searches a room and finds words in its documents, only what their group may view', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const { call, upload } = ownerApi('viewer-search');
  const room = await call('POST', '/v1/datarooms', { name: 'Project Heron', description: 'Sale of Heron Logistics Limited' });
  const legal = await call('POST', `/v1/datarooms/${room.id}/folders`, { name: 'Legal' });
  const bids = await call('POST', `/v1/datarooms/${room.id}/folders`, { name: 'Bids' });
  const [spa, disclosure, bidB] = await Promise.all([
    upload('Share Purchase Agreement.pdf', 'application/pdf', await contractPdf('Share Purchase Agreement', SPA)),
    upload('Disclosure Letter.pdf', 'application/pdf', await contractPdf('Disclosure Letter', DISCLOSURE)),
    upload('Buyer B offer.pdf', 'application/pdf', await contractPdf('Buyer B offer', BID_B)),
  ]);
  await textReady(call, [spa.id, disclosure.id, bidB.id]);
  const placed = {
    spa: await call('POST', `/v1/datarooms/${room.id}/documents`, { document_id: spa.id, folder_id: legal.id }),
    disclosure: await call('POST', `/v1/datarooms/${room.id}/documents`, { document_id: disclosure.id, folder_id: legal.id }),
    bidB: await call('POST', `/v1/datarooms/${room.id}/documents`, { document_id: bidB.id, folder_id: bids.id }),
  };
  const group = async (name: string, visible: string[]) => {
    const g = await call('POST', `/v1/datarooms/${room.id}/groups`, { name, allow_all: true });
    const all = (await call('GET', `/v1/datarooms/${room.id}/groups/${g.id}/permissions`)).data.map((p: any) => ({ item_id: p.item_id, can_view: visible.includes(p.item_id) }));
    await call('PUT', `/v1/datarooms/${room.id}/groups/${g.id}/permissions`, { permissions: all });
    return g;
  };
  const groupA = await group('Buyer A', [placed.spa.id, placed.disclosure.id]);
  const groupB = await group('Buyer B', [placed.bidB.id, placed.disclosure.id]);
  const linkOf = async (g: any) => (await call('POST', '/v1/links', { dataroom_id: room.id, audience_type: 'group', group_id: g.id, email_protected: true, email_authenticated: false })).url as string;
  const [urlA, urlB] = [await linkOf(groupA), await linkOf(groupB)];
  const neverB = async (p: Page) => {
    const text = await p.locator('body').innerText();
    expect(text).not.toMatch(/Buyer B offer|walk-away|41,000,000|holdback/);
  };

  // Group A: `/` focuses the room's box; hits drop down as they type.
  await enterAs(page, urlA, 'ada@buyer-a.example');
  const box = page.getByRole('combobox', { name: 'Search this room' });
  await slashFocuses(page, box);
  await box.pressSequentially('escrow', { delay: 30 });
  const options = page.getByTestId('room-search-option');
  await expect(options.first()).toBeVisible();
  await expect(page.getByTestId('room-search-list')).toContainText('Share Purchase Agreement.pdf');
  await expect(page.getByTestId('room-search-list')).toContainText('Disclosure Letter.pdf');
  await expect(options.first().locator('mark').first()).toHaveText(/escrow/i);
  await neverB(page);
  await shot(page, '220-viewer-search-live');
  // Arrows move through the hits (the box keeps the focus).
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
  await box.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await box.press('Escape');
  await expect(page.getByTestId('room-search-list')).toBeHidden();

  // Enter with no hit chosen: the results page (names, then pages with their snippets).
  await box.press('Enter');
  await expect(page.getByTestId('room-results')).toBeVisible();
  await expect(page).toHaveURL(/\?q=escrow/);
  const hits = page.getByTestId('room-hit');
  await expect(hits).toHaveCount(3);
  // Relevance orders the pages; the set is what matters.
  expect((await hits.getByTestId('room-hit-name').allInnerTexts()).sort()).toEqual(['1.1 Share Purchase Agreement.pdf', '1.1 Share Purchase Agreement.pdf', '1.2 Disclosure Letter.pdf']);
  await expect(hits.first().locator('mark').first()).toBeVisible();
  await neverB(page);
  await shot(page, '221-viewer-search-results');
  // Nothing of B's: its words find nothing.
  await page.goto(`${urlA}?q=walk-away`);
  await expect(page.getByTestId('room-results')).toContainText('Nothing matches your search.');
  await page.goBack();

  // Keyboard: down from the box into the results, Enter opens the page of the hit.
  await box.focus();
  await box.press('ArrowDown');
  const spaHit = hits.filter({ hasText: 'Share Purchase Agreement.pdf' }).filter({ hasText: 'Page 2' });
  await expect(page.locator('a[data-nav]').first()).toBeFocused();
  await spaHit.getByRole('link').click();

  // The document opens at that page with the words found and highlighted.
  await expect(page.getByTestId('document-viewer')).toBeVisible();
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 2 of 4');
  await pageReady(page);
  const findInput = page.getByTestId('find-input');
  await expect(findInput).toHaveValue('escrow');
  await expect(page.getByTestId('find-count')).toHaveText(/^1 of \d+$/);
  const total = Number((await page.getByTestId('find-count').innerText()).split(' of ')[1]);
  expect(total).toBeGreaterThanOrEqual(7);
  const marks = page.getByTestId('find-highlight');
  await expect(marks.first()).toBeVisible();
  expect(await marks.count()).toBeGreaterThanOrEqual(5);
  await expect(page.locator('[data-testid="find-highlight"][data-current]')).toHaveCount(1);
  // The marks sit where the words are: the first is the heading's "escrow", near the page's top
  // (the heading's baseline is 92 pt below the top of an 842 pt page) and right of its start.
  const frame = (await page.getByTestId('page-frame').boundingBox())!;
  const first = (await marks.first().boundingBox())!;
  expect((first.y - frame.y) / frame.height).toBeGreaterThan(0.06);
  expect((first.y + first.height - frame.y) / frame.height).toBeLessThan(0.13);
  expect((first.x - frame.x) / frame.width).toBeGreaterThan(0.3);
  expect(first.x + first.width).toBeLessThan(frame.x + frame.width);
  await expect(page.getByTestId('thumbnail-match')).toHaveText(['2', '3']);
  await shot(page, '222-viewer-find-highlights');

  // Enter steps through the matches across pages; Shift+Enter goes back; Escape closes.
  await findInput.focus();
  const onPage2 = await page.locator('[data-testid="find-highlight"]').count();
  for (let i = 1; i < onPage2; i++) await findInput.press('Enter');
  await expect(page.getByTestId('find-count')).toHaveText(`${onPage2} of ${total}`);
  await findInput.press('Enter');
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 3 of 4');
  await expect(page.getByTestId('find-count')).toHaveText(`${onPage2 + 1} of ${total}`);
  await findInput.press('Shift+Enter');
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 2 of 4');
  await findInput.press('Escape');
  await expect(marks).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]q=/);

  // Ctrl+F focuses the find box; the search starts from the page being read.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+f');
  await expect(findInput).toBeFocused();
  await findInput.fill('claim');
  await expect(page.getByTestId('find-count')).toHaveText(/^1 of \d+$/);
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 2 of 4');
  await findInput.fill('heron');
  await expect(page.getByTestId('find-count')).toHaveText('1 of 1');
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 of 4');
  await findInput.fill('nothing-like-this');
  await expect(page.getByTestId('find-count')).toHaveText('No matches');
  await neverB(page);

  // On a phone: the results, the box's hits, and the find across the top with the marks.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await phone.addCookies(await page.context().cookies());
  const p2 = await phone.newPage();
  await p2.goto(`${urlA}?q=escrow`);
  await expect(p2.getByTestId('room-hit')).toHaveCount(3);
  await shot(p2, '223-viewer-search-results-phone');
  const phoneBox = p2.getByRole('combobox', { name: 'Search this room' });
  await slashFocuses(p2, phoneBox);
  await phoneBox.fill('escrow agent');
  await expect(p2.getByTestId('room-search-option').first()).toBeVisible();
  await neverB(p2);
  await shot(p2, '224-viewer-search-live-phone');
  await p2.goto(`${urlA}/d/${placed.spa.id}?page=3&q=escrow`);
  await expect(p2.getByTestId('find-bar')).toBeVisible();
  await expect(p2.getByTestId('find-count')).toHaveText(/^\d+ of \d+$/);
  await pageReady(p2);
  await expect(p2.getByTestId('find-highlight').first()).toBeVisible();
  await shot(p2, '225-viewer-find-phone');
  // Closed, the bottom bar's button opens it again.
  await p2.getByTestId('find-close').click();
  await expect(p2.getByTestId('find-bar')).toBeHidden();
  await p2.getByTestId('find-open').click();
  await expect(p2.getByTestId('find-input')).toBeFocused();
  await phone.close();

  // Group B sees their own bid and the shared letter; never group A's agreement.
  const other = await browser.newContext();
  const p3 = await other.newPage();
  await enterAs(p3, urlB, 'bob@buyer-b.example');
  const boxB = p3.getByRole('combobox', { name: 'Search this room' });
  await slashFocuses(p3, boxB);
  await boxB.fill('escrow');
  await expect(p3.getByTestId('room-search-list')).toContainText('Buyer B offer.pdf');
  await expect(p3.getByTestId('room-search-list')).toContainText('Disclosure Letter.pdf');
  await expect(p3.getByTestId('room-search-list')).not.toContainText('Share Purchase Agreement');
  await boxB.press('Enter');
  await expect(p3.getByTestId('room-hit')).toHaveCount(2);
  await expect(p3.locator('body')).not.toContainText(/Share Purchase|Escrow Agent|38,500,000/);
  await shot(p3, '226-viewer-search-results-group-b');
  await other.close();
});
