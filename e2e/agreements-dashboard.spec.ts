// The dashboard's Agreements page in a real browser (issue 21): the owner writes an NDA and
// watches the visitor's step in the live preview as they type, picks it in a link's form, a
// visitor accepts it, and the owner sees the acceptance, exports the CSV and downloads its PDF
// receipt. Then the viewer's access screens at phone width (390 px): the agreement step, the
// refusal, the request-access form, its code and "Request sent". Screenshots 170-189.
import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { createTeam, currentTeamApi, logSize, shot, signIn, test, uniqueEmail, valueFromLog } from './support';

const PHONE = { width: 390, height: 844 };

async function teamApi(page: Page) {
  const { call, uploadPdf } = await currentTeamApi(page);
  return { call, doc: await uploadPdf('Falcon teaser.pdf', 2) };
}

test('the owner writes an NDA with a live preview, puts it on a link, and sees the visitor’s acceptance, CSV and receipt', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.goto('/signin');
  await signIn(page, uniqueEmail('owner'));
  await createTeam(page, 'Falcon Capital');
  const { call, doc } = await teamApi(page);
  const link = await call('POST', '/v1/links', { document_id: doc.id, name: 'Falcon teaser', email_protected: true, email_authenticated: false });

  // Under Links in the sidebar; empty at first.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agreements' }).click();
  await expect(page).toHaveURL(/\/agreements$/);
  await expect(page.getByText('No agreements yet')).toBeVisible();
  await shot(page, '170-agreements-empty');

  // The editor: the preview follows the form as it is typed.
  await page.getByTestId('new-agreement').first().click();
  const dialog = page.getByRole('dialog');
  const preview = dialog.getByTestId('agreement-preview');
  await expect(preview.locator('h2', { hasText: 'Review and accept the terms' })).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).fill('Project Falcon NDA');
  await expect(preview).toContainText('Project Falcon NDA');
  const terms = dialog.getByTestId('agreement-text');
  await terms.fill('# Mutual non-disclosure\n\nThe recipient keeps **all information** confidential.\n\n1. Use it only to evaluate the deal.\n2. Return or destroy it on request.');
  await expect(preview.locator('h1', { hasText: 'Mutual non-disclosure' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('all information');
  await terms.pressSequentially('\n3. Keep it for three years.');
  await expect(preview).toContainText('Keep it for three years.');
  await expect(preview.getByText('Full name')).toHaveCount(0);
  await dialog.getByLabel('Visitors type their full name to accept').check();
  await expect(preview.getByText('Full name')).toBeVisible();
  await shot(page, '171-agreement-editor');
  // A document as the terms: the preview shows its pages where the visitor scrolls them.
  await dialog.getByTestId('agreement-kind-document').click();
  await dialog.getByLabel('Document with the terms').selectOption({ label: 'Falcon teaser.pdf' });
  await expect(preview.getByTestId('agreement-document').getByTestId('pdf-page').first()).toHaveAttribute('data-drawn', 'true');
  await shot(page, '171b-agreement-editor-document');
  await dialog.getByTestId('agreement-kind-text').click();
  await expect(preview.locator('strong')).toHaveText('all information');
  // The preview is the visitor's step, inert: nothing in it can be pressed or submitted.
  await expect(preview.locator('[inert] form[data-testid="gate-agreement"]')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Create agreement' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByTestId('agreement-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Project Falcon NDA');
  await expect(row).toContainText('Full name');
  await shot(page, '172-agreements-list');

  // The agreement picker of the link's form.
  await page.goto(`/links/${link.id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('dialog');
  await form.getByTestId('agreement-picker').selectOption({ label: 'Project Falcon NDA' });
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toHaveCount(0);
  const agreements = (await call('GET', '/v1/agreements')).data;
  expect((await call('GET', `/v1/links/${link.id}`)).agreement_id).toBe(agreements[0].id);

  // The visitor accepts.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const who = uniqueEmail('grace');
  await visitor.goto(new URL(link.url).pathname);
  await visitor.getByLabel('Email address').fill(who);
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await expect(visitor.getByRole('heading', { name: 'Review and accept the terms' })).toBeVisible();
  await expect(visitor.getByTestId('agreement-terms')).toContainText('Keep it for three years.');
  await visitor.getByLabel('Full name').fill('Grace Hopper');
  await visitor.getByLabel('I have read and agree to these terms').check();
  await visitor.getByRole('button', { name: 'I agree' }).click();
  await expect(visitor.getByTestId('document-viewer')).toBeVisible();
  await visitorContext.close();

  // The owner: the acceptance, the CSV and the receipt.
  await page.goto('/agreements');
  await page.getByRole('link', { name: 'Project Falcon NDA' }).click();
  await expect(page).toHaveURL(/\/agreements\/[a-z0-9]+$/);
  const acceptance = page.getByTestId('acceptance-row');
  await expect(acceptance).toHaveCount(1);
  await expect(acceptance).toContainText('Grace Hopper');
  await expect(acceptance).toContainText(who);
  await expect(acceptance).toContainText('Current');
  // The link does not verify emails: the address was typed, and the list says so.
  await expect(acceptance.getByTestId('unverified-email')).toBeVisible();
  await shot(page, '173-agreement-acceptances');
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('acceptances-export').click()]);
  expect(csv.suggestedFilename()).toMatch(/^acceptances-.+\.csv$/);
  const csvText = fs.readFileSync((await csv.path())!, 'utf8');
  expect(csvText.split(/\r?\n/)[0]).toContain('accepted_at,email,email_verified,name,agreement_version');
  expect(csvText).toContain(who);
  expect(csvText).toContain('Grace Hopper');
  const [receipt] = await Promise.all([page.waitForEvent('download'), acceptance.getByTestId('acceptance-receipt').click()]);
  expect(receipt.suggestedFilename()).toMatch(/\.pdf$/);
  expect(fs.readFileSync((await receipt.path())!).subarray(0, 5).toString()).toBe('%PDF-');

  // The audit log says the same beside the visitor's address.
  await page.goto('/settings/audit-log?type=agreement.accepted');
  const accepted = page.getByTestId('event-row').filter({ hasText: who });
  await expect(accepted).toHaveCount(1);
  await expect(accepted.getByTestId('unverified-email')).toBeVisible();
  await shot(page, '173b-audit-log-unverified-visitor');

  // The same screens at phone width.
  await page.goto('/agreements');
  await page.getByRole('link', { name: 'Project Falcon NDA' }).click();
  await page.setViewportSize(PHONE);
  await expect(acceptance).toBeVisible();
  await shot(page, '174-agreement-acceptances-phone', { fullPage: true });
  await page.goto('/agreements');
  await expect(page.getByTestId('agreement-row')).toHaveCount(1);
  await shot(page, '175-agreements-list-phone');
  await page.getByTestId('new-agreement').first().click();
  await page.getByRole('dialog').getByLabel('Name', { exact: true }).fill('Board observer NDA');
  await page.getByRole('dialog').getByTestId('agreement-text').fill('Confidential. **Do not share.**');
  await expect(page.getByRole('dialog').getByTestId('agreement-preview')).toContainText('Do not share.');
  await shot(page, '176-agreement-editor-phone');
});

test('the viewer’s access screens at phone width: agreement, refusal, request form, code, request sent', async ({ browser }) => {
  test.setTimeout(150_000);
  const owner = await browser.newContext();
  const page = await owner.newPage();
  await page.goto('/signin');
  await signIn(page, uniqueEmail('owner'));
  await createTeam(page, 'Harbor Ventures');
  const { call, doc } = await teamApi(page);
  const nda = await call('POST', '/v1/agreements', {
    name: 'Harbor Ventures NDA',
    content_type: 'text',
    require_name: true,
    text: '# Confidentiality\n\nEverything in this room is **confidential**. You use it only to evaluate the investment and share it with no one outside your firm.\n\n- Keep it for two years.\n- Return or destroy it on request.',
  });
  const link = await call('POST', '/v1/links', {
    document_id: doc.id,
    name: 'Harbor teaser',
    allow_list: ['partner@harbor.example'],
    email_authenticated: false,
    allow_access_requests: true,
    agreement_id: nda.id,
  });
  await owner.close();

  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const v = await phone.newPage();
  const who = uniqueEmail('eve');
  await v.goto(new URL(link.url).pathname);
  await v.getByLabel('Email address').fill(who);
  await v.getByRole('button', { name: 'Continue' }).click();
  await expect(v.getByRole('heading', { name: 'Review and accept the terms' })).toBeVisible();
  // The card uses the phone's width (no sideways scrolling).
  expect(await v.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(v, '180-viewer-agreement-phone', { fullPage: true });
  await v.getByLabel('Full name').fill('Eve Example');
  await v.getByLabel('I have read and agree to these terms').check();
  await v.getByRole('button', { name: 'I agree' }).click();
  // Not on the list: refused, with the way to ask.
  await expect(v.getByTestId('request-access')).toBeVisible();
  await shot(v, '181-viewer-refused-phone');
  await v.getByTestId('request-access').click();
  await expect(v.getByTestId('request-form')).toBeVisible();
  await v.getByLabel('Email address').fill(who);
  await v.getByLabel(/Message/).fill('Eve from Fund X: we met at the Harbor dinner.');
  await shot(v, '182-viewer-request-form-phone');
  const since = logSize();
  await v.getByRole('button', { name: 'Continue' }).click();
  await expect(v.getByTestId('request-code')).toBeVisible();
  await shot(v, '183-viewer-request-code-phone');
  await v.getByLabel('Verification code').fill(await valueFromLog('one-time code', who, since));
  await v.getByRole('button', { name: 'Verify' }).click();
  await expect(v.getByTestId('request-sent')).toBeVisible();
  expect(await v.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(v, '184-viewer-request-sent-phone');
  await phone.close();
});
