// Helpers for the browser tests: `test` with the Content-Security-Policy watch, the server log
// (magic and invitation links, one-time codes), sign-in, screenshots and test PDFs.
import { test as base, expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

export const origin = () => process.env.QUIRE_E2E_ORIGIN!;

/**
 * Every spec's `test`: a page that reports a Content-Security-Policy violation (Chromium's
 * "Refused to ..." console line or a `securitypolicyviolation` event, in any page of any context
 * the test opens) fails the test at its end. A test that provokes one on purpose reads and empties
 * `cspViolations`.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context, browser }, use) => {
      const violations: string[] = [];
      const watchPage = (page: Page) =>
        page.on('console', (m) => {
          const text = m.text();
          if (/Refused to|Content Security Policy|CSP violation/i.test(text)) violations.push(`${page.url()}: ${text}`);
        });
      const watch = async (ctx: BrowserContext) => {
        await ctx.addInitScript(() => {
          document.addEventListener('securitypolicyviolation', (e) =>
            console.error(`CSP violation: ${e.effectiveDirective} refused ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`),
          );
        });
        ctx.pages().forEach(watchPage);
        ctx.on('page', watchPage);
      };
      await watch(context);
      // Contexts the test opens itself (a visitor's, a phone's) are watched too.
      const newContext = browser.newContext.bind(browser);
      const patched: Browser['newContext'] = async (options) => {
        const ctx = await newContext(options);
        await watch(ctx);
        return ctx;
      };
      browser.newContext = patched;
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'the pages reported Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
const logFile = () => process.env.QUIRE_E2E_LOG!;

export const logSize = (file = logFile()) => (fs.existsSync(file) ? fs.statSync(file).size : 0);

/** Waits for a `[quire] <kind> for <email>: <url>` line written after `since` (a log offset). */
export async function linkFromLog(kind: 'magic link' | 'invitation link', email: string, since: number, file = logFile()): Promise<string> {
  const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`\\[quire\\] ${kind} for ${escaped}: (\\S+)`, 'g');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const text = fs.readFileSync(file).subarray(since).toString('utf8');
    const all = [...text.matchAll(re)];
    if (all.length) return all[all.length - 1]![1]!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No "${kind}" for ${email} appeared in ${file}`);
}

let seq = 0;
export const uniqueEmail = (who: string) => `${who}.${process.pid.toString(36)}${Date.now().toString(36)}${seq++}@example.com`;

/** A server of a spec's own (its origin and log), instead of the suite's. */
export type OwnServer = { origin: string; logFile: string };

/** Signs in through the real magic link: form, log line, verify page, callback. */
export async function signIn(page: Page, email: string, shots?: { signin?: string; check?: string; verify?: string }, server?: OwnServer) {
  const at = server?.origin ?? origin();
  if (!/\/signin/.test(page.url())) await page.goto(`${at}/signin`);
  await expect(page.getByRole('heading', { name: 'Sign in to Quire' })).toBeVisible();
  if (shots?.signin) await shot(page, shots.signin);
  const since = logSize(server?.logFile);
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  if (shots?.check) await shot(page, shots.check);
  const link = await linkFromLog('magic link', email, since, server?.logFile);
  expect(link.startsWith(`${at}/verify?`)).toBe(true);
  await page.goto(link);
  await expect(page.getByText(`Continue as ${email}`)).toBeVisible();
  if (shots?.verify) await shot(page, shots.verify);
  await page.getByRole('link', { name: 'Continue' }).click();
}

export async function createTeam(page: Page, name: string) {
  await expect(page).toHaveURL(/\/teams\/new$/);
  await page.getByLabel('Team name').fill(name);
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByRole('button', { name: new RegExp(`Team: ${name}`) }).first()).toBeVisible();
}

/**
 * Sets files on a file input once React has hydrated it. A file set on a server-rendered input
 * before its change handler is attached is lost (nothing uploads; seen once in CI, the page
 * just past its navigation). React marks a hydrated element with its props.
 */
export async function chooseFiles(input: Locator, files: Parameters<Locator['setInputFiles']>[0]) {
  await expect.poll(() => input.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps$'))), { timeout: 15_000 }).toBe(true);
  await input.setInputFiles(files);
}

const SHOTS = path.join(__dirname, 'screenshots');

export async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  fs.mkdirSync(SHOTS, { recursive: true });
  // Let transitions and toasts settle so screenshots show the finished screen.
  await page.waitForTimeout(150);
  // Notices of earlier steps would cover the screen being shown. Hidden through the DOM: the
  // screenshot's own `style` option adds a <style> element, which the page's policy refuses.
  const toasts = (visibility: string) =>
    page.evaluate((v) => document.querySelectorAll<HTMLElement>('[data-toast]').forEach((t) => (v ? t.style.setProperty('visibility', v, 'important') : t.style.removeProperty('visibility'))), visibility);
  await toasts('hidden');
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: opts.fullPage ?? false, animations: 'disabled' });
  await toasts('');
}

/** A small real PDF; `padding` adds an attachment so uploads take visible time. */
export async function makePdf(title: string, pages: number, padding = 0): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (let i = 1; i <= pages; i++) {
    const page = pdf.addPage([595, 842]);
    page.drawRectangle({ x: 0, y: 760, width: 595, height: 82, color: rgb(0.31, 0.27, 0.9) });
    page.drawText(title, { x: 48, y: 790, size: 24, font: bold, color: rgb(1, 1, 1) });
    page.drawText(`Page ${i} of ${pages}`, { x: 48, y: 720, size: 14, font });
    for (let l = 0; l < 18; l++) {
      page.drawRectangle({ x: 48, y: 680 - l * 28, width: 420 + ((l * 37) % 80), height: 10, color: rgb(0.88, 0.88, 0.9) });
    }
  }
  if (padding > 0) {
    await pdf.attach(crypto.randomBytes(padding), 'appendix-data.bin', { mimeType: 'application/octet-stream' });
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/** A contract-like PDF: a title band, then each page's paragraphs as real text (wrapped). */
export async function textPdf(title: string, pages: string[][]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  pages.forEach((paragraphs, i) => {
    const page = pdf.addPage([595, 842]);
    page.drawText(title, { x: 64, y: 770, size: 18, font: bold, color: rgb(0.12, 0.12, 0.16) });
    page.drawLine({ start: { x: 64, y: 756 }, end: { x: 531, y: 756 }, thickness: 0.8, color: rgb(0.75, 0.75, 0.8) });
    let y = 726;
    for (const para of paragraphs) {
      let line = '';
      for (const word of para.split(' ')) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, 12) > 467) {
          page.drawText(line, { x: 64, y, size: 12, font });
          y -= 17;
          line = word;
        } else line = next;
      }
      if (line) page.drawText(line, { x: 64, y, size: 12, font });
      y -= 30;
    }
    page.drawText(`${i + 1}`, { x: 292, y: 40, size: 10, font, color: rgb(0.5, 0.5, 0.55) });
  });
  return Buffer.from(await pdf.save());
}

export async function api(path: string, token: string, init: RequestInit = {}) {
  const res = await fetch(origin() + path, { ...init, headers: { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) } });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body };
}

/** Waits for a `[quire] <kind> for <email>: <value>` line (one-time codes, notifications) written after `since`. */
export async function valueFromLog(kind: string, email: string, since: number): Promise<string> {
  const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`\\[quire\\] ${kind} for ${escaped}: (.+)`, 'g');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const all = [...fs.readFileSync(logFile()).subarray(since).toString('utf8').matchAll(re)];
    if (all.length) return all[all.length - 1]![1]!.trim();
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No "${kind}" for ${email} appeared in ${logFile()}`);
}

/**
 * The pages (a video's: its segments) with their time of a link's first view, once `count` of
 * them are recorded (the beacon of a closed tab arrives a little later).
 */
export async function recordedPages(linkId: string, token: string, count: number) {
  const viewId = await expect
    .poll(async () => (await api(`/v1/links/${linkId}/views`, token)).body.data[0]?.id ?? null, { timeout: 20_000 })
    .not.toBeNull()
    .then(async () => (await api(`/v1/links/${linkId}/views`, token)).body.data[0].id as string);
  let pages: { page_number: number; duration_seconds: number }[] = [];
  await expect.poll(async () => (pages = (await api(`/v1/analytics/views/${viewId}`, token)).body.pages).length, { timeout: 20_000 }).toBe(count);
  return pages;
}

/** Runs `npm run admin -- ...` against the browser tests' server (its data directory). */
export function adminCommand(args: string[]): string {
  return execFileSync(path.join(__dirname, '..', 'node_modules', '.bin', 'tsx'), ['scripts/admin.ts', ...args], {
    cwd: path.join(__dirname, '..'),
    env: { ...process.env, QUIRE_DATA_DIR: process.env.QUIRE_E2E_DATA_DIR! },
  }).toString();
}

/** A caller of /v1 with `token` that expects success, and uploads through it. */
function apiWith(token: string) {
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await api(path, token, { method, body: body === undefined ? undefined : JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
    expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
    return r.body;
  };
  /** Uploads bytes through /v1 and makes a library document of them. */
  const upload = async (name: string, contentType: string, bytes: Buffer) => {
    const u = await call('POST', '/v1/documents/upload-url', { content_type: contentType, file_name: name, size: bytes.length });
    await fetch(u.upload_url, { method: 'PUT', headers: u.required_headers, body: new Uint8Array(bytes) });
    return call('POST', '/v1/documents', { upload_id: u.upload_id, name });
  };
  /** A generated PDF of `pages` pages, as a library document. */
  const uploadPdf = async (name: string, pages: number) => upload(name, 'application/pdf', await makePdf(name.replace('.pdf', ''), pages));
  return { call, upload, uploadPdf };
}

/** A team on Data Rooms Plus with an all-scopes token, a caller that expects success, and uploads. */
export function ownerApi(prefix: string) {
  const team = `${prefix}-${Date.now().toString(36)}`;
  const token = adminCommand(['token', 'create', '--team', team, '--plan', 'datarooms-plus', '--scopes', 'apis.all']).trim().split('\n').pop()!;
  return { team, token, ...apiWith(token) };
}

/** The signed-in page's current team: an all-scopes token minted for it, a caller and uploads. */
export async function currentTeamApi(page: Page) {
  const team = await page.evaluate(async () => (await (await fetch('/api/trpc/teams.current')).json()).result.data as { slug: string });
  const token = adminCommand(['token', 'create', '--team', team.slug, '--scopes', 'apis.all']).trim().split('\n').pop()!;
  return { team, token, ...apiWith(token) };
}

/** A new owner signed in on `page` with a new team (on `plan` when given), and that team's API. */
export async function newOwnerTeam(page: Page, teamName: string, plan?: string) {
  await page.goto('/signin');
  await signIn(page, uniqueEmail('owner'));
  await createTeam(page, teamName);
  const api = await currentTeamApi(page);
  if (plan) adminCommand(['team', 'set-plan', api.team.slug, plan]);
  return api;
}

/** A new user signed in on `page` with a new team on Data Rooms Plus, and a /v1 caller of that team. */
export async function roomsOwner(page: Page, teamName: string) {
  return newOwnerTeam(page, teamName, 'datarooms-plus');
}
