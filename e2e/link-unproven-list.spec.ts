// A link that lets in an allow list without the one-time code (issue 43): anyone who types an
// allowed address gets in, and whether the link opens tells a stranger who is on the list. The
// link's settings summary and its form say so; the form's warning turns the code on.
// Screenshots 193-195.
import { expect, type Locator } from '@playwright/test';
import { createTeam, currentTeamApi, shot, signIn, test, uniqueEmail } from './support';

test('an allow list without the code is warned of in the settings summary and the form, which turns the code on', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page, uniqueEmail('lister'));
  await createTeam(page, 'Cedar Partners');
  const { call, uploadPdf } = await currentTeamApi(page);
  const doc = await uploadPdf('Cedar memo.pdf', 1);
  const link = await call('POST', '/v1/links', {
    document_id: doc.id,
    name: 'Cedar LPs',
    email_protected: true,
    email_authenticated: false,
    allow_list: ['ada@fund.example', 'lp.example'],
  });

  // The link's page: the summary warns above the settings, and the email row says "not verified".
  await page.goto(`/links/${link.id}`);
  const summary = page.getByTestId('unverified-summary-warning');
  await expect(summary).toBeVisible();
  await expect(summary).toContainText('Anyone who types an address on the allow list gets in.');
  await expect(page.getByTestId('link-settings')).toContainText('Required, not verified');
  const centre = (l: Locator) => l.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await centre(summary);
  await shot(page, '193-link-allow-list-unverified');
  await page.setViewportSize({ width: 390, height: 844 });
  await centre(summary);
  await shot(page, '195-link-allow-list-unverified-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The form, opened from the warning: the same warning beside the settings it is about.
  await summary.getByRole('button', { name: 'Review access' }).click();
  const dialog = page.getByRole('dialog');
  const warning = dialog.getByTestId('unverified-warning');
  await expect(warning).toBeVisible();
  await expect(dialog.getByLabel('Verify the email with a one-time code')).not.toBeChecked();
  await centre(warning);
  await shot(page, '194-link-form-allow-list-unverified');
  // Its button turns the code on; the warning goes; saved, the summary's goes too.
  await warning.getByRole('button', { name: 'Verify emails with a code' }).click();
  await expect(dialog.getByLabel('Verify the email with a one-time code')).toBeChecked();
  await expect(warning).toBeHidden();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(summary).toBeHidden();
  await expect(page.getByTestId('link-settings')).toContainText('Required, verified by code');
  expect((await call('GET', `/v1/links/${link.id}`)).email_authenticated).toBe(true);
});
