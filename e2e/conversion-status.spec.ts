// A document's conversion outside its viewer (issue 41 item 8): the library row says
// "Converting" and then the page count without a reload, the document's Details card follows the
// conversion without a reload, a failed conversion says so in the row, and a video shows its
// length, never "1 page". Screenshots 200-203.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { zip } from '../server/lib/zip';
import { docx } from '../tests/support/office';
import { adminCommand, ownerApi, shot, signIn, test, uniqueEmail } from './support';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const WEBM = fs.readFileSync(path.join(__dirname, '..', 'tests', 'fixtures', 'countdown.webm'));
const pages = (n: number, label: string) => Array.from({ length: n }, (_, i) => `${label} page ${i + 1}`);

const row = (page: Page, name: string) => page.getByTestId('document-row').filter({ hasText: name });
/** A row's Length column (the phone layout repeats it under the name). */
const length = (page: Page, name: string) => row(page, name).getByTestId('document-length');
/** Marks the page; `stayed` tells later that no reload or navigation happened since. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
const stayed = (page: Page) => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);

test('conversion status in the library and the Details card, without a reload; a video’s length, not pages', async ({ page }) => {
  test.setTimeout(420_000);
  const { team, upload, uploadPdf } = ownerApi('conversion-status');
  // Signed in first: the files are uploaded just before the library is opened, so the plan is
  // still waiting for its conversion when the page looks (signing in took longer than two
  // conversions on a slow machine).
  const owner = uniqueEmail('conversion-owner');
  adminCommand(['team', 'add-member', team, owner, '--role', 'admin']);
  await page.goto('/signin');
  await signIn(page, owner);
  await expect(page).toHaveURL(/\/documents$/);

  // One conversion runs at a time: a long document first keeps the next one queued.
  await upload('Appendix.docx', DOCX, await docx(pages(80, 'Appendix')));
  const plan = await upload('Business plan.docx', DOCX, await docx(pages(3, 'Plan')));
  expect(plan.preview_status).toBe('processing');
  await uploadPdf('Teaser.pdf', 1);
  const video = await upload('Walkthrough.webm', 'video/webm', WEBM);
  expect(video).toMatchObject({ type: 'video', num_pages: 2 });
  await page.goto('/documents');

  // The library: converting, one page (not "1"), and the video's length (0:14, not a page count).
  await expect(length(page, 'Business plan.docx').getByTestId('document-converting')).toBeVisible();
  await expect(length(page, 'Teaser.pdf')).toHaveText('1 page');
  await expect(length(page, 'Walkthrough.webm')).toHaveText('0:14');
  await shot(page, '200-library-converting');

  // The Details card follows the conversion without a reload.
  await row(page, 'Business plan.docx').getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/documents/${plan.id}$`));
  await expect(page.getByTestId('document-details-length')).toContainText('Converting');
  await mark(page);
  await expect(page.getByTestId('document-details-length')).toHaveText('3 pages', { timeout: 200_000 });
  expect(await stayed(page)).toBe(true);
  await shot(page, '201-details-converted');

  // A video's Details give its length.
  await page.goto(`/documents/${video.id}`);
  await expect(page.getByTestId('document-details-length')).toHaveText('0:14');

  // Back in the library, a new conversion turns from "Converting" into its pages in place, and a
  // file that cannot be converted says so.
  const bomb = zip([
    { name: '[Content_Types].xml', bytes: Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>') },
    { name: 'word/document.xml', bytes: Buffer.alloc(64 * 1024 * 1024, 0x20) },
  ]);
  await upload('Suspicious.docx', DOCX, bomb);
  // The long one right before the memo, the page opened right after: the memo waits its turn.
  await upload('Data room index.docx', DOCX, await docx(pages(60, 'Index')));
  const memo = await upload('Memo.docx', DOCX, await docx(pages(2, 'Memo')));
  expect(memo.preview_status).toBe('processing');
  await page.goto('/documents');
  await expect(length(page, 'Memo.docx').getByTestId('document-converting')).toBeVisible();
  await mark(page);
  await expect(length(page, 'Memo.docx')).toHaveText('2 pages', { timeout: 200_000 });
  await expect(length(page, 'Suspicious.docx').getByTestId('document-preview-failed')).toBeVisible({ timeout: 60_000 });
  expect(await stayed(page)).toBe(true);
  await shot(page, '202-library-converted-and-failed');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, '203-library-phone');
});
