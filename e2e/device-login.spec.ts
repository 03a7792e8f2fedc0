// Device login in a real browser: a terminal asks for a code (the device authorization endpoint),
// the user opens the verification link while signed out, signs in, reviews the request (client,
// device, scopes in plain words), picks the team and approves; the device's poll then gets its
// token, which works on /v1. The login shows under Settings → Connected apps, where revoking it
// ends it. Also a denial and the page at phone width.
import { expect, type Page } from '@playwright/test';
import { createTeam, origin, shot, signIn, uniqueEmail, test } from './support';

const DEVICE = 'urn:ietf:params:oauth:grant-type:device_code';

async function askForCode(scope: string, userAgent = 'quire-cli/0.1.0 (linux)') {
  const r = await fetch(`${origin()}/oauth/device/code`, {
    method: 'POST',
    headers: { 'User-Agent': userAgent },
    body: new URLSearchParams({ client_id: 'quire-cli', scope }),
  });
  expect(r.status).toBe(200);
  return (await r.json()) as { device_code: string; user_code: string; verification_uri: string; verification_uri_complete: string };
}

const poll = async (deviceCode: string) =>
  (await fetch(`${origin()}/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: DEVICE, client_id: 'quire-cli', device_code: deviceCode }) })).json();

async function signedInWithTeam(page: Page, team: string) {
  await page.goto('/signin');
  await signIn(page, uniqueEmail('device'));
  await createTeam(page, team);
}

test('a user approves a device login from the link, then revokes it in Connected apps', async ({ page }) => {
  const code = await askForCode('documents.read links.write offline_access');
  expect(code.verification_uri).toBe(`${origin()}/device`);

  // Signed out: the link leads through sign-in and back to the request.
  await page.goto(code.verification_uri_complete);
  await expect(page).toHaveURL(/\/signin\?callbackUrl=/);
  const email = uniqueEmail('device');
  await signIn(page, email);
  // Back on the request, which a user without a team cannot approve yet.
  await expect(page).toHaveURL(/\/device\?user_code=/);
  await expect(page.getByRole('heading', { name: 'Connect Quire CLI?' })).toBeVisible();
  await expect(page.getByText('You are not in a team yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await shot(page, '89-device-no-team');
  await page.getByRole('link', { name: 'Create a team' }).click();
  await page.getByLabel('Team name').fill('Harbor Capital');
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page).toHaveURL(/\/documents$/);

  await page.goto(code.verification_uri_complete);
  await expect(page.getByRole('heading', { name: 'Connect Quire CLI?' })).toBeVisible();
  await expect(page.getByText('Official Quire app')).toBeVisible();
  await expect(page.getByTestId('device-ip')).toHaveText('127.0.0.1');
  await expect(page.getByText('quire-cli 0.1.0 on Linux')).toBeVisible();
  await expect(page.getByTestId('scopes')).toContainText('Read your documents and folders');
  await expect(page.getByTestId('scopes')).toContainText('Create, change and delete share links');
  await expect(page.getByTestId('scopes')).toContainText('Stay signed in');
  await expect(page.getByLabel('For team')).toHaveValue(/.+/);
  await shot(page, '90-device-review', { fullPage: true });

  expect((await poll(code.device_code)).error).toBe('authorization_pending');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Device connected' })).toBeVisible();
  await shot(page, '91-device-approved');

  const token = await poll(code.device_code);
  expect(token.access_token).toEqual(expect.any(String));
  const me = await (await fetch(`${origin()}/v1/me`, { headers: { Authorization: `Bearer ${token.access_token}` } })).json();
  expect(me).toMatchObject({ kind: 'oauth', user: { email }, team: { name: 'Harbor Capital' } });

  // Connected apps lists it, with who approved it; revoking ends it at once.
  await page.getByRole('link', { name: 'Manage connected apps' }).click();
  await expect(page.getByRole('heading', { name: 'Connected apps' })).toBeVisible();
  const row = page.getByTestId('connected-app-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Quire CLI');
  await expect(row).toContainText(`${email} (you)`);
  await expect(row).toContainText('Stays signed in');
  await shot(page, '92-connected-apps');
  await row.getByRole('button', { name: 'Revoke Quire CLI' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('stop working at once');
  await page.getByRole('button', { name: 'Revoke access' }).click();
  await expect(page.getByText('No connected apps')).toBeVisible();
  await shot(page, '93-connected-apps-empty');
  const after = await fetch(`${origin()}/v1/me`, { headers: { Authorization: `Bearer ${token.access_token}` } });
  expect(after.status).toBe(401);
});

test('a user types the code, denies a request, and a wrong code is explained', async ({ page }) => {
  await signedInWithTeam(page, 'Denial Partners');
  await page.goto('/device');
  await expect(page.getByRole('heading', { name: 'Connect a device' })).toBeVisible();
  await page.getByLabel('Code').fill('bcdf-ghjk');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(/No pending sign-in has this code/)).toBeVisible();
  await shot(page, '94-device-wrong-code');

  const code = await askForCode('apis.read');
  await page.getByLabel('Code').fill(code.user_code.toLowerCase());
  await page.getByLabel('Code').press('Enter');
  await expect(page.getByRole('heading', { name: 'Connect Quire CLI?' })).toBeVisible();
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByRole('heading', { name: 'Sign-in denied' })).toBeVisible();
  expect((await poll(code.device_code)).error).toBe('access_denied');
});

test('the approval page at phone width', async ({ page }) => {
  await signedInWithTeam(page, 'Pocket Ventures');
  await page.setViewportSize({ width: 390, height: 844 });
  const code = await askForCode('documents.read documents.write offline_access', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36');
  await page.goto(code.verification_uri_complete);
  await expect(page.getByText('Chrome 131 on macOS')).toBeVisible();
  await shot(page, '95-device-phone', { fullPage: true });
});
