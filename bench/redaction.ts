// `npm run bench -- --parts redaction` (or `npx tsx bench/redaction.ts`): redacting 20 terms across
// a 200-page PDF with the engine the `redaction.apply` job runs (server/media/redact.ts): the words
// read by pdf.js, the terms found (find.ts), every marked page drawn with its marks burnt in, the
// new PDF put together and verified. Run on one thread here (the job spreads the drawing over the
// render threads), so the time is an upper bound. Prints the time and the peak RSS; asserts the
// proof (no character under a mark), never the timing. Targets (issue 37): < 30 s, < 500 MB.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { findTerms, wordsOutside, type PageText } from '../server/services/redactions/find';
import { pageWords } from '../server/media/page-text';
import { loadPdfjs, pdfjsDataOptions } from '../server/media/pdfjs';
import { composeRedacted, drawRedactedPage, verifyRedacted, type Box } from '../server/media/redact';

const PAGES = Number(process.env.BENCH_REDACTION_PAGES) || 200;
const TERMS = Array.from({ length: 20 }, (_, i) => `Codename${String.fromCharCode(65 + i)}`);
const FILLER = 'The parties agree that the purchase price shall be paid at closing subject to the conditions set out in this agreement';

async function sourcePdf(): Promise<Uint8Array> {
  const d = await PDFDocument.create();
  const f = await d.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < PAGES; p++) {
    const page = d.addPage([612, 792]);
    for (let l = 0; l < 45; l++) {
      // Each page names two of the terms, on two lines; the rest is ordinary text.
      const term = l === 10 ? TERMS[p % 20] : l === 30 ? TERMS[(p * 7 + 3) % 20] : null;
      const text = term ? `Clause ${l}: ${term} and ${FILLER.slice(0, 60)}` : FILLER.slice(0, 90);
      page.drawText(text, { x: 54, y: 740 - l * 15, size: 10, font: f });
    }
  }
  return d.save();
}

const mb = (b: number) => `${Math.round(b / 1024 / 1024)} MB`;

async function main() {
  const source = await sourcePdf();
  // BENCH_REDACTION_ONLY=server: the server's figures alone.
  if (process.env.BENCH_REDACTION_ONLY === 'server') return onServer(source);
  let peak = process.memoryUsage().rss;
  const rssBefore = peak;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const t0 = performance.now();
  const pdfjs = await loadPdfjs();
  const open = (bytes: Uint8Array) => pdfjs.getDocument({ data: new Uint8Array(bytes), ...pdfjsDataOptions(), verbosity: 0, disableFontFace: true, useSystemFonts: false }).promise;
  const doc = await open(source);
  const pages: PageText[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const p = await doc.getPage(n);
    pages.push({ page: n, ...pageWords((await p.getTextContent()).items, p.getViewport({ scale: 1 })) });
    p.cleanup();
  }
  const tRead = performance.now();
  const rssAt: Record<string, number> = { read: peak };
  const marks = findTerms(pages, TERMS);
  const byPage = new Map<number, Box[]>();
  for (const m of marks) byPage.set(m.page, [...(byPage.get(m.page) ?? []), m]);
  const rasters = [];
  for (const [n, boxes] of byPage) rasters.push(await drawRedactedPage(doc, n, boxes));
  const tDraw = performance.now();
  rssAt.draw = peak;
  const words = Object.fromEntries([...byPage].map(([n, boxes]) => [n, wordsOutside(pages[n - 1]!, boxes)]));
  const { bytes: out } = await composeRedacted(source, rasters, words, TERMS.map((t) => t.toLowerCase()));
  const tCompose = performance.now();
  rssAt.compose = peak;
  const proof = await verifyRedacted(await open(out), Object.fromEntries(byPage), TERMS.map((t) => t.toLowerCase()));
  const tEnd = performance.now();
  clearInterval(sample);
  peak = Math.max(peak, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
  if (proof.charactersUnderMarks !== 0 || proof.hidden.length) throw new Error(`verification failed: ${JSON.stringify(proof)}`);
  const s = (a: number, b: number) => `${((b - a) / 1000).toFixed(1)} s`;
  console.log(`redaction: ${TERMS.length} terms, ${PAGES} pages, ${marks.length} marks on ${byPage.size} pages (one thread)`);
  console.log(`  read words ${s(t0, tRead)}, draw marked pages ${s(tRead, tDraw)}, compose ${s(tDraw, tCompose)}, verify ${s(tCompose, tEnd)}`);
  console.log(`  RSS before (the bench's own PDF made, nothing loaded) ${mb(rssBefore)}; peak RSS by the end of: read ${mb(rssAt.read!)}, draw ${mb(rssAt.draw!)}, compose ${mb(rssAt.compose!)}, verify ${mb(peak)}; pages kept in one channel (no colour): ${rasters.filter((r) => r.colors === 1).length} of ${rasters.length}`);
  console.log(`  total ${s(t0, tEnd)}; peak RSS ${mb(peak)}; source ${mb(source.byteLength)} -> redacted ${mb(out.byteLength)}; characters under marks ${proof.charactersUnderMarks}`);
  await doc.destroy();
  await onServer(source);
}

// ---------------------------------------------------------------------------------------------
// The same redaction on the production server (`npm start`'s scripts/serve.ts, embedded database in
// a fresh folder): the document uploaded and its text read, then the 20 terms applied through /v1
// while GET /v1/documents is asked 20 times a second. Prints the serving process's peak RSS (its
// render threads included; the embedded database runs in its parent and is printed apart) and the
// probe's p99 before and during the job. Needs a build (`npm run build`).

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** VmRSS of a process, in bytes (0 once it is gone). */
function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The children of a process (Linux). */
function childrenOf(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

async function onServer(source: Uint8Array) {
  const root = path.resolve(__dirname, '..');
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    console.log('redaction on the server: skipped (no build; `npm run build` first)');
    return;
  }
  const compiled = fs.existsSync(path.join(root, '.next', 'quire-workers'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-redaction-'));
  const port = 34000 + Math.floor(Math.random() * 2000);
  const env: NodeJS.ProcessEnv = { ...process.env, QUIRE_DATA_DIR: dataDir, NODE_ENV: 'production', RATE_LIMIT_PER_MINUTE: '100000000', NEXT_TELEMETRY_DISABLED: '1', DATABASE_URL: '', UPSTASH_REDIS_REST_URL: '' };
  const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
  const parent = spawn(tsx, ['scripts/with-db.ts', 'serve', '-p', String(port), '-H', '127.0.0.1'], { cwd: root, env, stdio: 'ignore', detached: true });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let t0 = Date.now(); ; await sleep(250)) {
      if (Date.now() - t0 > 180_000) throw new Error('the server did not start in 180 s');
      const r = await fetch(`${base}/v1/documents`).catch(() => null);
      if (r?.status === 401) break;
    }
    // tsx's relay -> with-db.ts (the embedded database) -> tsx's relay -> serve.ts: the processes
    // told apart by what they run (a relay's command line holds tsx's cli, the others' its loader).
    const tree = (pid: number): number[] => [pid, ...childrenOf(pid).flatMap(tree)];
    const role = (pid: number) => {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (cmd.some((a) => a.endsWith('tsx/dist/cli.mjs') || a.endsWith('.bin/tsx'))) return 'relay';
      return cmd.some((a) => a.endsWith('serve.ts')) ? 'server' : cmd.some((a) => a.endsWith('with-db.ts')) ? 'database' : 'other';
    };
    const byRole = (r: string) => tree(parent.pid!).filter((p) => role(p) === r);
    const made = spawnSync(tsx, ['scripts/admin.ts', 'token', 'create', '--team', 'bench-redaction', '--scopes', 'apis.all', '--plan', 'datarooms-plus'], { cwd: root, env, encoding: 'utf8' });
    const token = made.stdout.trim().split('\n').pop()!;
    const api = async (method: string, p: string, body?: unknown) => {
      const r = await fetch(base + p, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
      const json = await r.json().catch(() => null);
      if (r.status >= 300) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(json)}`);
      return json;
    };
    const u = await api('POST', '/v1/documents/upload-url', { content_type: 'application/pdf', file_name: 'Bench.pdf', size: source.byteLength });
    const put = await fetch(u.upload_url, { method: 'PUT', headers: u.required_headers, body: new Uint8Array(source) });
    if (put.status !== 200) throw new Error(`upload: ${put.status}`);
    const doc = await api('POST', '/v1/documents', { upload_id: u.upload_id, name: 'Bench.pdf' });
    for (let t0 = Date.now(); (await api('GET', `/v1/documents/${doc.id}`)).text_status !== 'ready'; await sleep(250)) {
      if (Date.now() - t0 > 300_000) throw new Error('the text was not read in 300 s');
    }
    const pids = byRole('server');
    const dbPids = byRole('database');
    if (pids.length !== 1 || dbPids.length !== 1) throw new Error(`expected one server and one database process, found ${pids.length} and ${dbPids.length}`);
    const probe = async (until: () => boolean) => {
      const lat: number[] = [];
      while (!until()) {
        const s = performance.now();
        await api('GET', '/v1/documents?limit=20');
        lat.push(performance.now() - s);
        await sleep(50);
      }
      lat.sort((a, b) => a - b);
      return { p99: lat[Math.ceil(lat.length * 0.99) - 1] ?? NaN, max: lat[lat.length - 1] ?? NaN, n: lat.length };
    };
    const idleUntil = Date.now() + 5_000;
    const idle = await probe(() => Date.now() > idleUntil);
    const rssIdle = pids.reduce((a, p) => a + rssOf(p), 0);
    let peak = rssIdle;
    let dbPeak = rssOf(dbPids[0]!);
    const sample = setInterval(() => {
      peak = Math.max(peak, pids.reduce((a, p) => a + rssOf(p), 0));
      dbPeak = Math.max(dbPeak, rssOf(dbPids[0]!));
    }, 50);
    const t0 = performance.now();
    const draft = await api('POST', `/v1/documents/${doc.id}/redactions`, { terms: TERMS });
    await api('POST', `/v1/redactions/${draft.id}/apply`);
    let done: { status: string; verification: { characters_under_marks: number } | null; error: unknown } | null = null;
    const watch = (async () => {
      for (;;) {
        const r = await api('GET', `/v1/redactions/${draft.id}`);
        if (r.status !== 'applying') return (done = r);
        await sleep(200);
      }
    })();
    const during = await probe(() => done !== null);
    await watch;
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sample);
    if (done!.status !== 'applied' || done!.verification?.characters_under_marks !== 0) throw new Error(`the redaction on the server: ${JSON.stringify(done)}`);
    console.log(`redaction on the server (${compiled ? 'compiled worker modules' : 'worker modules through tsx'}): 20 terms, ${PAGES} pages, applied and verified in ${seconds.toFixed(1)} s`);
    console.log(`  serving process RSS: idle (text read) ${mb(rssIdle)}, peak while applying ${mb(peak)}; embedded database process peak ${mb(dbPeak)}`);
    console.log(`  GET /v1/documents p99 ${idle.p99.toFixed(1)} ms idle (max ${idle.max.toFixed(1)}, ${idle.n} asked), ${during.p99.toFixed(1)} ms while applying (max ${during.max.toFixed(1)}, ${during.n} asked)`);
  } finally {
    try {
      process.kill(-parent.pid!, 'SIGTERM');
    } catch {}
    await sleep(1000);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
