// Every dashboard page hydrates without React's mismatch errors (issue 41 item 10: #418 once in
// the console) in a browser whose time zone and language are not the server's: what the server
// renders is what the browser renders first.
import { expect, type ConsoleMessage } from '@playwright/test';
import { logSize, newOwnerTeam, test, valueFromLog } from './support';

test('dashboard pages hydrate without a mismatch in another time zone and language', async ({ browser }) => {
  // Nineteen pages, each waited on until the network is quiet (at most 10 s): 1.6 min alone beside
  // a CI run.
  test.setTimeout(480_000);
  const context = await browser.newContext({ timezoneId: 'Pacific/Auckland', locale: 'de-DE' });
  const page = await context.newPage();
  const errors: string[] = [];
  const watch = (m: ConsoleMessage) => {
    if (m.type() === 'error' && /hydrat|#418|#423|#425|did not match/i.test(m.text())) errors.push(`${page.url()}: ${m.text()}`);
  };
  page.on('console', watch);
  page.on('pageerror', (e) => {
    if (/hydrat|#418|#423|#425/i.test(e.message)) errors.push(`${page.url()}: ${e.message}`);
  });

  const { call, uploadPdf } = await newOwnerTeam(page, 'Tasman Partners', 'datarooms-plus');
  const doc = await uploadPdf('Teaser.pdf', 2);
  const room = await call('POST', '/v1/datarooms', { name: 'Project Tasman' });
  await call('POST', `/v1/datarooms/${room.id}/documents`, { document_id: doc.id });
  const group = await call('POST', `/v1/datarooms/${room.id}/groups`, { name: 'Buyer A' });
  const expires = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const link = await call('POST', '/v1/links', { document_id: doc.id, name: 'Investors', expires_at: expires, allow_access_requests: true, email_protected: true, allow_list: ['someone@fund.example'] });
  await call('POST', '/v1/links', { dataroom_id: room.id, audience_type: 'group', group_id: group.id, name: 'Buyer A link' });
  const nda = await call('POST', '/v1/agreements', { name: 'Tasman NDA', content_type: 'text', text: 'Keep it confidential.' });
  await call('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['link.created'] });

  // A visit, so visitors and views have rows with dates: through the one-time code to the pages
  // (closing the page while its Continue was still answered once hung for the test's 8 minutes).
  const visitor = await context.newPage();
  await visitor.goto(new URL(link.url).pathname);
  await visitor.getByLabel('Email address').fill('someone@fund.example');
  const sent = logSize();
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await expect(visitor.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await visitor.getByLabel('Verification code').fill(await valueFromLog('one-time code', 'someone@fund.example', sent));
  await visitor.getByRole('button', { name: 'Verify' }).click();
  await expect(visitor.getByTestId('page-indicator')).toHaveText('Page 1 of 2');
  await visitor.close();

  const visitors = await call('GET', '/v1/visitors');
  expect(visitors.data).toHaveLength(1);
  const paths = [
    '/documents',
    `/documents/${doc.id}`,
    '/links',
    `/links/${link.id}`,
    '/datarooms',
    `/datarooms/${room.id}`,
    '/visitors',
    `/visitors/${visitors.data[0].id}`,
    '/analytics',
    '/agreements',
    `/agreements/${nda.id}`,
    '/access-requests',
    '/branding',
    '/settings/team',
    '/settings/presets',
    '/settings/tokens',
    '/settings/webhooks',
    '/settings/audit-log',
    '/settings/connected-apps',
  ];
  for (const p of paths) {
    await page.goto(p);
    // A page that polls what is still processing (the teaser's text, read behind CI's other files)
    // never goes quiet: at most 10 s of waiting for quiet a page, long after it has hydrated (the
    // unbounded wait ran the test out of its 8 minutes in CI).
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  }
  expect(errors).toEqual([]);
  await context.close();
});
