// Hiding a room folder from a group (issue 41 item 1): a folder whose items were set one by one
// shows as partly visible; unchecking it asks first, then hides it and everything inside, and a
// visitor of that group no longer sees the folder or its documents. Screenshots 210-212.
import { expect } from '@playwright/test';
import { roomsOwner, shot, test } from './support';

test('unchecking a partly visible folder asks, then hides it and all inside from the group’s visitors', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { call, uploadPdf } = await roomsOwner(page, 'Harbor Advisors');
  const room = await call('POST', '/v1/datarooms', { name: 'Project Harbor' });
  const legal = await call('POST', `/v1/datarooms/${room.id}/folders`, { name: '2. Legal' });
  const place = async (name: string, folder_id?: string) =>
    call('POST', `/v1/datarooms/${room.id}/documents`, { document_id: (await uploadPdf(name, 1)).id, folder_id });
  await place('Teaser.pdf');
  const spa = await place('Share purchase agreement.pdf', legal.id);
  const side = await place('Side letter.pdf', legal.id);
  const buyerA = await call('POST', `/v1/datarooms/${room.id}/groups`, { name: 'Buyer A', domains: ['buyer-a.example'] });
  // Set one by one: the side letter hidden, the agreement downloadable.
  await call('PUT', `/v1/datarooms/${room.id}/groups/${buyerA.id}/permissions`, {
    permissions: [
      { item_id: side.id, can_view: false },
      { item_id: spa.id, can_download: true },
    ],
  });
  const link = await call('POST', '/v1/links', { dataroom_id: room.id, audience_type: 'group', group_id: buyerA.id, name: 'Buyer A', email_authenticated: false });

  // Buyer A's visitor sees the folder and the agreement in it.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(new URL(link.url).pathname);
  await visitor.getByLabel('Email address').fill('olivia@buyer-a.example');
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await expect(visitor.getByTestId('room-folder').filter({ hasText: '2. Legal' })).toBeVisible();
  await expect(visitor.getByTestId('room-document').filter({ hasText: 'Teaser.pdf' })).toBeVisible();

  // The folder shows as partly visible.
  await page.goto(`/datarooms/${room.id}?tab=permissions`);
  const folderView = page.getByRole('checkbox', { name: '2. Legal: view' });
  await expect(folderView).toBeChecked({ indeterminate: true });
  const legalRow = page.getByTestId('permission-row').filter({ hasText: '2. Legal' });
  await expect(legalRow.getByTestId('folder-partial')).toHaveText('Partly visible: 1 of 2 inside');
  await shot(page, '210-permissions-folder-partial');

  // Unchecking it asks first, saying what was set one by one.
  await folderView.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: 'Hide “2. Legal” and everything in it?' })).toBeVisible();
  await expect(dialog).toContainText('The 2 items inside were set one by one: 1 is visible to Buyer A, 1 downloadable.');
  await shot(page, '211-permissions-folder-hide-confirm');
  // Cancel changes nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(folderView).toBeChecked({ indeterminate: true });
  await folderView.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Hide folder' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByTestId('permissions-status')).toHaveText('Saved');
  await expect(folderView).not.toBeChecked();
  await expect(folderView).toBeChecked({ checked: false, indeterminate: false });
  for (const name of ['Share purchase agreement.pdf', 'Side letter.pdf']) {
    await expect(page.getByRole('checkbox', { name: `${name}: view` })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: `${name}: download` })).not.toBeChecked();
  }
  await expect(legalRow.getByTestId('folder-partial')).toHaveCount(0);
  await shot(page, '212-permissions-folder-hidden');
  // What it said is true: the server has it.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: '2. Legal: view' })).toBeChecked({ checked: false, indeterminate: false });

  // Buyer A's visitor no longer sees the folder, nor the agreement by its address.
  await visitor.reload();
  await expect(visitor.getByTestId('room-document').filter({ hasText: 'Teaser.pdf' })).toBeVisible();
  await expect(visitor.getByTestId('room-folder')).toHaveCount(0);
  const direct = await visitor.goto(`${new URL(link.url).pathname}/d/${spa.id}`);
  expect(direct?.status()).toBe(404);
  await visitorContext.close();
});
