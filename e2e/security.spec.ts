// Settings → Security in Chromium: a member sets up an authenticator app (the codes computed here
// with otplib, as the phone would), saves the recovery codes, signs in again in another browser
// and is held at the two-factor step until a code (then a recovery code) is given; sees both
// sessions and signs the other out. A team that requires two-factor sends its admin to set it up.
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { createTeam, shot, signIn, uniqueEmail, test } from './support';

/** Codes are computed a step away from a 30-second boundary, so the server sees the same steps. */
async function steady() {
  const into = (Date.now() / 1000) % 30;
  if (into > 26) await new Promise((r) => setTimeout(r, (30 - into) * 1000 + 300));
}
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function setUpApp(page: Page, doneLabel: string) {
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  return {
    secret,
    async confirm(shotName?: string) {
      if (shotName) await shot(page, shotName);
      await steady();
      await page.getByLabel('Code from the app').fill(await codeAt(secret));
      await page.getByRole('button', { name: 'Turn on' }).click();
      await expect(page.getByTestId('recovery-code')).toHaveCount(10);
      const codes = (await page.getByTestId('recovery-code').allTextContents()).map((c) => c.trim());
      return {
        codes,
        async done(codesShot?: string) {
          if (codesShot) await shot(page, codesShot);
          await page.getByRole('button', { name: doneLabel }).click();
        },
      };
    },
  };
}

test('an authenticator app and recovery codes, end to end; sessions listed and signed out', async ({ page, browser }) => {
  const email = uniqueEmail('tfa');
  await page.goto('/signin');
  await signIn(page, email);
  await createTeam(page, 'Osprey Capital');
  await page.getByRole('link', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await expect(page.getByTestId('session-row')).toHaveCount(1);
  await shot(page, 'security-01-settings', { fullPage: true });

  const app = await setUpApp(page, 'Done');
  const saved = await app.confirm('security-02-totp-setup');
  expect(new Set(saved.codes).size).toBe(10);
  await saved.done('security-03-recovery-codes');
  await expect(page.getByText('Authenticator app on · 10 recovery codes left')).toBeVisible();

  // Another browser: the magic link alone does not reach the team.
  const other = await (await browser.newContext()).newPage();
  await signIn(other, email);
  await expect(other).toHaveURL(/\/two-factor$/);
  await expect(other.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await shot(other, 'security-04-sign-in-code');
  await other.getByLabel('Authentication code').fill('000000');
  await other.getByRole('button', { name: 'Verify' }).click();
  await expect(other.getByRole('alert').or(other.getByText('That code is not right', { exact: false })).first()).toBeVisible();
  await steady();
  // The next step's code (the setup spent this one's).
  await other.getByLabel('Authentication code').fill(await codeAt(app.secret, 1));
  await other.getByRole('button', { name: 'Verify' }).click();
  await expect(other).toHaveURL(/\/documents$/);

  // A third browser uses a recovery code.
  const third = await (await browser.newContext()).newPage();
  await signIn(third, email);
  await expect(third).toHaveURL(/\/two-factor$/);
  await third.getByRole('button', { name: 'Use a recovery code' }).click();
  await third.getByLabel('Recovery code').fill(saved.codes[0]!);
  await shot(third, 'security-05-sign-in-recovery');
  await third.getByRole('button', { name: 'Verify' }).click();
  await expect(third).toHaveURL(/\/documents$/);

  // Three sessions; the first browser signs the other two out, one at a time.
  await page.reload();
  await expect(page.getByTestId('session-row')).toHaveCount(3);
  await expect(page.getByText('9 recovery codes left', { exact: false })).toBeVisible();
  await shot(page, 'security-06-sessions', { fullPage: true });
  for (let i = 0; i < 2; i++) {
    await page.getByTestId('session-row').nth(1).getByRole('button', { name: /^Revoke/ }).click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByTestId('session-row')).toHaveCount(2 - i);
  }
  await other.reload();
  await expect(other).toHaveURL(/\/signin/);
  await third.goto('/documents');
  await expect(third).toHaveURL(/\/signin/);
});

test('a team that requires two-factor sends a member without it to set it up first', async ({ page }) => {
  const email = uniqueEmail('tfa-required');
  await page.goto('/signin');
  await signIn(page, email);
  await createTeam(page, 'Heron Holdings');
  await page.getByRole('link', { name: 'Security' }).click();
  await page.getByLabel('Require two-factor authentication').check();
  await page.getByRole('button', { name: 'Save rules' }).click();
  // Navigating before the save has answered would cancel it.
  await expect(page.getByText('Security settings saved.')).toBeVisible();
  // The admin has no second factor yet: the next page load goes to the setup.
  await page.goto('/documents');
  await expect(page).toHaveURL(/\/two-factor\/setup$/);
  await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
  await shot(page, 'security-07-setup-required');
  const app = await setUpApp(page, 'Continue to your team');
  const saved = await app.confirm('security-08-setup-required-qr');
  await saved.done();
  await expect(page).toHaveURL(/\/documents$/);
});

test('Settings → Security at phone width', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/signin');
  await signIn(page, uniqueEmail('tfa-phone'));
  await createTeam(page, 'Kite Partners');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings/security');
  await expect(page.getByTestId('session-row')).toHaveCount(1);
  await shot(page, 'security-09-phone', { fullPage: true });
});
