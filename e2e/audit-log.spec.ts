// The audit log: changes made in the dashboard (a folder created and renamed, a data room) appear
// in Settings → Audit log newest first, with who and which item; the rename opens to its before →
// after; a type filter lives in the URL (the back button undoes it); the CSV holds the filtered
// set; a room's Activity tab shows that room's events. At desktop and phone width.
import { expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import { adminCommand, api, createTeam, roomsOwner, shot, signIn, uniqueEmail, test } from './support';

const rows = (page: Page) => page.getByTestId('event-row');
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

test('the audit log records dashboard changes, filters, exports and shows a room’s activity', async ({ page, browser }) => {
  const email = uniqueEmail('auditor');
  await page.goto('/signin');
  await signIn(page, email);
  await createTeam(page, 'Ledger Partners');

  // A folder, renamed; then a data room.
  await page.getByRole('button', { name: 'New folder' }).click();
  await page.getByLabel('Folder name').fill('Deals');
  await page.getByRole('button', { name: 'Create folder' }).click();
  const deals = page.getByTestId('folder-row').filter({ hasText: 'Deals' });
  await deals.getByRole('button', { name: 'Actions for folder Deals' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.getByLabel('Folder name').fill('Deals 2026');
  await page.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByTestId('folder-row').filter({ hasText: 'Deals 2026' })).toBeVisible();
  await page.getByRole('link', { name: 'Data rooms' }).first().click();
  await page.getByRole('button', { name: 'New data room' }).first().click();
  await page.getByLabel('Name', { exact: true }).fill('Project Ledger');
  await page.getByRole('button', { name: 'Create room' }).click();
  await expect(page.getByRole('heading', { name: 'Project Ledger' })).toBeVisible();
  const roomUrl = page.url();

  // Settings → Audit log: newest first, who and which item.
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expect(rows(page)).toHaveCount(4);
  expect(await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-type')))).toEqual(['dataroom.created', 'folder.updated', 'folder.created', 'member.added']);
  await expect(rows(page).nth(0)).toContainText(`${email} created data room Project Ledger`);
  await expect(rows(page).nth(1)).toContainText(`${email} renamed folder Deals 2026`);
  await expect(rows(page).nth(2)).toContainText('created folder Deals');
  await expect(rows(page).nth(0)).toContainText('dataroom.created');
  await shot(page, '96-audit-log');

  // The rename opens from the keyboard to its before → after.
  const rename = rows(page).nth(1).getByRole('button');
  await rename.focus();
  await page.keyboard.press('Enter');
  await expect(rename).toHaveAttribute('aria-expanded', 'true');
  const name = rows(page).nth(1).getByTestId('change-row').filter({ hasText: 'Name' });
  await expect(name).toContainText('Deals');
  await expect(name.getByRole('cell').nth(0)).toHaveText(/Deals$/);
  await expect(name.getByRole('cell').nth(1)).toHaveText(/Deals 2026$/);
  await expect(rows(page).nth(1)).toContainText('127.0.0.1');
  await shot(page, '96b-audit-log-change');
  await page.keyboard.press('Space');
  await expect(rename).toHaveAttribute('aria-expanded', 'false');

  // A type prefix filter, in the URL; back undoes it.
  await page.getByLabel('Event type').selectOption('folder.*');
  await expect(page).toHaveURL(/[?&]type=folder\.\*/);
  await expect(rows(page)).toHaveCount(2);
  await shot(page, '97-audit-log-filtered');
  await page.goBack();
  await expect(rows(page)).toHaveCount(4);
  await expect(page.getByLabel('Event type')).toHaveValue('');
  await page.goForward();
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByLabel('Event type')).toHaveValue('folder.*');

  // The CSV of the filtered set.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('audit-log.csv');
  const csv = fs.readFileSync((await download.path())!, 'utf8').trimEnd().split('\r\n');
  expect(csv[0]).toBe('time,type,actor_type,actor_name,actor_email,actor_email_verified,item_id,item,dataroom_id,ip_address,user_agent,changes');
  expect(csv).toHaveLength(3);
  expect(csv[1]).toContain(`,folder.updated,user,`);
  expect(csv[1]).toContain(`,${email},`);
  expect(csv[1]).toContain('Deals 2026');
  expect(csv[1]).toContain('""name"":[""Deals"",""Deals 2026""]');
  expect(csv[2]).toContain(',folder.created,');

  // The room's Activity tab: its events only, no room filter, its own CSV.
  await page.goto(roomUrl);
  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(page).toHaveURL(/[?&]tab=activity/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('created data room Project Ledger');
  await expect(page.getByLabel('Data room')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', /dataroom_id=/);
  await shot(page, '98-room-activity');

  // Phone width: the entries stack, the filters are one column.
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await phone.goto('/signin');
  await signIn(phone, email);
  await expect(phone).toHaveURL(/\/documents$/);
  await phone.goto('/settings/audit-log');
  // This second sign-in is recorded too, with its method.
  await expect(rows(phone)).toHaveCount(5);
  await expect(rows(phone).first()).toHaveAttribute('data-type', 'member.signed_in');
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
  await shot(phone, '99-audit-log-phone', { fullPage: true });
  const renamed = phone.locator('[data-testid="event-row"][data-type="folder.updated"]');
  await renamed.getByRole('button').click();
  await expect(renamed.getByTestId('change-row').first()).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await renamed.scrollIntoViewIfNeeded();
  await shot(phone, '99b-audit-log-phone-change');
});

test('a long log loads as it scrolls, and names tokens and the system as actors', async ({ page }) => {
  const team = `audit-scroll-${Date.now().toString(36)}`;
  const token = adminCommand(['token', 'create', '--team', team, '--name', 'Nightly sync', '--scopes', 'apis.all']).trim().split('\n').pop()!;
  const owner = uniqueEmail('scroll-owner');
  adminCommand(['team', 'add-member', team, owner, '--role', 'admin']);
  for (let i = 0; i < 6; i++) {
    await Promise.all(
      Array.from({ length: 10 }, async (_, j) => {
        const r = await api('/v1/folders', token, { method: 'POST', body: JSON.stringify({ name: `Batch ${i * 10 + j}` }), headers: { 'Content-Type': 'application/json' } });
        expect(r.status).toBe(201);
      }),
    );
  }

  await page.goto('/signin');
  await signIn(page, owner);
  await expect(page).toHaveURL(/\/documents$/);
  await page.goto('/settings/audit-log?actor_type=api_token');
  await expect(rows(page)).toHaveCount(50);
  await expect(rows(page).first()).toContainText('Nightly sync');
  await expect(rows(page).first().getByText('API token', { exact: true })).toBeVisible();
  await shot(page, '97b-audit-log-token-actor');
  // The end of the list comes into view: the rest loads by itself.
  await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
  await expect(rows(page)).toHaveCount(60);
  await expect(page.getByText('All 60 events, newest first.')).toBeVisible();

  // Anyone again; then the system: the admin command minted the token.
  await page.getByLabel('Actor', { exact: true }).selectOption('');
  await expect(page).not.toHaveURL(/actor_type/);
  await page.getByLabel('Actor', { exact: true }).selectOption('system');
  await expect(rows(page).first().getByText('System', { exact: true })).toBeVisible();
  await expect(rows(page).first()).toContainText('admin command System created API token Nightly sync');
});

// Issue 41 item 9: a visit names the link and the document, an NDA acceptance the agreement with
// the signer's typed name labelled, and an iPhone reads as one. Screenshot 215.
test('a visit and an NDA acceptance from an iPhone read as names, not ids', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { call, uploadPdf } = await roomsOwner(page, 'Harbor Sellers');
  const doc = await uploadPdf('Harbor CIM.pdf', 1);
  const nda = await call('POST', '/v1/agreements', { name: 'Harbor NDA', content_type: 'text', require_name: true, text: 'Keep it confidential.' });
  const link = await call('POST', '/v1/links', { document_id: doc.id, email_protected: true, agreement_id: nda.id, name: 'Buyer A – lowball' });

  const iphone = await browser.newContext({ userAgent: IPHONE, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const visitor = await iphone.newPage();
  await visitor.goto(link.url);
  await visitor.getByLabel('Email address').fill('olivia@buyer-a.example');
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await visitor.getByLabel('Full name').fill('Tom Evers');
  await visitor.getByLabel('I have read and agree to these terms').check();
  await visitor.getByRole('button', { name: 'I agree' }).click();
  await expect(visitor.getByTestId('document-viewer')).toBeVisible();
  await iphone.close();

  await page.goto('/settings/audit-log?actor_type=visitor');
  const viewed = page.locator('[data-type="view.created"]');
  await expect(viewed).toHaveCount(1);
  await expect(viewed).toContainText('viewed link Buyer A – lowball · Harbor CIM.pdf');
  await expect(viewed).toContainText('Mobile Safari 17 on iOS (iPhone)');
  await expect(viewed).not.toContainText('macOS');
  const accepted = page.locator('[data-type="agreement.accepted"]');
  await expect(accepted.getByTestId('event-item')).toHaveText('Harbor NDA');
  await expect(accepted.getByTestId('event-item-detail')).toHaveText('· signed as “Tom Evers”');
  await shot(page, '215-audit-log-named');
});
