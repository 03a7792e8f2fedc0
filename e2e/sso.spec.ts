// SAML single sign-on in Chromium: an admin connects the team's identity provider in Settings →
// Security (the real test IdP of tests/support/saml-idp.ts: its own key, signed responses); the
// IdP's sign-in page is played by a route that answers the AuthnRequest with a signed response
// the person posts back, as an IdP's page does. A colleague at the company's domain continues
// with SSO from the sign-in page and lands in the team as a new member; once the team requires
// SSO, the colleague signing in by an emailed link is sent to SSO rather than to make a team.
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { makeTestIdp, type TestIdp } from '../tests/support/saml-idp';
import { currentTeamApi, createTeam, shot, signIn, uniqueEmail, adminCommand, test } from './support';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The IdP's page in `context`: "Sign in as <email>", which posts the signed response to our ACS. */
async function playIdp(context: BrowserContext, idp: TestIdp, sp: { entity_id: string; acs_url: string }, email: string) {
  await context.route(`${idp.ssoUrl}**`, async (route) => {
    const url = new URL(route.request().url());
    const saml = idp.response({ requestId: idp.requestIdOf(url.href), acs: sp.acs_url, audience: sp.entity_id, email });
    const relay = url.searchParams.get('RelayState') ?? '';
    await route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Example IdP</title><main style="font-family:sans-serif;max-width:24rem;margin:4rem auto">
        <h1>Example IdP</h1><form method="post" action="${esc(sp.acs_url)}">
        <input type="hidden" name="SAMLResponse" value="${esc(saml)}"><input type="hidden" name="RelayState" value="${esc(relay)}">
        <button type="submit">Sign in as ${esc(email)}</button></form></main>`,
    });
  });
}

async function continueWithSso(page: Page, email: string) {
  await page.goto('/signin');
  await page.getByText('Continue with SSO', { exact: false }).first().click();
  await page.getByLabel('Email address or team slug for single sign-on').fill(email);
  await page.getByRole('button', { name: 'Continue with SSO' }).click();
}

test('an admin connects SAML; a colleague signs in with SSO; "Require SSO" sends an emailed sign-in to SSO', async ({ page, browser }) => {
  const idp = makeTestIdp(`e2e-idp-${Date.now().toString(36)}`);
  const domain = `heron${Date.now().toString(36)}.example`;
  await page.goto('/signin');
  await signIn(page, uniqueEmail('sso-admin'));
  await createTeam(page, 'Heron Partners');
  const { team } = await currentTeamApi(page);
  adminCommand(['team', 'set-plan', team.slug, 'business']);

  await page.goto('/settings/security');
  await expect(page.getByRole('heading', { name: 'SAML single sign-on' })).toBeVisible();
  await page.getByLabel('Metadata XML').fill(idp.metadata);
  await page.getByLabel('Email domains').fill(domain);
  await page.getByRole('button', { name: 'Turn on single sign-on' }).click();
  await expect(page.getByText(`Connected to ${idp.entityId}`)).toBeVisible();
  await shot(page, 'sso-01-settings-connected');

  // The service provider's addresses, as the card gives them to the IdP's admin.
  const xml = await (await page.request.get(`/sso/saml/${team.slug}/metadata`)).text();
  const sp = { entity_id: /entityID="([^"]+)"/.exec(xml)![1]!, acs_url: /AssertionConsumerService[^>]*Location="([^"]+)"/.exec(xml)![1]! };

  // A colleague continues with SSO by their work address: a new member of the team.
  const colleague = `ana.${Date.now().toString(36)}@${domain}`;
  const context = await browser.newContext();
  await playIdp(context, idp, sp, colleague);
  const other = await context.newPage();
  await continueWithSso(other, colleague);
  await expect(other.getByRole('heading', { name: 'Example IdP' })).toBeVisible();
  await other.getByRole('button', { name: `Sign in as ${colleague}` }).click();
  await expect(other).toHaveURL(/\/documents$/);
  await expect(other.getByRole('button', { name: /Team: Heron Partners/ }).first()).toBeVisible();
  await shot(other, 'sso-02-member-signed-in');
  await context.close();

  // The admin requires SSO; the colleague's emailed link no longer reaches the team.
  await page.getByRole('checkbox', { name: /Require SSO/ }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Single sign-on saved.')).toBeVisible();

  const later = await browser.newContext();
  await playIdp(later, idp, sp, colleague);
  const third = await later.newPage();
  await signIn(third, colleague);
  await expect(third).toHaveURL(/\/restricted$/);
  await expect(third.getByRole('heading', { name: 'Sign in with single sign-on' })).toBeVisible();
  await expect(third.getByTestId('team-sso-required')).toContainText('Heron Partners requires single sign-on');
  await shot(third, 'sso-03-required');
  await third.getByRole('link', { name: 'Continue with SSO' }).click();
  await third.getByRole('button', { name: `Sign in as ${colleague}` }).click();
  await expect(third).toHaveURL(/\/documents$/);
  await expect(third.getByRole('button', { name: /Team: Heron Partners/ }).first()).toBeVisible();
  await later.close();
});
