// Internals and API wording kept out of the screens (issue 41 item 10): a document's format in
// words (not its MIME type), an agreement's version as a short label (not a 64-hex hash), "1 page"
// in a room's tiles, a visitor first seen on a document link named so (not "—"), the link
// dialog's group picker wide enough for a long group name, and a refused visitor's address
// offered again on the request form. Screenshots 207-211.
import { expect, type Locator } from '@playwright/test';
import { newOwnerTeam, shot, test, uniqueEmail } from './support';

/** Whether a select's chosen option fits its box (a select cuts its text off without a sign). */
const optionFits = (select: Locator) =>
  select.evaluate((el: HTMLSelectElement) => {
    const cs = getComputedStyle(el);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    return ctx.measureText(el.selectedOptions[0]!.text).width <= room;
  });

test('the dashboard and the viewer speak people’s words, not the API’s', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { call, uploadPdf } = await newOwnerTeam(page, 'Harbor Sellers', 'datarooms-plus');
  const teaser = await uploadPdf('Teaser.pdf', 1);

  // A document's format in words.
  await page.goto(`/documents/${teaser.id}`);
  await expect(page.getByTestId('document-format')).toHaveText('PDF document');
  await expect(page.getByText('application/pdf')).toHaveCount(0);
  await expect(page.getByTestId('document-details-length')).toHaveText('1 page');
  await shot(page, '207-document-details-format');

  // An agreement's version: a short label, the full hash only on hover.
  const nda = await call('POST', '/v1/agreements', { name: 'Harbor NDA', content_type: 'text', text: 'Keep it confidential.' });
  await page.goto(`/agreements/${nda.id}`);
  await expect(page.getByTestId('agreement-version')).toHaveText(nda.version.slice(0, 8));
  await expect(page.getByText(nda.version)).toHaveCount(0);
  await shot(page, '208-agreement-version-label');

  // A room's tile counts one page as "1 page".
  const room = await call('POST', '/v1/datarooms', { name: 'Project Harbor' });
  await call('POST', `/v1/datarooms/${room.id}/documents`, { document_id: teaser.id });
  const group = await call('POST', `/v1/datarooms/${room.id}/groups`, { name: 'Buyer A – strategic bidders from the first round' });
  const roomLink = await call('POST', '/v1/links', { dataroom_id: room.id, name: 'Everyone' });
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(new URL(roomLink.url).pathname);
  await expect(visitor.getByTestId('room-document').filter({ hasText: 'Teaser.pdf' }).getByTestId('room-document-kind')).toHaveText('1 page');

  // A visitor who came through a document link: where they were first seen says so.
  const docLink = await call('POST', '/v1/links', { document_id: teaser.id, name: 'Teaser link', email_protected: true, email_authenticated: false });
  const who = uniqueEmail('reader');
  await visitor.goto(new URL(docLink.url).pathname);
  await visitor.getByLabel('Email address').fill(who);
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await expect(visitor.getByTestId('document-viewer')).toBeVisible();
  await visitorContext.close();
  await page.goto('/visitors');
  const row = page.getByTestId('visitor-row').filter({ hasText: who });
  await expect(row).toContainText('A document link');
  await expect(row).not.toContainText('—');
  await shot(page, '209-visitors-first-seen');

  // The link dialog's group picker shows a long group name whole.
  await page.goto('/links');
  await page.getByRole('button', { name: 'New link' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'A data room' }).click();
  await dialog.getByLabel('Data room').selectOption({ label: 'Project Harbor' });
  const audience = dialog.getByLabel('Who it is for');
  await audience.selectOption({ label: `Group: ${group.name}` });
  expect(await optionFits(audience)).toBe(true);
  await shot(page, '210-link-dialog-group-picker');
});

test('a refused visitor finds their address already on the request form', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const owner = await context.newPage();
  const { call, uploadPdf } = await newOwnerTeam(owner, 'Harbor Buyers');
  const doc = await uploadPdf('CIM.pdf', 2);
  const link = await call('POST', '/v1/links', { document_id: doc.id, name: 'CIM', email_protected: true, email_authenticated: false, allow_list: ['someone@fund.example'], allow_access_requests: true });
  await context.close();

  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await visitorContext.newPage();
  const who = uniqueEmail('olivia');
  await visitor.goto(new URL(link.url).pathname);
  await visitor.getByLabel('Email address').fill(who);
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await visitor.getByTestId('request-access').click();
  await expect(visitor.getByTestId('request-form').getByLabel('Email address')).toHaveValue(who);
  await shot(visitor, '211-viewer-request-form-prefilled');
  await visitorContext.close();
});
