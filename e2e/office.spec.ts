// Office files in the browser (issue 22): a visitor opens a Word document while it is still being
// converted, sees the "preparing" card, and the pages replace it without a reload; the owner's
// dashboard shows the converted pages, and the reason a hostile file cannot be shown.
// A spreadsheet's pages name their sheet; a password-protected file says why to the owner and
// nothing but "cannot be shown" to a visitor. Screenshots 120-124, 150-154.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { zip } from '../server/lib/zip';
import { docx, xlsxSheets } from '../tests/support/office';
import { adminCommand, ownerApi, shot, signIn, test, uniqueEmail } from './support';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

test('a docx shows "preparing", then its pages without a reload; the owner sees pages and a failed file\'s reason', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { team, call, upload } = ownerApi('office-e2e');
  // One conversion runs at a time: a long document first keeps the next one queued while the visitor arrives.
  const blocker = await upload('Appendix.docx', DOCX, await docx(Array.from({ length: 60 }, (_, i) => `Appendix page ${i + 1}`)));
  const plan = await upload('Business plan.docx', DOCX, await docx(['Business plan: page one summary', 'Page two: the market', 'Page three: the team']));
  expect(plan.preview_status).toBe('processing');
  const link = await call('POST', '/v1/links', { document_id: plan.id, name: 'Plan', allow_download: false });

  const visitor = await browser.newPage();
  await visitor.goto(link.url);
  await expect(visitor.getByTestId('preview-processing')).toBeVisible();
  await shot(visitor, '120-viewer-office-preparing');
  await visitor.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  // The pages arrive in place: same document, no navigation.
  await expect(visitor.getByTestId('page-image').first()).toBeVisible({ timeout: 120_000 });
  expect(await visitor.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await expect(visitor.getByTestId('page-indicator')).toContainText('3');
  await expect(visitor.getByTestId('preview-processing')).toHaveCount(0);
  await shot(visitor, '121-viewer-office-pages');
  await visitor.setViewportSize({ width: 390, height: 844 });
  await shot(visitor, '122-viewer-office-phone');

  // A file that can never be shown says why, to the owner.
  const bomb = zip([
    { name: '[Content_Types].xml', bytes: Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>') },
    { name: 'word/document.xml', bytes: Buffer.alloc(64 * 1024 * 1024, 0x20) },
  ]);
  const bad = await upload('Suspicious.docx', DOCX, bomb);

  const owner = uniqueEmail('office-owner');
  adminCommand(['team', 'add-member', team, owner, '--role', 'admin']);
  await page.goto('/signin');
  await signIn(page, owner);
  await expect(page).toHaveURL(/\/documents$/);
  await page.goto(`/documents/${plan.id}`);
  await expect(page.getByTestId('pdf-preview')).toHaveAttribute('aria-label', /, 3 pages$/, { timeout: 60_000 });
  await shot(page, '123-dashboard-office-preview');
  await page.goto(`/documents/${bad.id}`);
  await expect(page.getByTestId('preview-error')).toContainText('zip bomb', { timeout: 60_000 });
  await expect(page.getByText('This file cannot be previewed')).toBeVisible();
  await shot(page, '124-dashboard-office-failed');
  void blocker;
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The page image of page `n` has loaded (its pixels are there, not the placeholder). */
const pageShown = (p: Page, n: number) =>
  expect
    .poll(() => p.getByTestId('page-image').first().evaluate((i: HTMLImageElement, want) => i.complete && i.naturalWidth > 0 && i.currentSrc.includes(`/pages/${want}?`), n), { timeout: 60_000 })
    .toBe(true);

test('a spreadsheet: each page names its sheet, the wide sheet fits the page; a password-protected file explains itself to the owner only', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { team, call, upload } = ownerApi('office-sheets-e2e');
  const wide = [Array.from({ length: 40 }, (_, i) => `Q${(i % 4) + 1} ${2020 + Math.floor(i / 4)}`), ...Array.from({ length: 24 }, (_, r) => Array.from({ length: 40 }, (_, i) => String((r + 1) * 1000 + i * 37)))];
  const book = await upload(
    'Financial model.xlsx',
    XLSX,
    await xlsxSheets([
      { name: 'Summary', rows: [['Financial model', ''], ['Revenue 2029', '12,400,000'], ['EBITDA 2029', '3,100,000'], ['Cash at close', '4,800,000']] },
      { name: 'Quarterly detail', rows: wide },
      { name: 'Assumptions', rows: [['Growth', '18%'], ['Churn', '4%'], ['Discount rate', '11%']] },
    ]),
  );
  const locked = await upload('Locked terms.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', fs.readFileSync(path.join(__dirname, '../tests/fixtures/encrypted/locked.docx')));
  const link = await call('POST', '/v1/links', { document_id: book.id, name: 'Model', allow_download: false });
  const lockedLink = await call('POST', '/v1/links', { document_id: locked.id, name: 'Locked', allow_download: true });

  const visitor = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await visitor.goto(link.url);
  await expect(visitor.getByTestId('page-image').first()).toBeVisible({ timeout: 120_000 });
  await expect(visitor.getByTestId('page-indicator')).toContainText('1');
  await expect(visitor.getByTestId('page-sheet')).toHaveText('Sheet: Summary');
  await visitor.getByTestId('page-next').click();
  await expect(visitor.getByTestId('page-sheet')).toHaveText('Sheet: Quarterly detail');
  await pageShown(visitor, 2);
  await shot(visitor, '150-viewer-sheet-wide');
  await visitor.setViewportSize({ width: 390, height: 844 });
  await expect(visitor.getByTestId('page-sheet')).toBeVisible();
  await pageShown(visitor, 2);
  await shot(visitor, '151-viewer-sheet-phone');
  await visitor.getByTestId('page-next').click();
  await expect(visitor.getByTestId('page-sheet')).toHaveText('Sheet: Assumptions');

  // The visitor of the locked file: a card and the download, never the reason.
  const other = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await other.goto(lockedLink.url);
  await expect(other.getByTestId('file-card')).toBeVisible({ timeout: 60_000 });
  await expect(other.getByTestId('file-card')).toContainText('This file cannot be shown here.');
  await expect(other.getByTestId('download')).toBeVisible();
  await expect(other.locator('body')).not.toContainText('password');
  await shot(other, '152-viewer-locked-file');

  const owner = uniqueEmail('office-sheets-owner');
  adminCommand(['team', 'add-member', team, owner, '--role', 'admin']);
  await page.goto('/signin');
  await signIn(page, owner);
  await expect(page).toHaveURL(/\/documents$/);
  await page.goto(`/documents/${locked.id}`);
  await expect(page.getByTestId('preview-error')).toContainText('password-protected', { timeout: 60_000 });
  await shot(page, '153-dashboard-locked-file');
  await page.goto(`/documents/${book.id}`);
  await expect(page.getByTestId('pdf-preview')).toHaveAttribute('aria-label', /, 3 pages$/, { timeout: 60_000 });
  await shot(page, '154-dashboard-sheet-preview');
});
