// The library at work: many documents (keyset pages), search, folders created, renamed,
// nested, moved and deleted, documents renamed and deleted, and files dropped onto the page.
import { expect } from '@playwright/test';
import { api, createTeam, makePdf, shot, signIn, uniqueEmail, test } from './support';

test('the library pages, searches, and organises documents and folders', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page, uniqueEmail('librarian'));
  await createTeam(page, 'Library Works');

  // A full-access token fills the library through /v1.
  await page.getByRole('link', { name: 'API tokens' }).click();
  await page.getByRole('button', { name: 'Create token' }).first().click();
  await page.getByLabel('Name').fill('Seeder');
  await page.getByRole('button', { name: 'Create token' }).last().click();
  const token = (await page.getByTestId('new-token').textContent())!.trim();
  await page.getByRole('button', { name: 'Done, I have copied it' }).click();
  await expect(page.getByTestId('token-row')).toContainText('Full access');
  const TOTAL = 55;
  for (let i = 1; i <= TOTAL; i++) {
    const r = await api('/v1/documents', token, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'link', external_url: `https://example.com/library/${i}`, name: `Doc ${i}` }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }

  // Fifty per page; the next page loads as the end of the list scrolls into view.
  await page.getByRole('link', { name: 'Documents' }).first().click();
  const rows = page.getByTestId('document-row');
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText(`Doc ${TOTAL}`);
  await rows.nth(49).scrollIntoViewIfNeeded();
  await expect(rows).toHaveCount(TOTAL);
  await expect(page.getByText(`${TOTAL} documents`)).toBeVisible();
  await page.getByLabel('Sort documents').selectOption('name_desc');
  await expect(rows.first()).toContainText('Doc 9');
  await page.getByLabel('Sort documents').selectOption('created_desc');

  // Search covers every folder and says so.
  await page.keyboard.press('/');
  await page.keyboard.type('doc 5');
  await expect(page.getByText('Names and text in all folders matching')).toBeVisible();
  await expect(rows).toHaveCount(7); // Doc 5 and Doc 50 to Doc 55
  await shot(page, '21-library-search');
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(rows).toHaveCount(TOTAL);

  // Folders: create, nest, rename, move.
  await page.getByRole('button', { name: 'New folder' }).click();
  await page.getByLabel('Folder name').fill('Deals');
  await page.getByRole('button', { name: 'Create folder' }).click();
  const deals = page.getByTestId('folder-row').filter({ hasText: 'Deals' });
  await deals.getByRole('button', { name: 'Actions for folder Deals' }).click();
  await page.getByRole('menuitem', { name: 'New subfolder' }).click();
  await page.getByLabel('Folder name').fill('Closed');
  await page.getByRole('button', { name: 'Create folder' }).click();
  await expect(deals).toContainText('1 folder');
  await deals.getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Deals', level: 1 })).toBeVisible();
  const closed = page.getByTestId('folder-row').filter({ hasText: 'Closed' });
  await closed.getByRole('button', { name: 'Actions for folder Closed' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.getByLabel('Folder name').fill('Closed 2025');
  await page.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByTestId('folder-row').filter({ hasText: 'Closed 2025' })).toBeVisible();
  await page.getByRole('button', { name: 'Actions for folder Closed 2025' }).first().click();
  await page.getByRole('menuitem', { name: 'Move to…' }).click();
  await expect(page.getByRole('dialog').getByRole('radio', { name: /Deals/ })).toHaveCount(1);
  await page.getByRole('dialog').getByRole('radio', { name: 'Documents (top level)' }).click();
  await shot(page, '22-move-folder');
  await page.getByRole('button', { name: 'Move here' }).click();
  await expect(page.getByTestId('folder-row')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'This folder is empty' })).toBeVisible();

  // Files dropped on the page upload into the open folder.
  const pdf = (await makePdf('Dropped', 1)).toString('base64');
  const dataTransfer = await page.evaluateHandle((b64) => {
    const dt = new DataTransfer();
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    dt.items.add(new File([bytes], 'Dropped.pdf', { type: 'application/pdf' }));
    return dt;
  }, pdf);
  const zone = page.getByRole('region', { name: 'Folder contents' });
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await expect(page.getByText('Drop files to upload to Deals')).toBeVisible();
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByTestId('upload-item').filter({ hasText: 'Dropped.pdf' })).toContainText('Uploaded');
  await expect(rows).toHaveCount(1);

  // Rename and delete documents.
  await page.getByRole('button', { name: 'Actions for Dropped.pdf' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.getByLabel('Document name').fill('Signed term sheet.pdf');
  await page.getByRole('button', { name: 'Rename' }).click();
  await expect(rows.first()).toContainText('Signed term sheet.pdf');

  // Deleting a folder that holds documents keeps the documents, at the top level.
  await page.getByRole('button', { name: 'Actions for folder Deals' }).first().click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('No document is deleted');
  await shot(page, '23-delete-folder');
  await page.getByRole('button', { name: 'Delete folder' }).click();
  await expect(page).toHaveURL(/\/documents$/);
  await expect(rows.filter({ hasText: 'Signed term sheet.pdf' })).toHaveCount(1);

  await page.getByRole('button', { name: 'Actions for Doc 1', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete document' }).click();
  await expect(page.getByText('Deleted “Doc 1”.')).toBeVisible();
  const gone = await api('/v1/documents/search?q=Doc%201', token);
  expect(gone.body.data.map((d: { name: string }) => d.name)).not.toContain('Doc 1');
});
