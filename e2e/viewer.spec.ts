// An outside visitor opens a data room through an email + one-time code + password link: the
// gates in the link's branding, the room, a document page by page (buttons, keys, thumbnails),
// the watermark, a download; then the owner sees the visit through the API (the room's view, the
// document's view with its time and the download, a verified visitor) and got one notification.
// Also: a refusal, an expired link, a German-branded gate and the phone layout. Screenshots 60-69.
import { expect } from '@playwright/test';
import fs from 'node:fs';
import { adminCommand, api, logSize, makePdf, origin, ownerApi, shot, valueFromLog, test } from './support';

test('a visitor passes email, password and code, reads a room document, downloads it; the owner sees the visit', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { team, token, call, uploadPdf } = ownerApi('viewer-e2e');
  const owner = `owner.${Date.now().toString(36)}@falcon.example`;
  adminCommand(['team', 'add-member', team, owner, '--role', 'admin']);

  // The owner's room: a folder, two documents, a brand, and the link.
  const room = await call('POST', '/v1/datarooms', { name: 'Project Falcon', description: 'Series B data room' });
  const folder = await call('POST', `/v1/datarooms/${room.id}/folders`, { name: 'Financials' });
  const model = await uploadPdf('Financial model.pdf', 6);
  const teaser = await uploadPdf('Teaser.pdf', 2);
  const placed = await call('POST', `/v1/datarooms/${room.id}/documents`, { document_id: model.id, folder_id: folder.id });
  await call('POST', `/v1/datarooms/${room.id}/documents`, { document_id: teaser.id });
  const brand = await call('POST', '/v1/brands', {
    name: 'Falcon',
    brand_color: '#0f4c81',
    cta_label: 'Contact the team',
    cta_url: 'https://falcon.example/contact',
    welcome_message: 'Welcome to the Falcon data room.',
  });
  const link = await call('POST', '/v1/links', {
    dataroom_id: room.id,
    name: 'Falcon investors',
    brand_id: brand.id,
    email_authenticated: true,
    password: 'falcon-2026',
    allow_download: true,
    welcome_message: 'Please confirm your email to open the Falcon room.',
    watermark_config: { text: '{{email}} · {{date}}', is_tiled: true, opacity: 0.15, font_size: 18 },
  });
  const url: string = link.url;
  expect(url.startsWith(`${origin()}/view/`)).toBe(true);
  const visitor = 'ada.lovelace@fund.example';

  // The gates: email, password, then the code mailed to the address.
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Enter your email to continue' })).toBeVisible();
  await expect(page.getByText('Please confirm your email to open the Falcon room.')).toBeVisible();
  await expect(page.getByTestId('viewer-cta')).toHaveText('Contact the team');
  await shot(page, '60-viewer-email-gate');
  await page.getByLabel('Email address').fill('Ada.Lovelace@Fund.Example');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'This link is protected by a password' })).toBeVisible();
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('gate-error')).toHaveText('That password is not right.');
  await shot(page, '61-viewer-password-wrong');
  const since = logSize();
  await page.getByLabel('Password').fill('falcon-2026');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(`If ${visitor} may open this link, a 6-digit code is on its way to it.`)).toBeVisible();
  const code = await valueFromLog('one-time code', visitor, since);
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel('Verification code').fill(code);
  await shot(page, '62-viewer-code-gate');
  await page.getByRole('button', { name: 'Verify' }).click();

  // The room: folders, documents, breadcrumbs, search.
  await expect(page.getByTestId('room-view')).toBeVisible();
  await expect(page.getByTestId('room-folder')).toHaveText(/Financials/);
  await expect(page.getByTestId('room-document')).toHaveCount(1);
  await expect(page.getByText(`Viewing as ${visitor}`)).toBeVisible();
  await shot(page, '63-viewer-room');
  await page.getByPlaceholder('Search this room').fill('model');
  await page.getByPlaceholder('Search this room').press('Enter');
  await expect(page.getByTestId('room-document')).toHaveText(/Financial model\.pdf/);
  await page.getByTestId('room-document').getByRole('link', { name: /^([\d.]+ )?Financial model\.pdf/ }).click();

  // The document: page images, the watermark, buttons, keys and thumbnails.
  await expect(page.getByTestId('document-viewer')).toBeVisible();
  await expect(page.getByTestId('breadcrumbs')).toContainText('Project Falcon');
  await expect(page.getByTestId('breadcrumbs')).toContainText('Financials');
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 of 6');
  const img = page.getByTestId('page-image');
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId('watermark').first()).toContainText(visitor);
  await page.getByTestId('page-next').click();
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 2 of 6');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 3 of 6');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 2 of 6');
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link').nth(4).click();
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 5 of 6');
  await expect(page).toHaveURL(/page=5/);
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
  await shot(page, '64-viewer-document');
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByTestId('zoom-level')).toHaveText('125%');

  // Reading time: let a heartbeat go out.
  await page.mouse.move(300, 300);
  await page.waitForTimeout(11_000);
  await page.mouse.move(320, 320);

  // Download: the PDF, watermarked.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download').click()]);
  expect(download.suggestedFilename()).toBe('Financial model.pdf');
  const file = fs.readFileSync((await download.path())!);
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await shot(page, '65-viewer-document-zoomed-out');

  // The same session walks straight back in.
  await page.goto(url);
  await expect(page.getByTestId('room-view')).toBeVisible();

  // On a phone.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const cookies = await page.context().cookies();
  await phone.addCookies(cookies);
  const p2 = await phone.newPage();
  await p2.goto(`${url}/d/${placed.id}?page=2`);
  await expect(p2.getByTestId('page-indicator')).toHaveText('Page 2 of 6');
  await expect.poll(() => p2.getByTestId('page-image').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
  await shot(p2, '66-viewer-phone');
  await phone.close();

  // The owner sees the visit through the API.
  await expect
    .poll(async () => (await api(`/v1/links/${link.id}/views`, token)).body.data.find((v: any) => v.view_type === 'DOCUMENT_VIEW')?.duration_seconds ?? 0, { timeout: 20_000 })
    .toBeGreaterThan(0);
  const views = (await api(`/v1/links/${link.id}/views`, token)).body.data;
  expect(views.map((v: any) => v.view_type).sort()).toEqual(['DATAROOM_VIEW', 'DOCUMENT_VIEW']);
  const docView = views.find((v: any) => v.view_type === 'DOCUMENT_VIEW');
  expect(docView).toMatchObject({ viewer_email: visitor, verified: true, document_id: model.id, dataroom_id: room.id, download_type: 'SINGLE' });
  expect(docView.downloaded_at).not.toBeNull();
  const visitors = (await api(`/v1/visitors?email=${encodeURIComponent(visitor)}`, token)).body.data;
  expect(visitors[0]).toMatchObject({ email: visitor, verified: true, dataroom_id: room.id });
  expect(await valueFromLog('view notification', owner, since)).toContain(`/links/${link.id}`);
});

test('refusals, expiry and language in the viewer', async ({ page, browser }) => {
  const { call } = ownerApi('viewer-e2e-b');
  const doc = await call('POST', '/v1/documents', { type: 'link', external_url: 'https://example.com/memo', name: 'Memo' });

  // An allow list that does not name the visitor: a refusal that names no rule.
  const listed = await call('POST', '/v1/links', { document_id: doc.id, allow_list: ['partners.example'], email_authenticated: false });
  await page.goto(listed.url);
  await page.getByLabel('Email address').fill('someone@else.example');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('gate-error')).toContainText('This link is not available to you.');
  await shot(page, '67-viewer-refused');

  // An expired link.
  const expiring = await call('POST', '/v1/links', { document_id: doc.id, expires_at: new Date(Date.now() + 1500).toISOString() });
  await page.waitForTimeout(1800);
  const res = await page.goto(expiring.url);
  expect(res?.status()).toBe(410);
  await expect(page.getByTestId('link-expired')).toHaveText('This link has expired');
  await shot(page, '68-viewer-expired');

  // A German brand, a custom field and a banner.
  const brand = await call('POST', '/v1/brands', { name: 'Kanzlei', brand_color: '#7c2d12', default_language: 'de', viewer_header_style: 'light' });
  const german = await call('POST', '/v1/links', {
    document_id: doc.id,
    brand_id: brand.id,
    email_protected: true,
    show_banner: true,
    custom_fields: [{ label: 'Firma', type: 'text', required: true }],
  });
  await page.goto(german.url);
  await expect(page.getByRole('heading', { name: 'Geben Sie Ihre E-Mail-Adresse ein, um fortzufahren' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('viewer-banner')).toBeVisible();
  await shot(page, '69-viewer-german');
  await page.getByLabel('E-Mail-Adresse').fill('anna@kanzlei.example');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { name: 'Noch ein paar Angaben, bevor es weitergeht' })).toBeVisible();
  await page.getByLabel('Firma').fill('Kanzlei Schmidt');
  // The link document opens where it lives once the gates are passed.
  await page.route('https://example.com/**', (r) => r.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Memo</h1>' }));
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL('https://example.com/memo');

  // A browser that drops cookies comes back from /enter without the session it was given: a page
  // that says so instead of a redirect loop (the whole round trip is tested over HTTP).
  const open = await call('POST', '/v1/links', { document_id: doc.id, brand_id: brand.id });
  const cookieless = await browser.newContext();
  const p2 = await cookieless.newPage();
  const entered = await p2.request.get(`${open.url}/enter`, { maxRedirects: 0 });
  expect(entered.headers()['set-cookie']).toMatch(/^quire_view=/);
  await cookieless.clearCookies();
  await p2.goto(new URL(entered.headers()['location']!, open.url).toString());
  await expect(p2.getByTestId('cookies-blocked')).toHaveText('Cookies sind blockiert');
  await expect(p2.getByRole('link', { name: 'Erneut versuchen' })).toBeVisible();
  await shot(p2, '69b-viewer-cookies-blocked');
  await cookieless.close();
});

test('the sidebar layout preset puts the brand in a column beside the room', async ({ page }) => {
  const { call } = ownerApi('viewer-e2e-c');
  const room = await call('POST', '/v1/datarooms', { name: 'Northstar diligence', description: 'Everything for the Northstar review' });
  const legal = await call('POST', `/v1/datarooms/${room.id}/folders`, { name: 'Legal' });
  await call('POST', `/v1/datarooms/${room.id}/folders`, { name: 'Finance' });
  const memo = await call('POST', '/v1/documents', { type: 'link', external_url: 'https://example.com/memo', name: 'Investment memo' });
  await call('POST', `/v1/datarooms/${room.id}/documents`, { document_id: memo.id, folder_id: legal.id });
  const terms = await call('POST', '/v1/documents', { type: 'link', external_url: 'https://example.com/terms', name: 'Term sheet' });
  await call('POST', `/v1/datarooms/${room.id}/documents`, { document_id: terms.id });
  const brand = await call('POST', '/v1/brands', {
    name: 'Northstar',
    brand_color: '#1e3a8a',
    viewer_layout_preset: 'sidebar',
    cta_label: 'Contact the deal team',
    cta_url: 'https://northstar.example/contact',
  });
  const link = await call('POST', '/v1/links', { dataroom_id: room.id, brand_id: brand.id, welcome_message: 'Welcome to the Northstar room.' });
  await page.goto(link.url);
  await expect(page.getByTestId('room-view')).toBeVisible();
  const side = page.getByTestId('viewer-header');
  await expect(side).toHaveJSProperty('tagName', 'ASIDE');
  const box = (await side.boundingBox())!;
  const content = (await page.getByTestId('room-view').boundingBox())!;
  // A full-height column at the left, the room to its right.
  expect(box.x).toBe(0);
  expect(box.height).toBeGreaterThanOrEqual(790);
  expect(content.x).toBeGreaterThanOrEqual(box.x + box.width);
  await expect(side.getByTestId('viewer-cta')).toBeVisible();
  await shot(page, '69c-viewer-sidebar');
  // A phone keeps the bar above the content.
  await page.setViewportSize({ width: 390, height: 844 });
  const bar = (await side.boundingBox())!;
  expect(bar.width).toBe(390);
  expect(bar.height).toBeLessThan(80);
  await shot(page, '69d-viewer-sidebar-phone');
});
