// The redaction editor (issue 37): from the document page, words found on every page, personal
// data found by pattern and accepted or declined one by one, a box dragged on a page, a mark
// removed, then apply: the page says it was verified, the document's new primary version has
// nothing left under the marks (read back with pdftotext) and keeps what was declined. Desktop
// and phone. Screenshots 310-314.
import { expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { api as get, roomsOwner, shot, test, textPdf } from './support';

const PAGES = [
  [
    'Project Falcon is the code name of the proposed acquisition of Heron Logistics by Kestrel Holdings.',
    'Questions on the process go to jane.doe@falcon-advisory.example or to the adviser’s office, and the buyer’s counsel is reached at counsel@kestrel.example by phone.',
  ],
  ['Closing of Project Falcon is expected in March, subject to the approvals listed in the disclosure letter.', 'Signed for the seller by the managing director.'],
];

test('a document is redacted in the dashboard: words, personal data accepted and declined, a drawn box; applied and verified', async ({ page, browser }) => {
  const owner = await roomsOwner(page, 'Falcon Advisory');
  const doc = await owner.upload('Term sheet.pdf', 'application/pdf', await textPdf('Term sheet', PAGES));
  await expect.poll(async () => (await owner.call('GET', `/v1/documents/${doc.id}`)).text_status, { timeout: 60_000 }).toBe('ready');

  await page.goto(`/documents/${doc.id}`);
  await page.getByRole('link', { name: 'Redact' }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${doc.id}/redact$`));
  await expect(page.getByRole('heading', { name: 'Redact', level: 1 })).toBeVisible();
  await expect(page.getByTestId('pdf-page').first()).toHaveAttribute('data-drawn', 'true');
  await expect(page.getByRole('button', { name: 'Apply redaction' })).toHaveCount(0);
  await shot(page, '310-redaction-start');

  // Words: every occurrence, on both pages.
  await page.getByLabel('Words to remove').fill('project falcon');
  await page.getByLabel('Words to remove').press('Enter');
  const rows = page.getByTestId('redaction-mark-row');
  await expect(rows.filter({ hasText: 'Project Falcon' })).toHaveCount(2);
  await expect(page.getByTestId('redaction-terms')).toContainText(/project falcon/i);
  await expect(page.getByTestId('redaction-layer').first().getByTestId('redaction-mark')).toHaveCount(1);

  // Personal data: found, then accepted or declined; applying waits for every decision.
  await page.getByLabel('Email addresses').check();
  await page.getByRole('button', { name: 'Find personal data' }).click();
  const found = page.getByTestId('redaction-suggestion');
  await expect(found).toHaveCount(2);
  await expect(page.getByLabel('Email addresses')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Apply redaction' })).toBeDisabled();
  await expect(page.getByText('Accept or decline what was found first.')).toBeVisible();
  await shot(page, '311-redaction-review');
  await page.getByRole('button', { name: 'Accept jane.doe@falcon-advisory.example on page 1' }).click();
  await page.getByRole('button', { name: 'Decline counsel@kestrel.example on page 1' }).click();
  await expect(found).toHaveCount(0);
  await expect(rows).toHaveCount(3);

  // A box dragged over the signature line of page 2.
  await page.getByRole('button', { name: 'Draw boxes' }).click();
  await expect(page.getByRole('button', { name: 'Drawing boxes: on' })).toHaveAttribute('aria-pressed', 'true');
  const second = page.locator('[data-testid="redaction-layer"][data-page="2"]');
  // Its top in view (a page is taller than the window).
  await second.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const b = (await second.boundingBox())!;
  await page.mouse.move(b.x + b.width * 0.08, b.y + b.height * 0.12);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width * 0.5, b.y + b.height * 0.2, { steps: 6 });
  await page.mouse.up();
  await expect(rows.and(page.locator('[data-source="box"]'))).toHaveCount(1);
  await expect(second.getByTestId('redaction-mark')).toHaveCount(2);

  // A second box, then removed again from the list, by keyboard.
  await page.mouse.move(b.x + b.width * 0.6, b.y + b.height * 0.3);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width * 0.8, b.y + b.height * 0.38, { steps: 4 });
  await page.mouse.up();
  await expect(rows.and(page.locator('[data-source="box"]'))).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove the mark on page 2' }).last().focus();
  await page.keyboard.press('Enter');
  await expect(rows.and(page.locator('[data-source="box"]'))).toHaveCount(1);
  await expect(rows).toHaveCount(4);

  await page.getByLabel('Reason (optional)').fill('Buyer data room: code names and contacts');
  await page.getByLabel('Reason (optional)').blur();
  await shot(page, '312-redaction-marked');

  // Apply: confirmed, then verified.
  await page.getByRole('button', { name: 'Apply redaction' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Apply 4 marks?');
  await dialog.getByRole('button', { name: 'Apply redaction' }).click();
  const status = page.getByTestId('redaction-status');
  await expect(status).toHaveAttribute('data-status', 'applied', { timeout: 90_000 });
  await expect(page.getByTestId('redaction-verification')).toHaveText('2 pages read back: 0 characters left under the marks.');
  await shot(page, '313-redaction-applied');

  // The new primary version: nothing under the marks, the declined address kept.
  const [redaction] = (await owner.call('GET', `/v1/documents/${doc.id}/redactions`)).data;
  expect(redaction).toMatchObject({ status: 'applied', reason: 'Buyer data room: code names and contacts' });
  const file = await fetch(`${process.env.QUIRE_E2E_ORIGIN}/v1/documents/${doc.id}/versions/${redaction.result_version_id}/download`, { headers: { Authorization: `Bearer ${owner.token}` } });
  expect(file.status).toBe(200);
  const text = execFileSync('pdftotext', ['-', '-'], { input: Buffer.from(await file.arrayBuffer()) }).toString();
  expect(text).not.toMatch(/falcon/i);
  expect(text).toContain('counsel@kestrel.example');
  expect(text).toContain('Heron Logistics');
  const versions = (await get(`/v1/documents/${doc.id}/versions`, owner.token)).body.data;
  expect(versions).toHaveLength(2);
  expect(versions.find((v: { is_primary: boolean }) => v.is_primary).id).toBe(redaction.result_version_id);

  // Back on the document page, the redacted version is the primary.
  await page.getByRole('link', { name: 'Open the document' }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${doc.id}$`));

  // Phone width: the tools stack under the pages.
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await page.context().storageState() })).newPage();
  const other = await owner.upload('Letter.pdf', 'application/pdf', await textPdf('Letter', [PAGES[1]!]));
  await phone.goto(`/documents/${other.id}/redact`);
  await expect(phone.getByTestId('pdf-page').first()).toHaveAttribute('data-drawn', 'true');
  await expect(phone.getByRole('button', { name: 'Draw boxes' })).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await shot(phone, '314-redaction-phone', { fullPage: true });
});

test('a document without pages to redact says so', async ({ page }) => {
  const owner = await roomsOwner(page, 'Falcon Links');
  const link = await owner.call('POST', '/v1/documents', { type: 'link', external_url: 'https://example.com/teaser', name: 'Teaser page' });
  await page.goto(`/documents/${link.id}`);
  await expect(page.getByRole('heading', { name: 'Teaser page' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Redact' })).toHaveCount(0);
  await page.goto(`/documents/${link.id}/redact`);
  await expect(page.getByText('This document cannot be redacted')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the document' })).toBeVisible();
});
