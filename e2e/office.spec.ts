// Office files in the browser (issue 22): a visitor opens a Word document while it is still being
// converted, sees the "preparing" card, and the pages replace it without a reload; the owner's
// dashboard shows the converted pages, and the reason a hostile file cannot be shown.
// Screenshots 120-124.
import { expect } from '@playwright/test';
import { zip } from '../server/lib/zip';
import { docx } from '../tests/support/office';
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
