// What a first-time user waits for (issue 26, item 1): from the README's run command in a fresh
// clone to the first page, then each first click of a newcomer's path, in Chromium.
//
//   tsx bench/first-run.ts --dir /tmp/fr-clone --command "npm start" [--port 4101]
//
// Prints one line per step and a JSON summary. `--dir` is a checkout with `npm install` done;
// the command runs there on a fresh data directory. Hold /tmp/quire-heavy.lock while measuring.
import { chromium, type Page } from '@playwright/test';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { dir: { type: 'string' }, command: { type: 'string' }, port: { type: 'string', default: '4101' } },
});
if (!values.dir || !values.command) throw new Error('usage: tsx bench/first-run.ts --dir <checkout> --command "<run command>" [--port 4101]');
const dir = path.resolve(values.dir);
const origin = `http://localhost:${values.port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-first-run-'));
const logFile = path.join(dataDir, 'server.log');
const env = { ...process.env, PORT: values.port, APP_URL: origin, NEXTAUTH_URL: origin, QUIRE_DATA_DIR: dataDir, EMAIL_SERVER: '', EMAIL_FROM: '' };
const WAIT = 15 * 60_000;

const results: { step: string; seconds: number }[] = [];
const secs = (ms: number) => Math.round(ms / 100) / 10;
async function timed<T>(step: string, fn: () => Promise<T>): Promise<T> {
  const t = Date.now();
  const r = await fn();
  results.push({ step, seconds: secs(Date.now() - t) });
  console.log(`${step.padEnd(48)} ${secs(Date.now() - t)} s`);
  return r;
}
const log = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '');
async function until<T>(what: string, probe: () => T | null | undefined): Promise<T> {
  const deadline = Date.now() + WAIT;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; log: ${logFile}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function main() {
  const out = fs.openSync(logFile, 'a');
  const launched = Date.now();
  const server = spawn('sh', ['-c', values.command!], { cwd: dir, env, stdio: ['ignore', out, out], detached: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  try {
    await timed('command → server listening', () => until('the ready line', () => /Ready in|\[quire\] ready on/.test(log())));
    const page = await browser.newPage();
    page.setDefaultTimeout(WAIT);
    page.setDefaultNavigationTimeout(WAIT);
    await timed('first page (/signin) shown', async () => {
      await page.goto(`${origin}/signin`);
      await page.getByRole('button', { name: /sign-in link/ }).and(page.locator(':enabled')).waitFor();
    });
    results.push({ step: 'command → first page (total)', seconds: secs(Date.now() - launched) });
    console.log(`${'command → first page (total)'.padEnd(48)} ${secs(Date.now() - launched)} s`);

    const email = `first.${Date.now()}@example.com`;
    await page.getByLabel('Work email').fill(email);
    await timed('click "Email me a sign-in link" → check email', async () => {
      await page.getByRole('button', { name: /sign-in link/ }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    });
    const link = await until('the magic link', () => new RegExp(`magic link for ${email.replace(/\./g, '\\.')}: (\\S+)`).exec(log())?.[1]);
    await timed('open the magic link (verify page)', () => page.goto(link));
    await timed('click "Continue" → create team page', async () => {
      await page.getByRole('link', { name: 'Continue' }).click();
      await page.getByLabel('Team name').waitFor();
    });
    await page.getByRole('button', { name: 'Create team' }).and(page.locator(':enabled')).waitFor();
    await page.getByLabel('Team name').fill('First Run');
    await timed('click "Create team" → documents', async () => {
      await page.getByRole('button', { name: 'Create team' }).click();
      await page.waitForURL(/\/documents$/);
      await page.getByRole('heading', { name: 'Documents' }).waitFor();
    });
    await timed('open /branding/new', async () => {
      await page.goto(`${origin}/branding/new`);
      await page.locator('code').filter({ hasText: 'team set-plan' }).first().waitFor();
    });
    const command = await page.locator('code').filter({ hasText: 'team set-plan' }).first().innerText();
    const slug = /set-plan (\S+) /.exec(command)![1]!;
    execFileSync(path.join(dir, 'node_modules', '.bin', 'tsx'), ['scripts/admin.ts', 'team', 'set-plan', slug, 'pro'], { cwd: dir, env });
    await page.reload();
    await page.getByLabel('Name', { exact: true }).fill('Acme');
    await timed('click "Create brand" → brand page', async () => {
      await page.getByRole('button', { name: 'Create brand' }).click();
      await page.waitForURL(/\/branding\/(?!new)[^/]+$/);
      await page.getByRole('heading', { name: 'Acme' }).waitFor();
    });
  } finally {
    await browser.close();
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {}
  }
  const clicks = results.filter((r) => r.step.startsWith('click'));
  const slowest = clicks.reduce((a, b) => (b.seconds > a.seconds ? b : a));
  console.log(JSON.stringify({ command: values.command, results, slowestFirstClick: slowest, log: logFile }, null, 2));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
