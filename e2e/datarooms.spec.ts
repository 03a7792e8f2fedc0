// A newcomer's data room: create a room, add library documents with the picker, make a folder
// and move a document into it by dragging, create a group with pasted members, set its
// permissions, freeze the room. Screenshots of each screen go to e2e/screenshots.
import { expect } from '@playwright/test';
import { createTeam, makePdf, shot, signIn, uniqueEmail, test, chooseFiles } from './support';

test('a newcomer builds a data room: documents, a folder, a group with members, permissions, freezing', async ({ page }) => {
  await page.goto('/');
  await signIn(page, uniqueEmail('rooms'));
  await createTeam(page, 'Falcon Partners');

  // Two library documents to put in the room.
  await chooseFiles(page.getByTestId('file-input'), [
    { name: 'Teaser.pdf', mimeType: 'application/pdf', buffer: await makePdf('Teaser', 2) },
    { name: 'Financial model.pdf', mimeType: 'application/pdf', buffer: await makePdf('Financial model', 4) },
  ]);
  await expect(page.getByTestId('document-row')).toHaveCount(2, { timeout: 30_000 });

  // The rooms list, empty, then a new room.
  await page.getByRole('link', { name: 'Data rooms' }).first().click();
  await expect(page.getByRole('heading', { name: 'No data rooms yet' })).toBeVisible();
  await shot(page, '30-rooms-empty');
  await page.getByRole('button', { name: 'New data room' }).first().click();
  await page.getByLabel('Name', { exact: true }).fill('Project Falcon');
  await page.getByLabel('Internal name (optional)').fill('Falcon — Series B');
  await shot(page, '31-room-create');
  await page.getByRole('button', { name: 'Create room' }).click();
  await expect(page.getByRole('heading', { name: 'Project Falcon' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No documents in this room yet' })).toBeVisible();
  await shot(page, '32-room-empty');

  // Add both documents with the picker.
  await page.getByRole('button', { name: 'Add documents' }).first().click();
  const picker = page.getByRole('dialog');
  await picker.getByLabel('Search the library').fill('model');
  await expect(picker.getByRole('checkbox')).toHaveCount(1);
  await picker.getByRole('checkbox').check();
  await picker.getByLabel('Search the library').fill('');
  await expect(picker.getByRole('checkbox')).toHaveCount(2);
  await expect(picker.getByRole('checkbox', { name: 'Financial model.pdf' })).toBeChecked();
  await picker.getByRole('checkbox', { name: 'Teaser.pdf' }).check();
  await shot(page, '33-room-picker');
  await picker.getByRole('button', { name: 'Add 2 documents' }).click();
  await expect(page.getByTestId('room-document-row')).toHaveCount(2);

  // A folder, then drag the teaser into it.
  await page.getByRole('button', { name: 'New folder' }).click();
  await page.getByLabel('Folder name').fill('Financials');
  await page.getByRole('button', { name: 'Create folder' }).click();
  const tree = page.getByRole('navigation', { name: 'Room folders' });
  await expect(tree.getByRole('button', { name: /Financials/ })).toBeVisible();
  await page.getByTestId('room-document-row').filter({ hasText: 'Financial model.pdf' }).dragTo(tree.getByRole('button', { name: /Financials/ }));
  await expect(page.getByTestId('room-document-row')).toHaveCount(1);
  await tree.getByRole('button', { name: /Financials/ }).click();
  await expect(page.getByTestId('room-document-row')).toHaveText(/Financial model\.pdf/);
  await shot(page, '34-room-documents');

  // A group with pasted members.
  await page.getByRole('tab', { name: 'Groups' }).click();
  await expect(page.getByRole('heading', { name: 'No viewer groups yet' })).toBeVisible();
  await page.getByRole('button', { name: 'New group' }).last().click();
  await page.getByLabel('Group name').fill('Investors');
  await page.getByRole('button', { name: 'Create group' }).click();
  await page.getByLabel('Email addresses').fill('Ada@Fund.example, grace@fund.example\nlinus@fund.example');
  await page.getByRole('button', { name: 'Add 3 members' }).click();
  await expect(page.getByTestId('group-member-row')).toHaveCount(3);
  await expect(page.getByTestId('group-member-row').first()).toContainText('ada@fund.example');
  await shot(page, '35-room-groups', { fullPage: true });

  // Permissions: hide the financials folder (the model in it too), then allow downloading the model (its folder follows).
  await page.getByRole('tab', { name: 'Permissions' }).click();
  const folderView = page.getByRole('checkbox', { name: 'Financials: view' });
  await expect(folderView).toBeChecked();
  // Each switch saves at once; click and wait for what the server answers.
  await folderView.click();
  await expect(folderView).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Financial model.pdf: view' })).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'Financial model.pdf: download' }).click();
  await expect(page.getByRole('checkbox', { name: 'Financial model.pdf: view' })).toBeChecked();
  await expect(folderView).toBeChecked();
  await shot(page, '36-room-permissions');

  // Freeze the room: content actions are disabled and say why.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await shot(page, '37-room-settings', { fullPage: true });

  // The room archive: built in the background, then a zip to download with its checksum.
  await expect(page.getByTestId('archive-status')).toContainText('No archive yet');
  await page.getByTestId('archive-start').click();
  const zipLink = page.getByTestId('archive-download');
  await expect(zipLink).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('archive-status')).toContainText('SHA-256');
  await page.getByTestId('archive-status').scrollIntoViewIfNeeded();
  await shot(page, '37b-room-archive');
  const [download] = await Promise.all([page.waitForEvent('download'), zipLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^Project-Falcon-\d{4}-\d{2}-\d{2}\.zip$/);
  await page.getByRole('button', { name: 'Freeze room' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Freeze room' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'This room is frozen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete room' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(page.getByRole('button', { name: 'Add documents' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'New folder' })).toBeDisabled();
  await shot(page, '38-room-frozen');

  // Back on the list, the room shows its counts and that it is frozen.
  await page.getByRole('link', { name: 'Data rooms' }).first().click();
  const row = page.getByTestId('room-row').filter({ hasText: 'Project Falcon' });
  await expect(row).toContainText('Frozen');
  await expect(row).toContainText('2');
  await shot(page, '39-rooms-list');

  // Phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Project Falcon' })).toBeVisible();
  await shot(page, '40-room-phone', { fullPage: true });
});
