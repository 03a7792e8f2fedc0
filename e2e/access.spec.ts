// Access requests and invitations in a real browser: a visitor the link refuses asks for access
// (email proven by a code, a message), the owner sees the count in the navigation and approves on
// the link's page, and the visitor's next visit opens the document without the code again; then
// the owner invites people from the link's page, previews the mail, sends and sees each status.
import { expect } from '@playwright/test';
import { createTeam, currentTeamApi, logSize, shot, signIn, test, uniqueEmail, valueFromLog } from './support';

test('a refused visitor requests access, is approved from the dashboard and gets in; the owner invites people', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.goto('/signin');
  await signIn(page, uniqueEmail('owner'));
  await createTeam(page, 'Northwind Partners');
  const { call, uploadPdf } = await currentTeamApi(page);
  const doc = await uploadPdf('Teaser.pdf', 2);
  const link = await call('POST', '/v1/links', { document_id: doc.id, name: 'Teaser', allow_list: ['ada@fund.example'], allow_access_requests: true });
  const linkPath = new URL(link.url).pathname;

  // The visitor: not on the list, so no code comes; the code step offers the request.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const who = uniqueEmail('eve');
  await visitor.goto(linkPath);
  await visitor.getByLabel('Email address').fill(who);
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await expect(visitor.getByTestId('gate-code')).toBeVisible();
  await visitor.getByTestId('request-access').click();
  await expect(visitor.getByTestId('request-form')).toBeVisible();
  await visitor.getByLabel('Email address').fill(who);
  await visitor.getByLabel(/Message/).fill('Eve from Fund X: we spoke at the conference.');
  await shot(visitor, '120-request-access-form');
  const since = logSize();
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await expect(visitor.getByTestId('request-code')).toBeVisible();
  await visitor.getByLabel('Verification code').fill(await valueFromLog('one-time code', who, since));
  await visitor.getByRole('button', { name: 'Verify' }).click();
  await expect(visitor.getByTestId('request-sent')).toBeVisible();
  await shot(visitor, '121-request-sent');

  // The owner: a count in the navigation, the request on the link's page, approved.
  await page.goto(`/links/${link.id}`);
  await expect(page.getByTestId('nav-count').first()).toHaveText('1');
  const row = page.getByTestId('access-request-row');
  await expect(row).toContainText(who);
  await expect(row).toContainText('we spoke at the conference');
  await shot(page, '122-link-access-requests');
  await row.getByRole('button', { name: /Approve/ }).click();
  await expect(page.getByRole('dialog').getByTestId('approve-summary')).toContainText('Teaser');
  await page.getByRole('dialog').getByTestId('approve-confirm').click();
  await expect(page.getByText(`Approved: ${who} joined the allow list`)).toBeVisible();
  await expect(page.getByTestId('nav-count')).toHaveCount(0);

  // The visitor's next visit: the document, no code asked again.
  await visitor.goto(linkPath);
  await expect(visitor.getByTestId('document-viewer')).toBeVisible();
  await expect(visitor.getByTestId('gate-code')).toHaveCount(0);

  // The inbox keeps the decision.
  await page.goto('/access-requests');
  await expect(page.getByRole('heading', { name: 'Access requests' })).toBeVisible();
  await expect(page.getByText('No pending requests')).toBeVisible();
  await page.getByRole('tab', { name: 'Approved' }).click();
  await expect(page.getByTestId('access-request-row')).toContainText(who);
  await shot(page, '123-access-requests-inbox');

  // Invite people from the link's page: paste, preview, send, status per address.
  await page.goto(`/links/${link.id}`);
  await page.getByRole('button', { name: 'Invite people' }).first().click();
  const dialog = page.getByRole('dialog');
  const [a, b] = [uniqueEmail('ada'), uniqueEmail('grace')];
  await dialog.getByLabel('Email addresses').fill(`${a}, ${b}\n${a.toUpperCase()}`);
  await expect(dialog).toContainText('2 addresses');
  await dialog.getByLabel(/Message/).fill('The teaser we discussed.');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('invite-preview')).toContainText('Northwind Partners');
  await expect(dialog.getByTestId('invite-preview')).toContainText('The teaser we discussed.');
  await shot(page, '124-invite-preview');
  const sent = logSize();
  await dialog.getByRole('button', { name: 'Send 2 invitations' }).click();
  await expect(dialog.getByTestId('invite-results')).toContainText('2 of 2 sent');
  await shot(page, '125-invite-results');
  expect(await valueFromLog('link invitation', a, sent)).toContain(link.url);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('invitation-row')).toHaveCount(2);
  await shot(page, '126-link-invitations', { fullPage: true });
  await visitorContext.close();
});
