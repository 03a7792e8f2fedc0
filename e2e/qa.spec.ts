// Room Q&A in the browser: a visitor asks about the page they are reading, the team answers in
// the room's Q&A tab and publishes it, the visitor sees the answer under "My questions" and in
// the FAQ. Question text stays text everywhere. Screenshots 130-134.
import { expect } from '@playwright/test';
import { adminCommand, logSize, ownerApi, shot, signIn, test, uniqueEmail, valueFromLog } from './support';

test('a visitor asks on a page; the team answers and publishes; the visitor sees the answer and the FAQ', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { team, call, uploadPdf } = ownerApi('qa-e2e');
  const room = await call('POST', '/v1/datarooms', { name: 'Project Heron', qa_enabled: true, qa_limit_per_visitor_per_day: 5 });
  const lease = await uploadPdf('Lease agreement.pdf', 4);
  await call('POST', `/v1/datarooms/${room.id}/documents`, { document_id: lease.id });
  const link = await call('POST', '/v1/links', { dataroom_id: room.id, email_authenticated: true });
  const visitor = 'ada@fund.example';
  const question = 'Who signed <b>page 2</b>? Is the guarantor bound?';

  // The visitor: email and code, the room, the document, page 2.
  await page.goto(link.url);
  await page.getByLabel('Email address').fill(visitor);
  const since = logSize();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Verification code').fill(await valueFromLog('one-time code', visitor, since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('qa-panel')).toBeVisible();
  await page.getByTestId('room-document').getByRole('link', { name: /^(\d+ )?Lease agreement\.pdf/ }).click();
  await expect(page.getByTestId('document-viewer')).toBeVisible();
  await page.getByTestId('page-next').click();
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 2 of 4');

  const panel = page.getByTestId('qa-panel');
  await expect(panel.getByLabel('This page (page 2)')).toBeChecked();
  await panel.getByLabel('Your question').fill(question);
  await expect(panel.getByText('5 of 5 left today')).toBeVisible();
  await shot(page, '130-qa-viewer-panel');
  await panel.getByRole('button', { name: 'Send question' }).click();
  await expect(panel.getByRole('status')).toHaveText('Your question was sent. You will get an email when it is answered.');
  await expect(panel.getByText('4 of 5 left today')).toBeVisible();
  await panel.getByRole('tab', { name: /My questions/ }).click();
  await expect(panel.getByTestId('my-question')).toContainText(question);
  await expect(panel.getByTestId('my-question')).toContainText('Lease agreement.pdf · page 2');
  await expect(panel.getByTestId('my-question')).toContainText('Waiting for an answer');
  // The markup is text: no <b> element was made of it.
  await expect(panel.locator('b')).toHaveCount(0);

  // The team: the count in the navigation and on the tab, the question unanswered first.
  const owner = uniqueEmail('qa-owner');
  adminCommand(['team', 'add-member', team, owner, '--role', 'admin']);
  const dash = await (await browser.newContext()).newPage();
  await dash.goto('/signin');
  await signIn(dash, owner);
  await expect(dash).toHaveURL(/\/documents$/);
  await expect(dash.getByRole('link', { name: /Data rooms/ }).first()).toContainText('1');
  await dash.goto(`/datarooms/${room.id}?tab=qa`);
  await expect(dash.getByRole('tab', { name: /Q&A/ })).toContainText('1');
  const card = dash.getByTestId('question').first();
  await expect(card).toContainText(question);
  await expect(card).toContainText(visitor);
  await expect(card).toContainText('Lease agreement.pdf · page 2');
  await expect(card.locator('b')).toHaveCount(0);
  await shot(dash, '131-qa-dashboard-tab');
  const mailSince = logSize();
  await card.getByLabel('Your answer').fill('Both directors signed page 2; the guarantee is in section 9.');
  await card.getByLabel('Publish to the room’s FAQ').check();
  await card.getByRole('button', { name: 'Send answer' }).click();
  await expect(card).toHaveAttribute('data-status', 'answered');
  await expect(card).toContainText('In the FAQ');
  await expect(dash.getByRole('tab', { name: /Q&A/ })).not.toContainText('1');
  await shot(dash, '132-qa-dashboard-answered');
  // The asker is mailed, with a link back to the room.
  expect(await valueFromLog('question answer', visitor, mailSince)).toContain(`${link.url}?qa=`);

  // The visitor: the answer under My questions, and the FAQ.
  await page.reload();
  await panel.getByRole('tab', { name: /My questions/ }).click();
  await expect(panel.getByTestId('my-question')).toContainText('Both directors signed page 2');
  await panel.getByRole('tab', { name: /FAQ/ }).click();
  await expect(panel.getByTestId('faq-entry')).toHaveCount(1);
  await expect(panel.getByTestId('faq-entry')).toContainText(question);
  await shot(page, '133-qa-viewer-faq');

  // A phone: the panel follows the document.
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.getByRole('tab', { name: 'Ask' }).click();
  await panel.getByLabel('Your question').fill('Is there a break clause?');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(panel.getByRole('button', { name: 'Send question' })).toBeInViewport();
  await shot(page, '134-qa-viewer-panel-phone');
});

test('the panel speaks the link’s language, refusals included', async ({ page }) => {
  test.setTimeout(120_000);
  const { call, uploadPdf } = ownerApi('qa-e2e-de');
  const brand = await call('POST', '/v1/brands', { name: 'Kanzlei', brand_color: '#7c2d12', default_language: 'de' });
  const room = await call('POST', '/v1/datarooms', { name: 'Projekt Reiher', qa_enabled: true, qa_limit_per_visitor_per_day: 1 });
  const lease = await uploadPdf('Mietvertrag.pdf', 2);
  await call('POST', `/v1/datarooms/${room.id}/documents`, { document_id: lease.id });
  const link = await call('POST', '/v1/links', { dataroom_id: room.id, email_authenticated: true, brand_id: brand.id });
  const visitor = uniqueEmail('anna');

  await page.goto(link.url);
  await page.getByLabel('E-Mail-Adresse').fill(visitor);
  const since = logSize();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByLabel('Bestätigungscode').fill(await valueFromLog('one-time code', visitor, since));
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  const panel = page.getByTestId('qa-panel');
  await expect(panel.getByRole('heading', { name: 'Eine Frage stellen' })).toBeVisible();
  await page.getByTestId('room-document').getByRole('link', { name: /^(\d+ )?Mietvertrag\.pdf/ }).click();
  await expect(panel.getByLabel('Diese Seite (Seite 1)')).toBeChecked();
  await expect(panel.getByText('Heute noch 1 von 1')).toBeVisible();
  await panel.getByLabel('Ihre Frage').fill('Wer hat unterschrieben?');
  await panel.getByRole('button', { name: 'Frage senden' }).click();
  await expect(panel.getByRole('status')).toHaveText('Ihre Frage wurde gesendet. Sie erhalten eine E-Mail, sobald sie beantwortet ist.');
  // The room's daily limit, refused by the server, told in German.
  await panel.getByLabel('Ihre Frage').fill('Und die Bürgschaft?');
  await panel.getByRole('button', { name: 'Frage senden' }).click();
  await expect(panel.getByRole('alert')).toHaveText(/^Sie haben so viele Fragen gestellt/);
  await shot(page, '135-qa-viewer-german');
  await panel.getByRole('tab', { name: /Meine Fragen/ }).click();
  await expect(panel.getByTestId('my-question')).toContainText('Mietvertrag.pdf · Seite 1');
  await expect(panel.getByTestId('my-question')).toContainText('Wartet auf eine Antwort');
});
