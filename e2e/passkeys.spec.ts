// Passkeys in Chromium with its virtual authenticator (the DevTools protocol's WebAuthn domain:
// Chromium's own WebAuthn code, only the authenticator is software). A member adds a passkey in
// Settings → Security, signs in again in another browser holding the same credential and passes
// the two-factor step with it, then removes it, confirming with it (the last second factor).
//
// WebAuthn refuses an IP address as the relying party's ID, and the suite's server is reached at
// 127.0.0.1: this spec starts the app once more with APP_URL on `localhost` (a secure context and
// a valid RP ID), as tests/support/server.ts starts it for the API suite.
import { expect, type CDPSession, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../tests/support/server';
import { createTeam, shot, signIn, test, uniqueEmail, type OwnServer } from './support';

let running: RunningServer;
let server: OwnServer;
let dir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-e2e-passkeys-'));
  const logFile = path.join(dir, 'server.log');
  running = await startServer({ QUIRE_DATA_DIR: path.join(dir, 'data'), EMAIL_SERVER: '', EMAIL_FROM: '' }, { logFile, face: 'serve', host: 'localhost' });
  server = { origin: running.url, logFile };
});

test.afterAll(async () => {
  await running?.stop();
  if (dir && !process.env.QUIRE_E2E_KEEP) fs.rmSync(dir, { recursive: true, force: true });
});

async function authenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, id: authenticatorId };
}

test('a passkey added in Settings → Security passes the two-factor step in another browser, and is removed with its own confirmation', async ({ page, browser }) => {
  const email = uniqueEmail('passkey');
  await signIn(page, email, undefined, server);
  await createTeam(page, 'Plover Partners');
  const device = await authenticator(page);

  await page.goto(`${server.origin}/settings/security`);
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByLabel('Name').fill('Work laptop');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('passkey-row')).toHaveCount(1);
  await expect(page.getByTestId('passkey-row')).toContainText('Work laptop');
  await expect(page.getByTestId('passkey-row')).toContainText('Never');
  await shot(page, 'passkeys-01-added', { fullPage: true });
  const { credentials } = await device.cdp.send('WebAuthn.getCredentials', { authenticatorId: device.id });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.rpId).toBe('localhost');

  // Another browser, the same passkey (synced, or the same security key): the magic link alone
  // stops at the two-factor step, the passkey passes it.
  const other = await (await browser.newContext()).newPage();
  await signIn(other, email, undefined, server);
  await expect(other).toHaveURL(/\/two-factor$/);
  const synced = await authenticator(other);
  await synced.cdp.send('WebAuthn.addCredential', { authenticatorId: synced.id, credential: credentials[0]! });
  await expect(other.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await shot(other, 'passkeys-02-sign-in-step');
  await other.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(other).toHaveURL(/\/documents$/);
  const { credentials: used } = await synced.cdp.send('WebAuthn.getCredentials', { authenticatorId: synced.id });
  expect(used[0]!.signCount).toBeGreaterThan(credentials[0]!.signCount);

  // The first browser sees it used.
  await page.reload();
  await expect(page.getByTestId('passkey-row')).not.toContainText('Never');
  // It is the only second factor, so removing it asks for it (from the browser that used it last:
  // the first one's copy has an older signature counter, which the server refuses as a clone's).
  await other.goto(`${server.origin}/settings/security`);
  await expect(other.getByText('Removing your only passkey turns two-factor authentication off')).toBeVisible();
  await other.getByRole('button', { name: 'Remove Work laptop' }).click();
  await expect(other.getByTestId('passkey-row')).toHaveCount(0);
  const { credentials: confirmed } = await synced.cdp.send('WebAuthn.getCredentials', { authenticatorId: synced.id });
  expect(confirmed[0]!.signCount).toBeGreaterThan(used[0]!.signCount);
  await page.reload();
  await expect(page.getByTestId('passkey-row')).toHaveCount(0);
});
