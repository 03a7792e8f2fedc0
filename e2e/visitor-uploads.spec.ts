// Visitor uploads in the browser: a group's visitor uploads into a folder that accepts uploads
// (chosen with the file picker, and dropped onto the zone), sees them pending; another visitor of
// the same group never sees them; the team approves one and rejects the other with a reason in the
// room's Uploads tab; the uploader sees both decisions, the other visitor only the approved file.
// Then the member picks a daily digest for uploads in Settings → Notifications. Screenshots 300-307.
import { expect, type Page } from '@playwright/test';
import { adminCommand, chooseFiles, logSize, makePdf, ownerApi, shot, signIn, test, uniqueEmail, valueFromLog } from './support';

async function enterAs(page: Page, url: string, email: string) {
  await page.goto(url);
  await page.getByLabel('Email address').fill(email);
  const since = logSize();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Verification code').fill(await valueFromLog('one-time code', email, since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('room-view')).toBeVisible();
}

test('a visitor uploads into a folder; nobody else sees it until the team approves; a rejection shows its reason', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { team, call } = ownerApi('vup-e2e');
  const room = await call('POST', '/v1/datarooms', { name: 'Project Kestrel' });
  const inbox = await call('POST', `/v1/datarooms/${room.id}/folders`, { name: 'Bidder submissions', accepts_uploads: true });
  await call('POST', `/v1/datarooms/${room.id}/folders`, { name: 'Financials' });
  const group = await call('POST', `/v1/datarooms/${room.id}/groups`, { name: 'Bidders' });
  const ada = uniqueEmail('ada');
  const grace = uniqueEmail('grace');
  await call('POST', `/v1/datarooms/${room.id}/groups/${group.id}/members`, { emails: [ada, grace] });
  await call('PUT', `/v1/datarooms/${room.id}/groups/${group.id}/permissions`, { permissions: [{ item_id: inbox.id, can_view: true, can_download: true, can_upload: true }] });
  const link = await call('POST', '/v1/links', { dataroom_id: room.id, audience_type: 'group', group_id: group.id });

  // Ada: the room's top level points to the folder that takes uploads; in it, the drop zone.
  await enterAs(page, link.url, ada);
  const panel = page.getByTestId('upload-panel');
  await expect(panel).toContainText('You can upload files to these folders:');
  await panel.getByRole('link', { name: 'Bidder submissions' }).click();
  await expect(panel.getByRole('heading', { name: 'Upload to Bidder submissions' })).toBeVisible();
  // The folder's header offers Upload, which leads to the panel.
  await expect(page.getByTestId('room-upload')).toHaveAttribute('href', '#uploads');
  await expect(panel.getByTestId('upload-drop')).toContainText('20 more files');
  await shot(page, '300-visitor-upload-panel');

  // One file through the picker, one dropped onto the zone; each shows its progress and then a note.
  await chooseFiles(panel.getByTestId('upload-input'), { name: 'Kestrel offer letter.pdf', mimeType: 'application/pdf', buffer: await makePdf('Kestrel offer letter', 2) });
  await expect(panel.getByTestId('upload-progress').first()).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  const dropped = await makePdf('Proof of funds', 1);
  const transfer = await page.evaluateHandle((b64) => {
    const dt = new DataTransfer();
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    dt.items.add(new File([bytes], 'Proof of funds.pdf', { type: 'application/pdf' }));
    return dt;
  }, dropped.toString('base64'));
  await panel.getByTestId('upload-drop').dispatchEvent('dragover', { dataTransfer: transfer });
  await panel.getByTestId('upload-drop').dispatchEvent('drop', { dataTransfer: transfer });
  await expect(panel.getByTestId('upload-progress')).toHaveCount(2);
  await expect(panel.getByTestId('upload-progress').first()).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(panel.getByTestId('my-upload')).toHaveCount(2);
  await expect(panel.getByTestId('my-upload').first()).toContainText('Waiting for review');
  // A type the library does not take is refused before anything is sent.
  await chooseFiles(panel.getByTestId('upload-input'), { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
  await expect(panel.getByTestId('upload-progress').first()).toHaveAttribute('data-state', 'failed');
  await expect(panel.getByTestId('upload-progress').first()).toContainText('.exe files are not supported');
  await shot(page, '301-visitor-upload-pending');
  // Not a room document yet, for the uploader either.
  await expect(page.getByTestId('room-document')).toHaveCount(0);

  // Grace, of the same group: the folder shows nothing of Ada's files.
  const graceCtx = await browser.newContext();
  const gracePage = await graceCtx.newPage();
  await enterAs(gracePage, `${link.url}?folder=${inbox.id}`, grace);
  await gracePage.goto(`${link.url}?folder=${inbox.id}`);
  await expect(gracePage.getByTestId('upload-panel')).toBeVisible();
  await expect(gracePage.locator('body')).not.toContainText('Kestrel offer letter');
  await expect(gracePage.locator('body')).not.toContainText('Proof of funds');
  await expect(gracePage.getByTestId('my-upload')).toHaveCount(0);
  await shot(gracePage, '302-visitor-upload-other-visitor');

  // The team: the Uploads tab with its count, a rejection with a reason, an approval.
  const owner = uniqueEmail('vup-owner');
  adminCommand(['team', 'add-member', team, owner, '--role', 'admin']);
  const dash = await (await browser.newContext()).newPage();
  await dash.goto('/signin');
  await signIn(dash, owner);
  await expect(dash).toHaveURL(/\/documents$/);
  await dash.goto(`/datarooms/${room.id}?tab=uploads`);
  await expect(dash.getByRole('tab', { name: /Uploads/ })).toContainText('2');
  const rows = dash.getByTestId('visitor-upload');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(ada);
  await expect(rows.first()).toContainText('/bidder-submissions');
  await shot(dash, '303-dashboard-uploads-tab');

  const mailSince = logSize();
  await rows.filter({ hasText: 'Proof of funds.pdf' }).getByRole('button', { name: 'Reject' }).click();
  const dialog = dash.getByRole('dialog');
  await dialog.getByLabel('Reason (the visitor sees it)').fill('Please send a statement dated this month.');
  await shot(dash, '304-dashboard-reject-dialog');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeHidden();
  await rows.filter({ hasText: 'Kestrel offer letter.pdf' }).getByRole('button', { name: 'Approve' }).click();
  await expect(dash.getByRole('dialog').getByLabel('Document name')).toHaveValue('Kestrel offer letter.pdf');
  await dash.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(dash.getByRole('dialog')).toBeHidden();
  await expect(dash.getByTestId('room-uploads')).toContainText('Nothing to review');
  await dash.getByRole('tab', { name: /Approved/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Kestrel offer letter.pdf');
  await shot(dash, '305-dashboard-uploads-approved');
  expect(await valueFromLog('upload rejected', ada, mailSince)).toContain(link.url);

  // Ada sees both decisions and the reason; the approved file is a document of the folder.
  await page.reload();
  const mine = page.getByTestId('my-upload');
  await expect(mine.filter({ hasText: 'Kestrel offer letter.pdf' })).toContainText('Added to the room');
  await expect(mine.filter({ hasText: 'Proof of funds.pdf' })).toContainText('Reason: Please send a statement dated this month.');
  await expect(page.getByTestId('room-document')).toHaveCount(1);
  await shot(page, '306-visitor-upload-decided', { fullPage: true });

  // Grace now sees the approved document, and still nothing of the rejected one.
  await gracePage.reload();
  await expect(gracePage.getByTestId('room-document')).toContainText('Kestrel offer letter.pdf');
  await expect(gracePage.locator('body')).not.toContainText('Proof of funds');
  await graceCtx.close();

  // The team member chooses a daily digest for uploads (Settings → Notifications).
  await dash.goto('/settings/notifications');
  await dash.getByLabel('Visitor uploads').selectOption('daily');
  await expect(dash.getByTestId('digest-status')).toHaveText('Saved');
  await dash.getByLabel('Time zone').selectOption('Europe/Paris');
  await expect(dash.getByTestId('digest-status')).toHaveText('Saved');
  await dash.reload();
  await expect(dash.getByLabel('Visitor uploads')).toHaveValue('daily');
  await expect(dash.getByLabel('Time zone')).toHaveValue('Europe/Paris');
  await expect(dash.getByText('Your digests go out at 08:00 here.')).toBeVisible();
  await shot(dash, '307-settings-notifications');
});
