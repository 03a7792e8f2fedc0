// Settings → Webhooks against a real receiver on loopback (the server runs with
// WEBHOOK_ALLOW_PRIVATE_URLS=true and WEBHOOK_RETRY_SCHEDULE=2,2): the free plan's explanation,
// an endpoint added with the event picker (a refused URL shown at its field first), its secret
// shown once and copied, a test event that arrives signed and shows 200 and a time in the log, a
// folder created while the receiver answers 500 (pending, retried, failed, without a reload),
// Retry once it is fixed, the secret rotated (two signatures for a while), disable and enable
// from the keyboard, phone widths, and deletion. Screenshots 80-88.
import { expect, type Page } from '@playwright/test';
import { startReceiver, verified, type Receiver } from '../tests/support/webhook-receiver';
import { adminCommand, createTeam, shot, signIn, uniqueEmail, test } from './support';

const rowOf = (page: Page, eventType: string) => page.getByTestId('delivery-row').filter({ hasText: eventType });

/** Waits for the receiver to have had `n` requests on `path`. */
async function received(receiver: Receiver, path: string, n: number) {
  await expect.poll(() => receiver.at(path).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(n);
  return receiver.at(path)[n - 1]!;
}

test('webhooks: add an endpoint, see deliveries arrive, fail, retry, rotate the secret, disable and delete', async ({ page, context, browser }) => {
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/signin');
    await signIn(page, uniqueEmail('hooks'));
    await createTeam(page, 'Beacon Partners');

    // On the free plan the page explains that webhooks need a paid plan; no add button.
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { name: 'Webhooks need the Pro plan or higher' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add endpoint' })).toHaveCount(0);
    await expect(page.getByTestId('self-host-note')).toContainText('team set-plan');
    await shot(page, '80-webhooks-free-plan');

    const team = await page.evaluate(async () => (await (await fetch('/api/trpc/teams.current')).json()).result.data);
    adminCommand(['team', 'set-plan', team.slug, 'pro']);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'No webhook endpoints yet' })).toBeVisible();

    // Add an endpoint: a URL the server refuses is named at its field; then folders and one room event.
    await page.getByRole('button', { name: 'Add endpoint' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Endpoint URL').fill('ftp://example.com/hooks');
    await dialog.getByLabel('Description (optional)').fill('Deal desk sync');
    await dialog.getByLabel('Selected events').check();
    await dialog.getByRole('checkbox', { name: /^Library folders/ }).check();
    await dialog.getByRole('button', { name: 'Show Data rooms event types' }).click();
    await dialog.getByRole('checkbox', { name: 'dataroom.created', exact: true }).check();
    await expect(dialog.getByRole('checkbox', { name: /^Data rooms/ })).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByText('Must be an http or https URL.')).toBeVisible();
    await expect(dialog.getByLabel('Endpoint URL')).toHaveAttribute('aria-invalid', 'true');
    await shot(page, '81-webhook-add');
    await dialog.getByLabel('Endpoint URL').fill(receiver.url('/hooks'));
    await expect(dialog.getByText('Must be an http or https URL.')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    // The secret, once, with a copy button and how to verify.
    await expect(dialog.getByRole('heading', { name: 'Endpoint added: its signing secret' })).toBeVisible();
    const secret = (await dialog.getByTestId('webhook-secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await dialog.getByRole('button', { name: 'Copy the signing secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expect(dialog.getByRole('link', { name: /standardwebhooks\.com/ })).toHaveAttribute('href', 'https://www.standardwebhooks.com');
    await expect(dialog).toContainText('webhook-signature');
    await shot(page, '82-webhook-secret-once');
    // Only the button closes it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Done, I have copied it' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByTestId('webhook-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(receiver.url('/hooks'));
    await expect(row).toContainText('Deal desk sync');
    await expect(row).toContainText('folder.*');
    await expect(row).toContainText('dataroom.created');
    await expect(row).toContainText('Enabled');
    // Pro includes one endpoint: the button says why it is off.
    await expect(page.getByRole('button', { name: 'Add endpoint' })).toBeDisabled();
    await expect(page.getByTestId('webhook-cap-note')).toContainText('The Pro plan includes 1 webhook endpoint, and the team has 1.');
    await shot(page, '83-webhooks-list');
    // The secret is never shown again.
    await expect(page.getByText(secret)).toHaveCount(0);

    // The endpoint's page: a test event arrives signed and shows 200 and a time in the log.
    await row.getByRole('link', { name: receiver.url('/hooks') }).click();
    await expect(page.getByRole('heading', { name: receiver.url('/hooks'), level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No deliveries yet' })).toBeVisible();
    await page.getByRole('button', { name: 'Send test event' }).click();
    const first = await received(receiver, '/hooks', 1);
    const body = verified(secret, first);
    expect(body.type).toBe('webhook.test');
    const testRow = rowOf(page, 'webhook.test');
    await expect(testRow.getByText('Succeeded')).toBeVisible();
    await expect(testRow.getByTestId('delivery-response')).toHaveText(/^200 · \d+ ms$/);
    await expect(testRow).toContainText(first.headers['webhook-id']!);
    await shot(page, '84-webhook-log-succeeded');

    // The receiver breaks; a folder created in the library is delivered, retried and given up,
    // and the log follows without a reload.
    receiver.answer('/hooks', () => 500);
    await page.getByRole('link', { name: 'Documents' }).click();
    await page.getByRole('button', { name: 'New folder' }).first().click();
    await page.getByLabel('Folder name').fill('Closing set');
    await page.getByRole('button', { name: 'Create folder' }).click();
    await expect(page.getByTestId('folder-row').filter({ hasText: 'Closing set' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { name: receiver.url('/hooks'), level: 1 })).toBeVisible();
    const folderRow = rowOf(page, 'folder.created');
    await expect(folderRow).toBeVisible();
    const attempt = await received(receiver, '/hooks', 2);
    expect(verified(secret, attempt).type).toBe('folder.created');
    await expect(folderRow.getByText('Failed')).toBeVisible({ timeout: 30_000 });
    expect(receiver.at('/hooks').length).toBe(4); // the test, then the folder three times (2 retries)
    await expect(folderRow.getByTestId('delivery-response')).toHaveText(/^500 · \d+ ms$/);
    await expect(folderRow).toContainText('3');
    await expect(folderRow).toContainText(/500/);
    await page.getByRole('group', { name: 'Show deliveries' }).getByRole('button', { name: 'Failed' }).click();
    await expect(page.getByTestId('delivery-row')).toHaveCount(1);
    await expect(rowOf(page, 'folder.created')).toBeVisible();
    await shot(page, '85-webhook-log-failed');

    // Fixed: Retry sends it again now (same webhook-id) and it succeeds.
    receiver.answer('/hooks', () => 200);
    await page.getByRole('group', { name: 'Show deliveries' }).getByRole('button', { name: 'All' }).click();
    await expect(page.getByTestId('delivery-row')).toHaveCount(2);
    await folderRow.getByRole('button', { name: /^Retry folder\.created/ }).click();
    await expect(folderRow.getByText('Succeeded')).toBeVisible({ timeout: 20_000 });
    await expect(folderRow.getByTestId('delivery-response')).toHaveText(/^200 · \d+ ms$/);
    const retried = await received(receiver, '/hooks', 5);
    expect(retried.headers['webhook-id']).toBe(attempt.headers['webhook-id']);

    // Rotate: confirm, the new secret once; both secrets sign for now.
    await page.getByRole('button', { name: `Actions for ${receiver.url('/hooks')}` }).click();
    await page.getByRole('menuitem', { name: 'Rotate secret' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('For 24 hours the current secret signs too');
    await shot(page, '86-webhook-rotate-confirm');
    await confirm.getByRole('button', { name: 'Rotate secret' }).click();
    await expect(dialog.getByRole('heading', { name: 'New signing secret' })).toBeVisible();
    const rotated = (await dialog.getByTestId('webhook-secret').innerText()).trim();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await dialog.getByRole('button', { name: 'Done, I have copied it' }).click();
    await page.getByRole('button', { name: 'Send test event' }).click();
    const afterRotation = await received(receiver, '/hooks', 6);
    expect(afterRotation.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verified(rotated, afterRotation).type).toBe('webhook.test');
    expect(verified(secret, afterRotation).type).toBe('webhook.test');
    await expect(page.getByTestId('delivery-row')).toHaveCount(3);
    await expect(rowOf(page, 'webhook.test').first().getByText('Succeeded')).toBeVisible();

    // Disable and enable again, from the keyboard.
    const actions = page.getByRole('button', { name: `Actions for ${receiver.url('/hooks')}` });
    await actions.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
    await page.keyboard.type('Dis');
    await expect(page.getByRole('menuitem', { name: 'Disable' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('endpoint-status')).toContainText('Disabled');
    await expect(page.getByTestId('endpoint-status')).toContainText('Turned off by a team member');
    // The menu must be open (its first item focused) before typing, or the first letters are lost.
    await actions.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
    await page.keyboard.type('Ena');
    await expect(page.getByRole('menuitem', { name: 'Enable' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('endpoint-status')).toHaveText('Enabled');

    // Edit: the form opens with the endpoint's values; a new description is saved.
    await actions.click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(dialog.getByLabel('Endpoint URL')).toHaveValue(receiver.url('/hooks'));
    await expect(dialog.getByLabel('Selected events')).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: /^Library folders/ })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'dataroom.created', exact: true })).toBeChecked();
    await dialog.getByLabel('Description (optional)').fill('Deal desk sync (EU)');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Deal desk sync (EU)')).toBeVisible();

    // Phone width: the list and the log.
    const phone = await (await browser.newContext({ storageState: await context.storageState(), viewport: { width: 390, height: 844 } })).newPage();
    await phone.goto('/settings/webhooks');
    await expect(phone.getByTestId('webhook-row')).toHaveCount(1);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone, '87-phone-webhooks');
    await phone.getByRole('link', { name: receiver.url('/hooks') }).click();
    await expect(phone.getByTestId('delivery-row')).toHaveCount(3);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone, '88-phone-webhook-log');
    await phone.context().close();

    // Delete: confirmed, back to the list, which is empty again.
    await actions.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(confirm).toContainText('its delivery log is deleted');
    await confirm.getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(page).toHaveURL(/\/settings\/webhooks$/);
    await expect(page.getByRole('heading', { name: 'No webhook endpoints yet' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add endpoint' }).first()).toBeEnabled();
  } finally {
    await receiver.close();
  }
});
