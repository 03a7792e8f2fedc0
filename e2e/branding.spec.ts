// Brands and a room's branding in the dashboard: the free plan's explanation, a plan set with
// the admin command, a brand created with a logo uploaded from the file input while the preview
// follows the colour and the welcome message, a refused file with the server's message, the
// delete warning naming the room that falls back, a room set to custom (read-only while frozen)
// and back to the team default, the locked fields of a lower plan, and phone widths.
// Screenshots 50-59.
import { expect, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { createTeam, currentTeamApi, origin, shot, signIn, uniqueEmail, test, chooseFiles } from './support';

const run = promisify(execFile);

/** What an operator runs: `npm run admin -- team set-plan <slug> <plan>`, on the test server's data. */
async function setPlan(slug: string, plan: string) {
  const root = path.join(__dirname, '..');
  const { stdout } = await run(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/admin.ts', 'team', 'set-plan', slug, plan], {
    cwd: root,
    env: { ...process.env, QUIRE_DATA_DIR: process.env.QUIRE_E2E_DATA_DIR! },
    timeout: 60_000,
  });
  expect(stdout).toContain(`is on plan ${plan}`);
}

const svgPng = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

const logoPng = () =>
  svgPng(`<svg xmlns="http://www.w3.org/2000/svg" width="200" height="64">
    <rect x="4" y="8" width="48" height="48" rx="12" fill="#0f766e"/>
    <circle cx="28" cy="32" r="11" fill="none" stroke="#ffffff" stroke-width="5"/>
    <text x="64" y="45" font-family="DejaVu Sans, sans-serif" font-size="34" font-weight="bold" fill="#134e4a">Lumen</text>
  </svg>`);

const bannerPng = () =>
  svgPng(`<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="400">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#134e4a"/><stop offset="1" stop-color="#14b8a6"/></linearGradient></defs>
    <rect width="1600" height="400" fill="url(#g)"/>
    <circle cx="1350" cy="80" r="220" fill="#ffffff" fill-opacity="0.08"/>
    <circle cx="200" cy="420" r="180" fill="#ffffff" fill-opacity="0.06"/>
  </svg>`);

/**
 * A whole long page as a visitor of the dashboard sees it: the window made as tall as the page,
 * so sticky parts (the save bar, the preview) sit where they belong instead of mid-page.
 */
async function pageShot(page: Page, name: string) {
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.min(Math.max(height, size.height), 4000) });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
  await page.setViewportSize(size);
}

/** The preview: the viewer's own page, drawn small. */
const preview = (page: Page) => page.getByTestId('viewer-preview');
/** The preview's header (its colour is the brand's as the browser computed it). */
const headerColor = (page: Page) => preview(page).getByTestId('viewer-header');
/** One part of the viewer page inside the preview, by the viewer's own test id. */
const inPreview = (page: Page, id: string) => preview(page).getByTestId(id);

test('brands: plan gating, a brand with a logo and a live preview, a room set to custom and back', async ({ page }) => {
  await page.goto('/');
  await signIn(page, uniqueEmail('brands'));
  await createTeam(page, 'Lumen Capital');

  // The upload routes answer the API's envelope; without a session, 401.
  const anonymous = await fetch(`${origin()}/api/brands/nope/images/logo`, { method: 'PUT', body: new Uint8Array([1]), headers: { 'Content-Type': 'image/png' } });
  expect(anonymous.status).toBe(401);
  expect((await anonymous.json()).error.code).toBe('unauthorized');

  // On the free plan the section explains that brands need Pro or higher, and how self-hosters set a plan.
  await page.getByRole('link', { name: 'Branding' }).click();
  await expect(page.getByRole('heading', { name: 'Brands need the Pro plan or higher' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New brand' })).toBeDisabled();
  const command = await page.locator('code').filter({ hasText: 'team set-plan' }).first().innerText();
  const slug = /set-plan (\S+) /.exec(command)?.[1];
  expect(slug).toBeTruthy();
  await shot(page, '50-branding-free-plan');

  // An operator moves the team to Data Rooms Plus.
  await setPlan(slug!, 'datarooms-plus');
  await page.reload();
  await expect(page.getByTestId('brand-usage')).toHaveText('0 of 50 brands');
  await expect(page.getByRole('heading', { name: 'No brands yet' })).toBeVisible();
  await shot(page, '51-branding-empty');

  // A new brand: the preview follows the colour, the logo and the welcome message before saving.
  await page.getByRole('link', { name: 'New brand' }).first().click();
  await expect(page.getByRole('heading', { name: 'New brand' })).toBeVisible();
  await expect(headerColor(page)).toHaveCSS('background-color', 'rgb(31, 41, 55)');
  await expect(inPreview(page, 'viewer-logo')).toHaveAttribute('src', /\/brand\/quire-logo\.png$/);
  await page.getByLabel('Name', { exact: true }).fill('Lumen');

  // A file the slot does not take is refused at once, naming what it takes.
  await chooseFiles(page.getByTestId('file-logo'), { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
  await expect(page.getByTestId('image-error-logo')).toHaveText('SVG images are not accepted. This slot takes PNG or JPEG, at most 2 MB.');
  await chooseFiles(page.getByTestId('file-logo'), { name: 'lumen-logo.png', mimeType: 'image/png', buffer: await logoPng() });
  await expect(page.getByTestId('image-error-logo')).toHaveCount(0);
  await expect(inPreview(page, 'viewer-logo')).toHaveAttribute('src', /^blob:/);

  await page.getByLabel('Brand colour', { exact: true }).fill('#0F766E');
  await expect(headerColor(page)).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await expect(inPreview(page, 'viewer-welcome')).toHaveCount(0);
  await page.getByLabel('Welcome message').fill('Welcome to Lumen Capital. Everything you need for the review is here.');
  await expect(inPreview(page, 'viewer-welcome')).toHaveText('Welcome to Lumen Capital. Everything you need for the review is here.');
  await page.getByLabel('Button label').fill('Book a call');
  await page.getByLabel('Button link').fill('https://lumen.example/call');
  await expect(inPreview(page, 'viewer-cta')).toHaveText('Book a call');
  await page.getByLabel('Custom link preview').check();
  await page.getByLabel('Title', { exact: true }).fill('Lumen Capital: data room');
  await page.getByLabel('Description', { exact: true }).fill('Confidential documents for invited investors.');
  await expect(page.getByTestId('link-preview-title')).toHaveText('Lumen Capital: data room');
  await page.getByRole('radio', { name: 'List' }).check();
  // No room or document link yet: the preview says so instead of inventing files.
  await expect(inPreview(page, 'viewer-preview-empty')).toContainText('No data room or document link yet');
  await expect(preview(page)).not.toContainText('Teaser.pdf');
  // The default banner is drawn in the brand colour, on links that show the banner.
  await expect(inPreview(page, 'viewer-banner')).toHaveCount(0);
  await preview(page).getByLabel('As a link that shows the banner').check();
  await expect(inPreview(page, 'viewer-banner')).toHaveAttribute('src', /\/brand\/banner\/0f766e\.svg$/);
  await pageShot(page, '52-brand-editor-new');

  await page.getByRole('button', { name: 'Create brand' }).click();
  await expect(page).toHaveURL(/\/branding\/[a-z0-9]+$/);
  await expect(page.getByRole('heading', { name: 'Lumen', level: 1 })).toBeVisible();
  await expect(page.getByText('Default', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('image-status-logo')).toHaveText(/^200×64 · /);
  await expect(inPreview(page, 'viewer-logo')).toHaveAttribute('src', /\/images\/[a-z0-9]+\/[0-9a-f]{16}\.png$/);
  await expect(headerColor(page)).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await expect(page.getByText('All changes saved')).toBeVisible();

  // A file that passes the browser's check but not the server's stays in its slot with the 422 message.
  const truncated = (await bannerPng()).subarray(0, 2000);
  await chooseFiles(page.getByTestId('file-banner'), { name: 'banner.png', mimeType: 'image/png', buffer: truncated });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('image-error-banner')).toContainText('truncated or corrupt');
  await page.getByRole('button', { name: 'Undo the new banner' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();

  // The list: the brand's card, the default.
  await page.getByRole('link', { name: 'Branding' }).first().click();
  const card = page.getByTestId('brand-card').filter({ hasText: 'Lumen' });
  await expect(card).toContainText('Default');
  await expect(page.getByTestId('brand-usage')).toHaveText('1 of 50 brands');
  await shot(page, '53-brands-list');

  // A room created now is pinned to the default brand.
  await page.getByRole('link', { name: 'Data rooms' }).first().click();
  await page.getByRole('button', { name: 'New data room' }).first().click();
  await page.getByLabel('Name', { exact: true }).fill('Project Lumen');
  await page.getByRole('button', { name: 'Create room' }).click();
  await expect(page.getByRole('heading', { name: 'Project Lumen' })).toBeVisible();
  const roomUrl = page.url();
  // Two folders: the preview draws the room's real content.
  for (const folder of ['Financials', 'Legal']) {
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByLabel('Folder name').fill(folder);
    await page.getByRole('button', { name: 'Create folder' }).click();
    await expect(page.getByRole('navigation', { name: 'Room folders' }).getByRole('button', { name: new RegExp(folder) })).toBeVisible();
  }
  await page.getByRole('tab', { name: 'Branding' }).click();
  await expect(page.getByTestId('effective-source')).toHaveText('The brand “Lumen”, chosen for this room');
  await expect(headerColor(page)).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await expect(inPreview(page, 'viewer-welcome')).toContainText('Welcome to Lumen Capital');
  await expect(inPreview(page, 'room-folder')).toHaveText(['1 Financials', '2 Legal']);
  await expect(inPreview(page, 'breadcrumbs')).toHaveText('Project Lumen');
  await expect(inPreview(page, 'viewer-banner')).toHaveCount(0);
  await pageShot(page, '54-room-branding');

  // The real viewer of a link to the room shows the same page: header, folders, the banner in the brand colour.
  const roomId = /\/datarooms\/([^/?#]+)/.exec(roomUrl)![1]!;
  const created = await page.evaluate(async (id) => {
    const r = await fetch('/api/trpc/links.create', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ dataroom_id: id, show_banner: true }) });
    return (await r.json()).result.data as { url: string };
  }, roomId);
  await preview(page).getByLabel('As a link that shows the banner').check();
  const previewBanner = await inPreview(page, 'viewer-banner').getAttribute('src');
  expect(previewBanner).toMatch(/\/brand\/banner\/0f766e\.svg$/);
  const visitor = await page.context().newPage();
  await visitor.goto(created.url);
  await expect(visitor.getByTestId('viewer-header')).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await expect(visitor.getByTestId('room-folder')).toHaveText(['1 Financials', '2 Legal']);
  await expect(visitor.getByTestId('viewer-welcome')).toContainText('Welcome to Lumen Capital');
  expect(await visitor.getByTestId('viewer-banner').getAttribute('src')).toBe(previewBanner);
  const banner = await visitor.request.get(previewBanner!);
  expect(banner.headers()['content-type']).toBe('image/svg+xml');
  await shot(visitor, '54b-room-viewer-from-link');
  await visitor.close();

  // Deleting the brand would move that room: the warning names it. Escape keeps everything.
  await page.getByRole('link', { name: 'Branding' }).first().click();
  await card.getByRole('button', { name: 'Actions for Lumen' }).click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  const warning = page.getByRole('alertdialog');
  await expect(warning.getByTestId('dependent-rooms')).toContainText('Project Lumen');
  await expect(warning).toContainText('It is the team’s only brand');
  await shot(page, '55-brand-delete-warning');
  await page.keyboard.press('Escape');
  await expect(warning).toBeHidden();
  await expect(card).toBeVisible();

  // The room gets its own branding, starting from the brand, then a change of its own.
  await page.goto(`${roomUrl}?tab=branding`);
  await page.getByRole('radio', { name: /^Custom/ }).check();
  await page.getByRole('button', { name: 'Use custom branding' }).click();
  await expect(page.getByTestId('effective-source')).toHaveText('This room’s custom branding');
  await expect(page.getByLabel('Brand colour', { exact: true })).toHaveValue('#0f766e');
  await page.getByLabel('Brand colour', { exact: true }).fill('#7c3aed');
  await expect(headerColor(page)).toHaveCSS('background-color', 'rgb(124, 58, 237)');
  // The service banner follows the new colour before a banner of its own replaces it.
  await preview(page).getByLabel('As a link that shows the banner').check();
  await expect(inPreview(page, 'viewer-banner')).toHaveAttribute('src', /\/brand\/banner\/7c3aed\.svg$/);
  await page.getByLabel('Welcome message').fill('Welcome, investors of Project Lumen.');
  await expect(inPreview(page, 'viewer-welcome')).toHaveText('Welcome, investors of Project Lumen.');
  await chooseFiles(page.getByTestId('file-banner'), { name: 'lumen-banner.png', mimeType: 'image/png', buffer: await bannerPng() });
  await page.getByRole('button', { name: 'Save branding' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(page.getByTestId('image-status-banner')).toHaveText(/^1600×400 · /);
  await expect(inPreview(page, 'viewer-banner')).toHaveAttribute('src', /\/images\/[a-z0-9]+\/[0-9a-f]{16}\.png$/);
  await page.reload();
  await expect(inPreview(page, 'viewer-welcome')).toHaveText('Welcome, investors of Project Lumen.');
  await expect(headerColor(page)).toHaveCSS('background-color', 'rgb(124, 58, 237)');
  await pageShot(page, '56-room-branding-custom');

  // A frozen room shows its branding read-only.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Freeze room' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Freeze room' }).click();
  await expect(page.getByRole('button', { name: 'Unfreeze' })).toBeVisible();
  await page.getByRole('tab', { name: 'Branding' }).click();
  await expect(page.getByRole('note').filter({ hasText: 'The room is frozen, so its branding is read-only.' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Team default/ })).toBeDisabled();
  await expect(page.getByLabel('Brand colour', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('Welcome message')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save branding' })).toHaveCount(0);
  await expect(inPreview(page, 'viewer-welcome')).toHaveText('Welcome, investors of Project Lumen.');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Unfreeze' }).click();
  await expect(page.getByRole('button', { name: 'Freeze room' })).toBeVisible();
  await page.getByRole('tab', { name: 'Branding' }).click();

  // Back to the team default: the custom settings go, after a confirmation.
  await page.getByRole('radio', { name: /^Team default/ }).check();
  await page.getByRole('button', { name: 'Follow the team default' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete custom settings' }).click();
  await expect(page.getByTestId('effective-source')).toHaveText('The team default brand, “Lumen”');
  await expect(headerColor(page)).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await expect(inPreview(page, 'viewer-welcome')).toContainText('Welcome to Lumen Capital');

  // A lower plan: the fields it lacks are locked, each naming the plan that unlocks it.
  await setPlan(slug!, 'pro');
  // A fresh load (a client-side click could still be on its way when a reload fires).
  await page.goto('/branding');
  await expect(page.getByTestId('brand-usage')).toHaveText('1 of 1 brand');
  await expect(page.getByRole('button', { name: 'New brand' })).toBeDisabled();
  await expect(page.getByText('The Pro plan includes 1 brand, and the team has 1.')).toBeVisible();
  await card.getByRole('link', { name: 'Lumen' }).click();
  await expect(page.getByTestId('locked-notice')).toBeVisible();
  await expect(page.getByLabel('Welcome message')).toBeDisabled();
  await expect(page.getByLabel('Brand colour', { exact: true })).toBeEnabled();
  const locks = page.getByTestId('plan-lock');
  await expect(locks.filter({ hasText: 'Business plan' }).first()).toBeVisible();
  await expect(locks.filter({ hasText: /^Needs the Data Rooms plan$/ }).first()).toBeVisible();
  await expect(locks.filter({ hasText: 'Data Rooms Plus plan' })).toHaveCount(1);
  // Visitors see the defaults of what the plan lacks.
  await expect(inPreview(page, 'viewer-welcome')).toHaveCount(0);
  await expect(inPreview(page, 'room-view')).toHaveAttribute('data-layout', 'grid');
  await page.getByTestId('locked-notice').scrollIntoViewIfNeeded();
  await pageShot(page, '57-locked-fields');

  // Phone width: the preview stacks under the form.
  await setPlan(slug!, 'datarooms-plus');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const form = page.getByRole('group', { name: 'Branding settings' });
  await expect(page.getByTestId('viewer-preview')).toBeVisible();
  const formBox = (await form.boundingBox())!;
  const previewBox = (await page.getByTestId('viewer-preview').boundingBox())!;
  expect(previewBox.y).toBeGreaterThan(formBox.y + formBox.height - 1);
  expect(previewBox.width).toBeLessThanOrEqual(390);
  await pageShot(page, '58-phone-brand-editor');

  await page.goto(`${roomUrl}?tab=branding`);
  await expect(page.getByTestId('effective-source')).toHaveText('The team default brand, “Lumen”');
  await pageShot(page, '59-phone-room-branding');

  // A brand is on document links too. The default brand is on every link that pins none; a link
  // pinned to another brand shows that one, and its editor shows that link's document (the brand
  // is on no room), drawn by the viewer's own document components with the real pages.
  await page.setViewportSize({ width: 1280, height: 800 });
  const owner = await currentTeamApi(page);
  const teaser = await owner.uploadPdf('Lumen teaser.pdf', 2);
  const harbor = await owner.call('POST', '/v1/brands', { name: 'Harbor', brand_color: '#b91c1c' });
  const onDefault = await owner.call('POST', '/v1/links', { document_id: teaser.id, name: 'Northwind' });
  const onHarbor = await owner.call('POST', '/v1/links', { document_id: teaser.id, name: 'Harbor only', brand_id: harbor.id });
  await page.goto('/branding');
  await card.getByRole('link', { name: 'Lumen' }).click();
  const picker = preview(page).getByLabel('Room or link shown in the preview');
  await expect(picker.locator('option')).toHaveText(['Project Lumen', 'Northwind (Lumen teaser.pdf)']);
  await expect(inPreview(page, 'room-view')).toBeVisible();
  await picker.selectOption(`link:${onDefault.id}`);
  await expect(inPreview(page, 'document-viewer')).toBeVisible();
  await expect(inPreview(page, 'page-indicator')).toHaveText('Page 1 of 2');
  await expect(inPreview(page, 'page-frame')).toHaveAttribute('data-state', 'loaded', { timeout: 30_000 });
  expect(await inPreview(page, 'page-image').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(headerColor(page)).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await expect(preview(page)).toContainText('Lumen teaser.pdf');
  // The picture reports nothing and leaves the dashboard's address alone.
  expect(new URL(page.url()).searchParams.has('page')).toBe(false);
  await pageShot(page, '54c-brand-preview-document-link');

  await page.goto(`/branding/${harbor.id}`);
  await expect(preview(page)).toHaveAttribute('data-shown', 'document');
  await expect(preview(page).getByLabel('Room or link shown in the preview')).toHaveCount(0);
  await expect(headerColor(page)).toHaveCSS('background-color', 'rgb(185, 28, 28)');
  await expect(inPreview(page, 'page-frame')).toHaveAttribute('data-state', 'loaded', { timeout: 30_000 });
  await expect(page.getByTestId('viewer-preview-unused')).toHaveCount(0);
  // Harbor sets no card title: a pasted link's card takes the shown document's name, as the real one does.
  await expect(page.getByTestId('link-preview-title')).toHaveText('Lumen teaser.pdf');
  // The real viewer of that link: the same brand, the same document, the same card title.
  const visitor2 = await page.context().newPage();
  await visitor2.goto(onHarbor.url);
  await expect(visitor2).toHaveTitle('Lumen teaser.pdf');
  await expect(visitor2.getByTestId('viewer-header')).toHaveCSS('background-color', 'rgb(185, 28, 28)');
  await expect(visitor2.getByTestId('page-indicator')).toHaveText('Page 1 of 2');
  await visitor2.close();
  await pageShot(page, '54d-brand-preview-only-link');
});
