// `npm run bench -- --parts browser` (issue 26, item 6): what a visitor waits for, measured in a
// real browser (Debian's Chromium through playwright-core) against the production server
// (npm start) on a database of its own (BENCH_BROWSER_DATABASE, default quire_bench_browser,
// recreated each run). Each run opens a fresh 12-page PDF (uploaded through /v1 and left to its
// pre-rendering, as a real upload is) through its own link, so no run reuses another's images:
//   - desktop (1280 × 800), a link without gates: navigation → the first page image's load event;
//   - desktop, a password link: the password's submit → the first page image's load event;
//   - phone (390 × 844, 3 device pixels), the same password link flow.
// The load event is taken in the page (a capturing listener installed before any script), so
// an image that loads before hydration counts; times are wall-clock against the test's clock.
// `--base DIR` measures a built checkout of another commit the same way first (the "before").
// Timings are printed, never asserted.
//   npm run bench -- --parts browser [--runs 10]
//   npx tsx bench/browser.ts --runs 10 --base /tmp/quire-before [--base-only]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';
import { makePages } from '../server/media/fixtures';
import { benchApi, freePort, freshDatabase, startApp, stopApp } from './http-app';
import { dbUrl } from './seed';

const ROOT = path.resolve(__dirname, '..');
const ADMIN_URL = process.env.BENCH_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.BENCH_BROWSER_DATABASE || 'quire_bench_browser';
const { values: opt } = parseArgs({ options: { base: { type: 'string' }, 'base-only': { type: 'boolean', default: false }, runs: { type: 'string', default: '10' }, pages: { type: 'string', default: '12' } }, allowPositionals: true });
const RUNS = Number(opt.runs);
const PAGES = Number(opt.pages);
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 100) throw new Error('--runs must be an integer in 1..100');
const PASSWORD = 'bench-password';
const log = (s: string) => console.log(s);

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** Records, in the page, the wall-clock time of the first page image's load event. */
const WATCH = `document.addEventListener('load', (e) => {
  const t = e.target;
  if (t && t.tagName === 'IMG' && t.getAttribute('data-testid') === 'page-image' && !window.__firstPageAt) {
    window.__firstPageAt = performance.timeOrigin + performance.now();
    window.__firstPageSrc = t.currentSrc;
  }
}, true);`;

type Scenario = { name: string; context: BrowserContextOptions; password: boolean };
const SCENARIOS: Scenario[] = [
  { name: 'desktop, no gate: navigation → first page', context: DESKTOP, password: false },
  { name: 'desktop: password submit → first page', context: DESKTOP, password: true },
  { name: 'phone 390 px: password submit → first page', context: PHONE, password: true },
];

async function measureServer(label: string, dir: string, browser: Browser): Promise<Map<string, number[]>> {
  await freshDatabase(ADMIN_URL, DATABASE);
  const url = dbUrl(ADMIN_URL, DATABASE);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-browser-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = { QUIRE_DATA_DIR: dataDir, APP_URL: origin, NEXTAUTH_URL: origin, API_BASE_URL: origin, EMAIL_SERVER: '', EMAIL_FROM: '' };
  log(`\n${label} (${dir}):`);
  const app = await startApp(port, url, '/v1/datarooms', { dir, env });
  const times = new Map<string, number[]>(SCENARIOS.map((s) => [s.name, []]));
  try {
    const { call } = benchApi({ dir, env, dbUrl: url, team: 'bench-browser', origin });
    // One document and link per visit, all uploaded first, then left to their pre-rendering.
    const pdf = await makePages(PAGES);
    const links: { scenario: Scenario; url: string; versionId: string }[] = [];
    for (const scenario of SCENARIOS) {
      for (let i = 0; i < RUNS; i++) {
        const u = await call('POST', '/v1/documents/upload-url', { content_type: 'application/pdf', file_name: 'Bench.pdf', size: pdf.length });
        const put = await fetch(u.upload_url, { method: 'PUT', headers: u.required_headers, body: new Uint8Array(pdf) });
        if (!put.ok) throw new Error(`upload: ${put.status}`);
        const doc = await call('POST', '/v1/documents', { upload_id: u.upload_id, name: `Bench ${scenario.name} ${i}.pdf` });
        const versionId = (await call('GET', `/v1/documents/${doc.id}/versions`)).data[0].id;
        const link = await call('POST', '/v1/links', { document_id: doc.id, ...(scenario.password ? { password: PASSWORD } : {}) });
        links.push({ scenario, url: link.url, versionId });
      }
    }
    const renders = () => links.reduce((n, l) => n + (fs.existsSync(path.join(dataDir, 'blobs', 'renders', l.versionId)) ? fs.readdirSync(path.join(dataDir, 'blobs', 'renders', l.versionId), { recursive: true }).filter((f) => /p\d+\./.test(String(f))).length : 0), 0);
    // Pre-rendering is done when the count of stored images stops growing.
    for (let last = -1, still = 0; still < 3; ) {
      await new Promise((r) => setTimeout(r, 1000));
      const n = renders();
      still = n === last && n > 0 ? still + 1 : 0;
      last = n;
    }
    log(`  ${links.length} documents of ${PAGES} pages, ${renders()} page images pre-rendered`);

    for (const { scenario, url: linkUrl } of links) {
      const ctx = await browser.newContext(scenario.context);
      await ctx.addInitScript(WATCH);
      const page = await ctx.newPage();
      let t0: number;
      if (scenario.password) {
        await page.goto(linkUrl);
        await page.getByLabel('Password').fill(PASSWORD);
        t0 = Date.now();
        await page.getByRole('button', { name: 'Continue' }).click();
      } else {
        t0 = Date.now();
        await page.goto(linkUrl, { waitUntil: 'commit' });
      }
      await page.waitForFunction(() => (window as unknown as { __firstPageAt?: number }).__firstPageAt, null, { timeout: 60_000 });
      const at = await page.evaluate(() => (window as unknown as { __firstPageAt: number }).__firstPageAt);
      times.get(scenario.name)!.push(at - t0);
      await ctx.close();
    }
  } finally {
    stopApp(app);
    await new Promise((r) => setTimeout(r, 1000));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return times;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const base: [string, string][] = opt.base ? [['before (--base)', path.resolve(opt.base)]] : [];
  const servers = opt['base-only'] ? base : [...base, ['this build', ROOT] as [string, string]];
  const results: [string, Map<string, number[]>][] = [];
  try {
    for (const [label, dir] of servers) results.push([label, await measureServer(label, dir, browser)]);
  } finally {
    await browser.close();
  }
  log(`\ntime to the first page image, ${RUNS} runs each (ms): median / p95 / max`);
  for (const s of SCENARIOS) {
    log(`  ${s.name}`);
    for (const [label, m] of results) {
      const xs = m.get(s.name)!;
      log(`    ${label.padEnd(16)} ${String(Math.round(pct(xs, 50))).padStart(6)} / ${String(Math.round(pct(xs, 95))).padStart(6)} / ${String(Math.round(Math.max(...xs))).padStart(6)}`);
    }
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
