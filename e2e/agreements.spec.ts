// The agreement step in a real browser (the viewer part of issue 21's agreements): a link with an
// NDA asks for it after the email, renders the markdown terms, takes "I agree" and the full name,
// and does not ask again on a second visit (another browser that only types the same address is asked again); a changed agreement is asked again. Desktop and phone
// widths; screenshots 120-123. (The dashboard's Agreements page: agreements-dashboard.spec.ts.)
import { expect } from '@playwright/test';
import { ownerApi, shot, test } from './support';

test('a visitor accepts the NDA once, is not asked again, and is asked again when the terms change', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { call, uploadPdf } = ownerApi('agreements-e2e');
  const doc = await uploadPdf('Teaser.pdf', 2);
  const nda = await call('POST', '/v1/agreements', {
    name: 'Project Falcon NDA',
    content_type: 'text',
    require_name: true,
    text: '# Mutual non-disclosure\n\nThe recipient keeps **all information** in this room confidential.\n\n1. Use it only to evaluate the transaction.\n2. Return or destroy it on request.\n\nQuestions: see [our policy](https://falcon.example/policy).\n\n<script>alert(1)</script>',
  });
  const link = await call('POST', '/v1/links', { document_id: doc.id, email_protected: true, agreement_id: nda.id, name: 'Falcon teaser' });

  await page.goto(link.url);
  await page.getByLabel('Email address').fill('grace.hopper@fund.example');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Review and accept the terms' })).toBeVisible();
  await expect(page.getByTestId('agreement-terms').getByRole('heading', { name: 'Mutual non-disclosure' })).toBeVisible();
  await expect(page.getByTestId('agreement-terms').locator('strong')).toHaveText('all information');
  await expect(page.getByRole('link', { name: 'our policy' })).toHaveAttribute('target', '_blank');
  await expect(page.getByTestId('agreement-terms').locator('script')).toHaveCount(0);
  await shot(page, '120-viewer-agreement-step');
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('I have read and agree to these terms').check();
  await page.getByRole('button', { name: 'I agree' }).click();
  await expect(page.getByTestId('document-viewer')).toBeVisible();

  // Back later: straight in.
  await page.goto(link.url);
  await expect(page.getByTestId('document-viewer')).toBeVisible();

  // A phone, another browser, the same email merely typed (nothing proves it on this link): asked
  // again, so no one enters under someone else's acceptance.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const p = await phone.newPage();
  await p.goto(link.url);
  await p.getByLabel('Email address').fill('grace.hopper@fund.example');
  await p.getByRole('button', { name: 'Continue' }).click();
  await expect(p.getByRole('heading', { name: 'Review and accept the terms' })).toBeVisible();

  // Another visitor on the phone sees the step at that width.
  const q = await phone.newPage();
  await phone.clearCookies();
  await q.goto(link.url);
  await q.getByLabel('Email address').fill('alan.turing@fund.example');
  await q.getByRole('button', { name: 'Continue' }).click();
  await expect(q.getByRole('heading', { name: 'Review and accept the terms' })).toBeVisible();
  await shot(q, '121-viewer-agreement-phone');
  await phone.close();

  // New terms: asked again.
  await call('PATCH', `/v1/agreements/${nda.id}`, { text: 'Updated terms: keep **everything** confidential for three years.' });
  await page.goto(link.url);
  await expect(page.getByRole('heading', { name: 'Review and accept the terms' })).toBeVisible();
  await expect(page.getByTestId('agreement-terms')).toContainText('three years');
  await shot(page, '122-viewer-agreement-changed');
});
