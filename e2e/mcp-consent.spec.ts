// An MCP client connects through the issuer in a real browser (authorization code + PKCE): the
// agent registers itself, opens the authorization URL, the signed-out user signs in, reviews the
// unverified app (where the browser returns to, what it reaches, the scopes in plain words), picks
// the team and approves; the browser lands on the agent's loopback callback with a code the agent
// exchanges for a token that works on /mcp. Connected apps lists it; revoking ends it. Also a
// denial and the consent screen at phone width.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';
import { createTeam, origin, shot, signIn, uniqueEmail, test } from './support';

/** The agent's loopback redirect: answers the browser and hands the callback's query to the test. */
async function loopback() {
  const hits: URL[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/callback') hits.push(url); // not the browser's /favicon.ico
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>Desk Agent is connected. You can close this window.</p>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const redirect = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  return { redirect, hits, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function registerAgent(redirect: string) {
  const r = await fetch(`${origin()}/oauth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Desk Agent',
      redirect_uris: [redirect],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }),
  });
  expect(r.status).toBe(201);
  return ((await r.json()) as { client_id: string }).client_id;
}

function authorizationUrl(clientId: string, redirect: string, scope: string) {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const state = crypto.randomBytes(12).toString('base64url');
  const url = new URL('/oauth/authorize', origin());
  url.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirect,
    scope,
    state,
    code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: `${origin()}/mcp`,
  }).toString();
  return { url: url.href, verifier, state };
}

const listTools = (token: string) =>
  fetch(`${origin()}/mcp`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });

async function signedInWithTeam(page: Page, team: string) {
  await page.goto('/signin');
  await signIn(page, uniqueEmail('mcp'));
  await createTeam(page, team);
}

test('an MCP client is approved through the consent screen, works on /mcp, and is revoked in Connected apps', async ({ page }) => {
  const cb = await loopback();
  try {
    const clientId = await registerAgent(cb.redirect);
    const email = uniqueEmail('mcp');
    await page.goto('/signin');
    await signIn(page, email);
    await createTeam(page, 'Northwind Partners');

    const auth = authorizationUrl(clientId, cb.redirect, 'documents.read documents.write links.read');
    await page.goto(auth.url);
    await expect(page).toHaveURL(/\/authorize\/[\w-]+$/);
    await expect(page.getByRole('heading', { name: 'Connect Desk Agent?' })).toBeVisible();
    await expect(page.getByText('Unverified app: registered by its own developer')).toBeVisible();
    await expect(page.getByTestId('redirect-uri')).toHaveText(/127\.0\.0\.1:\d+ \(this computer\)/);
    await expect(page.getByText('Quire for AI agents (MCP)')).toBeVisible();
    await expect(page.getByTestId('scopes')).toContainText('Read your documents and folders');
    await expect(page.getByTestId('scopes')).toContainText('See your share links');
    await expect(page.getByLabel('For team')).toHaveValue(/.+/);
    await shot(page, '160-mcp-consent', { fullPage: true });

    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(new RegExp(`^${cb.redirect.replace(/[.]/g, '\\.')}\\?`));
    await expect(page.getByText('Desk Agent is connected')).toBeVisible();
    const back = cb.hits.at(-1)!;
    expect(back.searchParams.get('state')).toBe(auth.state);
    const code = back.searchParams.get('code')!;
    const t = await fetch(`${origin()}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', client_id: clientId, code, redirect_uri: cb.redirect, code_verifier: auth.verifier }),
    });
    expect(t.status).toBe(200);
    const { access_token } = (await t.json()) as { access_token: string };
    const tools = await listTools(access_token);
    expect(tools.status).toBe(200);
    expect(JSON.stringify(await tools.json())).toContain('documents-list');

    await page.goto('/settings/connected-apps');
    const row = page.getByTestId('connected-app-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Desk Agent');
    await expect(row).toContainText('Unverified');
    await expect(row).toContainText(`${email} (you)`);
    await shot(page, '161-connected-apps-mcp');
    await row.getByRole('button', { name: 'Revoke Desk Agent' }).click();
    await page.getByRole('button', { name: 'Revoke access' }).click();
    await expect(page.getByText('No connected apps')).toBeVisible();
    expect((await listTools(access_token)).status).toBe(401);
  } finally {
    await cb.close();
  }
});

test('a denial returns to the app with access_denied; the consent screen at phone width', async ({ page }) => {
  const cb = await loopback();
  try {
    const clientId = await registerAgent(cb.redirect);
    await signedInWithTeam(page, 'Pocket Capital');
    await page.setViewportSize({ width: 390, height: 844 });
    const auth = authorizationUrl(clientId, cb.redirect, 'apis.read offline_access');
    await page.goto(auth.url);
    await expect(page.getByRole('heading', { name: 'Connect Desk Agent?' })).toBeVisible();
    await expect(page.getByTestId('scopes')).toContainText('Read everything in the team');
    await shot(page, '162-mcp-consent-phone', { fullPage: true });
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page.getByText('Desk Agent is connected')).toBeVisible(); // the loopback page
    expect(cb.hits.at(-1)!.searchParams.get('error')).toBe('access_denied');
  } finally {
    await cb.close();
  }
});
