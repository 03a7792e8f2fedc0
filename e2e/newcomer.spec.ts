// A newcomer's first session: sign in by magic link, create a team, mint a token and use it on
// /v1, upload PDFs with progress, organise them in a folder, add and promote versions, revoke
// the token. Screenshots of each main screen go to e2e/screenshots.
import { expect } from '@playwright/test';
import { api, createTeam, makePdf, shot, signIn, uniqueEmail, test, chooseFiles } from './support';

test('a newcomer signs in, sets up a team, uploads and organises documents, and manages an API token', async ({ page }) => {
  const email = uniqueEmail('newcomer');

  // Sign in and create the team.
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin/);
  await signIn(page, email, { signin: '01-sign-in', check: '02-check-email', verify: '03-verify' });
  await expect(page.getByRole('heading', { name: 'Create your team' })).toBeVisible();
  await shot(page, '04-create-team');
  await createTeam(page, 'Acme Capital');
  await expect(page.getByRole('heading', { name: 'Upload your first document' })).toBeVisible();
  await shot(page, '05-documents-empty');

  // Mint a token (shown once) from the API tokens screen.
  await page.getByRole('link', { name: 'API tokens' }).click();
  await expect(page.getByRole('heading', { name: 'No API tokens yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Create token' }).first().click();
  await page.getByLabel('Name').fill('CI pipeline');
  await page.getByRole('radio', { name: /Custom/ }).check();
  await page.getByRole('checkbox', { name: 'documents.write' }).check();
  await expect(page.getByRole('checkbox', { name: 'documents.read' })).toBeChecked();
  await shot(page, '06-create-token');
  await page.getByRole('button', { name: 'Create token' }).last().click();
  const tokenBox = page.getByTestId('new-token');
  await expect(tokenBox).toContainText('quire_live_');
  const token = (await tokenBox.textContent())!.trim();
  expect(token).toMatch(/^quire_live_[0-9A-Za-z]{40}$/);
  await expect(page.getByText('Copy this token now.')).toBeVisible();
  await shot(page, '07-token-shown-once');
  await page.getByRole('button', { name: 'Done, I have copied it' }).click();
  const row = page.getByTestId('token-row').filter({ hasText: 'CI pipeline' });
  await expect(row).toContainText(`quire_live_…${token.slice(-4)}`);
  await expect(page.getByText(token)).toHaveCount(0);

  const empty = await api('/v1/documents', token);
  expect(empty.status).toBe(200);
  expect(empty.body.data).toEqual([]);

  // Upload two PDFs at once; the uploads go straight to the presigned URL with a progress bar.
  await page.getByRole('link', { name: 'Documents' }).first().click();
  await expect(page.getByRole('heading', { name: 'Upload your first document' })).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
  await chooseFiles(page.getByTestId('file-input'), [
    { name: 'Quarterly report.pdf', mimeType: 'application/pdf', buffer: await makePdf('Quarterly report', 1, 1_200_000) },
    { name: 'Appendix.pdf', mimeType: 'application/pdf', buffer: await makePdf('Appendix', 3) },
  ]);
  const bar = page.getByRole('progressbar', { name: 'Upload of Quarterly report.pdf' });
  await expect(bar).toBeVisible();
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(0);
  await shot(page, '08-upload-progress');
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(page.getByTestId('upload-item').filter({ hasText: 'Uploaded' })).toHaveCount(2, { timeout: 30_000 });
  const docRow = page.getByTestId('document-row').filter({ hasText: 'Quarterly report' });
  await expect(docRow).toBeVisible();
  await expect(page.getByTestId('document-row')).toHaveCount(2);

  // A refused type gets a clear message and never reaches the server.
  await chooseFiles(page.getByTestId('file-input'), [{ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') }]);
  await expect(page.getByTestId('upload-item').filter({ hasText: 'setup.exe' })).toContainText('.exe files are not supported');

  // The token sees the uploaded documents on /v1.
  const listed = await api('/v1/documents', token);
  expect(listed.status).toBe(200);
  const report = listed.body.data.find((d: { name: string }) => d.name.startsWith('Quarterly report'));
  expect(report).toMatchObject({ object: 'document', type: 'pdf', content_type: 'application/pdf', folder_id: null });
  expect(listed.body.data).toHaveLength(2);

  // Make a folder, move one document with the menu and the other by dragging it onto the folder.
  await page.getByRole('button', { name: 'New folder' }).click();
  await page.getByLabel('Folder name').fill('Contracts');
  await page.getByRole('button', { name: 'Create folder' }).click();
  const folderRow = page.getByTestId('folder-row').filter({ hasText: 'Contracts' });
  await expect(folderRow).toBeVisible();
  await page.getByRole('button', { name: /^Actions for Quarterly report/ }).click();
  await page.getByRole('menuitem', { name: 'Move to…' }).click();
  await page.getByRole('dialog').getByRole('radio', { name: 'Contracts' }).click();
  await page.getByRole('button', { name: 'Move here' }).click();
  await expect(page.getByTestId('document-row').filter({ hasText: 'Quarterly report' })).toHaveCount(0);
  await page.getByTestId('document-row').filter({ hasText: 'Appendix' }).getByRole('link').dragTo(page.getByTestId('tree-folder-Contracts'));
  await expect(page.getByTestId('document-row')).toHaveCount(0);
  await expect(folderRow).toContainText('2 documents');
  await shot(page, '09-documents-with-folder');

  const moved = await api(`/v1/documents/${report.id}`, token);
  expect(moved.status).toBe(200);
  expect(moved.body.folder_id).toBeTruthy();

  await folderRow.getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Contracts', level: 1 })).toBeVisible();
  await expect(page.getByTestId('document-row')).toHaveCount(2);
  await page.getByLabel('Sort documents').selectOption('name_asc');
  await expect(page.getByTestId('document-row').first()).toContainText('Appendix');
  await shot(page, '10-folder');

  // The document page: details, preview rendered by pdf.js, versions.
  await page.getByTestId('document-row').filter({ hasText: 'Quarterly report' }).getByRole('link').click();
  await expect(page.getByRole('heading', { name: /Quarterly report/, level: 1 })).toBeVisible();
  await expect(page.locator('[data-testid=pdf-page][data-drawn]')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId('version-row')).toHaveCount(1);
  await shot(page, '11-document');

  await chooseFiles(page.getByTestId('version-file-input'), { name: 'Quarterly report v2.pdf', mimeType: 'application/pdf', buffer: await makePdf('Quarterly report (revised)', 2) });
  await expect(page.getByTestId('version-row')).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByTestId('version-row').first()).toContainText('Primary');
  await expect(page.getByTestId('version-row').first()).toContainText('Version 2');
  await expect(page.locator('[data-testid=pdf-page][data-drawn]')).toHaveCount(2, { timeout: 30_000 });

  await page.getByRole('button', { name: 'Make version 1 primary' }).click();
  await expect(page.getByTestId('version-row').filter({ hasText: 'Version 1' })).toContainText('Primary');
  await expect(page.getByTestId('version-row').filter({ hasText: 'Version 2' })).not.toContainText('Primary');
  await expect(page.locator('[data-testid=pdf-page][data-drawn]')).toHaveCount(1, { timeout: 30_000 });
  await shot(page, '12-document-version-promoted');

  const versions = await api(`/v1/documents/${report.id}/versions`, token);
  expect(versions.status).toBe(200);
  expect(versions.body.data.map((v: { version_number: number; is_primary: boolean }) => [v.version_number, v.is_primary])).toEqual([
    [2, false],
    [1, true],
  ]);

  // Revoke the token: /v1 refuses it from the next request.
  await page.getByRole('link', { name: 'API tokens' }).click();
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('Never');
  await shot(page, '13-tokens');
  await row.getByRole('button', { name: 'Revoke CI pipeline' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('401');
  await page.getByRole('button', { name: 'Revoke token' }).click();
  await expect(page.getByRole('heading', { name: 'No API tokens yet' })).toBeVisible();
  const after = await api('/v1/documents', token);
  expect(after.status).toBe(401);
  expect(after.body.error.code).toBe('unauthorized');

  // Analytics, before anything is shared, says how figures come.
  await page.getByRole('link', { name: /Analytics/ }).click();
  await expect(page.getByRole('heading', { name: 'No visits in this range' })).toBeVisible();
  await shot(page, '14-analytics-empty');

  // Signing out ends the session stored in the database.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.goto('/documents');
  await expect(page).toHaveURL(/\/signin/);
});
