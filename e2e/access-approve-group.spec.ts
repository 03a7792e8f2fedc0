// Approving an access request into the right group (issue 41 item 3): the request names the link,
// the room and the group it would join; the approver picks another group of the room and
// confirms; the address joins that group, not the link's. Screenshots 190-191.
import { expect } from '@playwright/test';
import { createTeam, currentTeamApi, logSize, roomsOwner, shot, signIn, test, uniqueEmail, valueFromLog } from './support';

test('an access request names link, room and group; the approver picks another group and confirms', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { call, uploadPdf } = await roomsOwner(page, 'Harbor Advisors');
  const room = await call('POST', '/v1/datarooms', { name: 'Project Harbor' });
  const teaser = await uploadPdf('Teaser.pdf', 1);
  await call('POST', `/v1/datarooms/${room.id}/documents`, { document_id: teaser.id });
  const buyerA = await call('POST', `/v1/datarooms/${room.id}/groups`, { name: 'Buyer A' });
  const buyerB = await call('POST', `/v1/datarooms/${room.id}/groups`, { name: 'Buyer B' });
  const linkA = await call('POST', '/v1/links', { dataroom_id: room.id, audience_type: 'group', group_id: buyerA.id, name: 'Buyer A – lowball', allow_access_requests: true });
  await call('POST', '/v1/links', { dataroom_id: room.id, audience_type: 'group', group_id: buyerB.id, name: 'Buyer B link' });

  // A visitor who is in no group asks through Buyer A's link.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const who = uniqueEmail('olivia');
  await visitor.goto(new URL(linkA.url).pathname);
  await visitor.getByLabel('Email address').fill(who);
  let since = logSize();
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await expect(visitor.getByTestId('gate-code')).toBeVisible();
  await visitor.getByTestId('request-access').click();
  await visitor.getByLabel('Email address').fill(who);
  await visitor.getByLabel(/Message/).fill('I advise the second bidder.');
  since = logSize();
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await visitor.getByLabel('Verification code').fill(await valueFromLog('one-time code', who, since));
  await visitor.getByRole('button', { name: 'Verify' }).click();
  await expect(visitor.getByTestId('request-sent')).toBeVisible();
  await visitorContext.close();

  // The inbox names the link, the room and the group the address would join.
  await page.goto('/access-requests');
  const row = page.getByTestId('access-request-row');
  await expect(row).toContainText(who);
  await expect(row).toContainText('Buyer A – lowball');
  await expect(row).toContainText('Room: Project Harbor');
  await expect(row.getByTestId('access-request-joins')).toHaveText('Group “Buyer A”');

  // Approve asks where to: the link's group is preselected; another group of the room is picked.
  await row.getByRole('button', { name: /Approve/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('approve-summary')).toContainText('Buyer A – lowball');
  await expect(dialog.getByTestId('approve-summary')).toContainText('Project Harbor');
  const picker = dialog.getByTestId('approve-group');
  await expect(picker).toHaveValue(buyerA.id);
  await picker.selectOption({ label: 'Buyer B' });
  await expect(dialog).toContainText('they will be mailed the link of “Buyer B” instead');
  await expect(dialog.getByTestId('approve-confirm')).toHaveText('Approve into “Buyer B”');
  await shot(page, '190-approve-access-request-group');
  await dialog.getByTestId('approve-confirm').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Approved: ${who} joined “Buyer B”`)).toBeVisible();

  // The address is in Buyer B, not Buyer A; the approved tab says where it went.
  const members = async (g: { id: string }) => (await call('GET', `/v1/datarooms/${room.id}/groups/${g.id}/members`)).data.map((m: { email: string }) => m.email);
  expect(await members(buyerB)).toContain(who);
  expect(await members(buyerA)).not.toContain(who);
  await page.getByRole('tab', { name: 'Approved' }).click();
  await expect(page.getByTestId('access-request-row').getByTestId('access-request-joins')).toHaveText('Group “Buyer B”');
  await shot(page, '191-access-requests-approved-group');
});

// Issue 41 item 4: the NDA shows wherever a link's protections are listed, acceptances beside views.
test('a link’s NDA shows in its settings summary and the link list, with the acceptance beside the view', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.goto('/signin');
  await signIn(page, uniqueEmail('owner'));
  await createTeam(page, 'Harbor Sellers');
  const { call, uploadPdf } = await currentTeamApi(page);
  const doc = await uploadPdf('Harbor CIM.pdf', 1);
  const nda = await call('POST', '/v1/agreements', { name: 'Harbor NDA', content_type: 'text', text: 'Keep it confidential.' });
  const link = await call('POST', '/v1/links', { document_id: doc.id, name: 'CIM for bidders', email_protected: true, email_authenticated: false, agreement_id: nda.id });

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const who = uniqueEmail('bidder');
  await visitor.goto(new URL(link.url).pathname);
  await visitor.getByLabel('Email address').fill(who);
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await visitor.getByLabel('I have read and agree to these terms').check();
  await visitor.getByRole('button', { name: 'I agree' }).click();
  await expect(visitor.getByTestId('document-viewer')).toBeVisible();
  await visitorContext.close();

  await page.goto(`/links/${link.id}`);
  await expect(page.getByTestId('link-agreement')).toHaveText('“Harbor NDA” before access');
  const view = page.getByRole('row').filter({ hasText: who });
  await expect(view.getByTestId('view-accepted')).toContainText('Accepted');
  await shot(page, '192-link-nda-and-acceptance', { fullPage: true });
  await page.goto('/links');
  await expect(page.getByText('NDA: visitors accept an agreement first').first()).toBeAttached();
});
