// Teams: an admin invites a colleague, who joins through the emailed link, belongs to two
// teams and switches between them, and sees member (not admin) controls. Someone of another
// team gets a not-found for a document they do not own. Also a phone-width check.
import { expect, type Browser } from '@playwright/test';
import { createTeam, linkFromLog, logSize, shot, signIn, uniqueEmail, test } from './support';

async function newPage(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  return context.newPage();
}

test('an admin invites a member, who joins, switches teams, and cannot act as an admin', async ({ browser }) => {
  const adminEmail = uniqueEmail('admin');
  const memberEmail = uniqueEmail('member');

  // The admin sets up a team with a link document and invites a colleague.
  const admin = await newPage(browser);
  await admin.goto('/signin');
  await signIn(admin, adminEmail);
  await createTeam(admin, 'Northwind Partners');
  await admin.getByRole('button', { name: 'Add link' }).first().click();
  await admin.getByLabel('URL').fill('https://www.notion.so/acme/Deal-memo-123');
  await expect(admin.getByRole('radio', { name: 'Notion page' })).toBeChecked();
  await admin.getByLabel('Name (optional)').fill('Deal memo');
  await admin.getByRole('button', { name: 'Add link' }).last().click();
  await expect(admin.getByTestId('document-row').filter({ hasText: 'Deal memo' })).toBeVisible();
  await admin.getByTestId('document-row').filter({ hasText: 'Deal memo' }).getByRole('link').click();
  await expect(admin.getByRole('heading', { name: 'Deal memo', level: 1 })).toBeVisible();
  const memoUrl = admin.url();

  await admin.getByRole('link', { name: 'Team' }).click();
  await expect(admin.getByText('Free', { exact: true })).toBeVisible();
  const since = logSize();
  await admin.getByLabel('Email', { exact: true }).fill(memberEmail.toUpperCase());
  await admin.getByLabel('Role', { exact: true }).selectOption('member');
  await admin.getByRole('button', { name: 'Send invitation' }).click();
  await expect(admin.getByText(`Invitation sent to ${memberEmail}.`)).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Pending invitations' })).toBeVisible();
  await shot(admin, '15-team-settings');
  const invite = await linkFromLog('invitation link', memberEmail, since);
  expect(invite).toMatch(/\/invite\/[A-Za-z0-9_-]{40,}$/);

  // The colleague opens the invitation, signs in, and joins.
  const member = await newPage(browser);
  await member.goto(invite);
  await expect(member).toHaveURL(/\/signin\?callbackUrl=/);
  await signIn(member, memberEmail);
  await expect(member.getByRole('heading', { name: 'Join Northwind Partners' })).toBeVisible();
  await shot(member, '16-invitation');
  await member.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(member).toHaveURL(/\/documents$/);
  await expect(member.getByTestId('document-row').filter({ hasText: 'Deal memo' })).toBeVisible();

  // Members see tokens but cannot mint them; they cannot invite either.
  await member.getByRole('link', { name: 'API tokens' }).click();
  await expect(member.getByText('Only team admins can create and revoke tokens.')).toBeVisible();
  await expect(member.getByRole('button', { name: 'Create token' })).toHaveCount(0);
  await member.getByRole('link', { name: 'Team' }).click();
  await expect(member.getByText(adminEmail)).toBeVisible();
  await expect(member.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);

  // A second team of their own, then back to the first through the switcher.
  await member.getByRole('button', { name: /Team: Northwind Partners/ }).click();
  await member.getByRole('menuitem', { name: 'Create a team' }).click();
  await expect(member.getByRole('heading', { name: 'Create a new team' })).toBeVisible();
  await member.getByLabel('Team name').fill('Solo Ventures');
  await member.getByRole('button', { name: 'Create team' }).click();
  await expect(member.getByRole('button', { name: /Team: Solo Ventures/ })).toBeVisible();
  await expect(member.getByRole('heading', { name: 'Upload your first document' })).toBeVisible();
  await member.getByRole('button', { name: /Team: Solo Ventures/ }).click();
  await expect(member.getByRole('menuitem', { name: /Northwind Partners/ })).toBeVisible();
  await shot(member, '17-team-switcher');
  await member.getByRole('menuitem', { name: /Northwind Partners/ }).click();
  await expect(member.getByRole('button', { name: /Team: Northwind Partners/ })).toBeVisible();
  await expect(member.getByTestId('document-row').filter({ hasText: 'Deal memo' })).toBeVisible();

  // Someone of another team gets a not-found, never the document.
  const outsider = await newPage(browser);
  await outsider.goto('/signin');
  await signIn(outsider, uniqueEmail('outsider'));
  await createTeam(outsider, 'Elsewhere Inc');
  await outsider.goto(memoUrl);
  await expect(outsider.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expect(outsider.getByText('Deal memo')).toHaveCount(0);
  await shot(outsider, '18-not-found');

  // Phone width: the sidebar becomes a drawer.
  const phone = await newPage(browser, { width: 390, height: 844 });
  await phone.goto('/signin');
  await signIn(phone, adminEmail);
  await expect(phone.getByTestId('document-row').filter({ hasText: 'Deal memo' })).toBeVisible();
  await shot(phone, '19-phone-documents');
  await phone.getByRole('button', { name: 'Open navigation' }).click();
  await expect(phone.getByRole('dialog').getByRole('link', { name: 'API tokens' })).toBeVisible();
  await shot(phone, '20-phone-navigation');
});
