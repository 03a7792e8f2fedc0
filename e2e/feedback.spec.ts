// What a first-time user was told, or not told (issue 26, item 9): a new brand is not "saved",
// the link card shows the app's real origin, permission switches say they saved, the library's
// search says it matches names and text, and the library's row menu shares a document.
import { expect, type Page } from '@playwright/test';
import { adminCommand, api, createTeam, origin, shot, signIn, uniqueEmail, test } from './support';

/** A signed-in user's new team on the Pro plan, and an API token of it. */
async function proTeam(page: Page, name: string) {
  await page.goto('/signin');
  await signIn(page, uniqueEmail('feedback'));
  await createTeam(page, name);
  await page.goto('/branding/new');
  const command = await page.locator('code').filter({ hasText: 'team set-plan' }).first().innerText();
  const slug = /set-plan (\S+) /.exec(command)![1]!;
  adminCommand(['team', 'set-plan', slug, 'pro']);
  const token = adminCommand(['token', 'create', '--team', slug, '--name', 'feedback', '--scopes', 'apis.all']).trim().split('\n').pop()!;
  return { slug, token };
}

async function linkDocument(token: string, name: string) {
  const r = await api('/v1/documents', token, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ type: 'link', external_url: 'https://example.com/memo', name }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as string;
}

test('a new brand is "not saved yet", and its link card shows the app’s own origin and scheme', async ({ page }) => {
  await proTeam(page, 'Feedback Brands');
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
  await expect(page.getByText('Not saved yet')).toBeVisible();
  await expect(page.getByText('All changes saved')).toHaveCount(0);
  // The tests' app runs on http://127.0.0.1:<port>: the card shows exactly that, not https://.
  expect(origin()).toMatch(/^http:\/\//);
  await expect(page.getByTestId('link-preview')).toContainText(`${origin()}/view/…`);
  await shot(page, '90-new-brand-unsaved');

  await page.getByLabel('Name', { exact: true }).fill('Acme');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Create brand' }).click();
  await expect(page).toHaveURL(/\/branding\/(?!new)[^/]+$/);
  await expect(page.getByText('All changes saved')).toBeVisible();
});

test('the library’s search says it matches names and text, and its row menu shares a document', async ({ page }) => {
  const { token } = await proTeam(page, 'Feedback Library');
  const id = await linkDocument(token, 'Board memo');
  await page.goto('/documents');
  const search = page.getByRole('searchbox', { name: 'Search documents' });
  await expect(search).toHaveAttribute('placeholder', /names and text/);
  await search.fill('memo');
  await expect(page.getByText('Names and text in all folders matching')).toBeVisible();
  await search.fill('');
  // The box pushes its query after 250 ms: until then the search's rows stand where the folder's
  // will, and a menu opened on one closes when they are swapped.
  await expect(page.getByText('Names and text in all folders matching')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Folder contents' })).toBeVisible();

  await page.getByTestId('document-row').filter({ hasText: 'Board memo' }).getByRole('button', { name: 'Actions for Board memo' }).click();
  await page.getByRole('menuitem', { name: 'Share…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Share with a link' })).toBeVisible();
  await shot(page, '91-library-row-share');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByRole('heading', { name: 'Your link is ready' })).toBeVisible();
  const links = await api(`/v1/links?document_id=${id}`, token);
  expect(links.status).toBe(200);
  expect(links.body.data).toHaveLength(1);
  await expect(page.getByRole('dialog')).toContainText(links.body.data[0].url);
});

test('a permission switch says when it has saved', async ({ page }) => {
  const { token } = await proTeam(page, 'Feedback Rooms');
  const docId = await linkDocument(token, 'Teaser');
  const json = (body: unknown) => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const room = await api('/v1/datarooms', token, json({ name: 'Deal room' }));
  expect(room.status).toBe(201);
  expect((await api(`/v1/datarooms/${room.body.id}/documents`, token, json({ document_id: docId }))).status).toBe(201);
  expect((await api(`/v1/datarooms/${room.body.id}/groups`, token, json({ name: 'Investors' }))).status).toBe(201);

  await page.goto(`/datarooms/${room.body.id}?tab=permissions`);
  const status = page.getByTestId('permissions-status');
  await expect(status).toHaveText('Changes save as you switch');
  const download = page.getByRole('checkbox', { name: 'Teaser: download' });
  await expect(download).not.toBeChecked();
  await download.click();
  await expect(status).toHaveText('Saved');
  await shot(page, '92-permission-saved');
  // What it said is true: the server has it.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Teaser: download' })).toBeChecked();
});
