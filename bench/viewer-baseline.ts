// The viewer baseline of `npm run bench` (bench/viewer.ts): the three viewer scenarios as a bare
// node:http server over a pg.Pool, no framework. Each request sends the app's own link-and-session
// statement (LINK_SQL, named as the app names it; the cookie's token hashed as the app does) and checks what the app checks
// (link live, session admitted under the link's access settings, page in range), then:
// - page image: reads the cached image file and sends it with the app's headers;
// - events: the app's view check (EVENT_VIEW_SQL) and its recording statement
//   (server/services/visitor/events.ts: the view locked, the open-time budget, events and per-page
//   totals), both prepared as the app sends them;
// - gated link page: sends the HTML the app served for it (BENCH_GATE_HTML), byte for byte;
// - /bytes/{version}: the page image from memory with no check and no query at all: the floor of
//   this machine (load generator and loopback included) for sending those bytes.
//
//   DATABASE_URL=postgres://... QUIRE_DATA_DIR=... BENCH_GATE_HTML=... PORT=4102 tsx bench/viewer-baseline.ts
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { runBare } from './bare-server';
import { accessKey, LINK_SQL, LINK_SQL_NAME, type ViewerLink } from '../server/services/visitor/links';
import { EVENT_VIEW_SQL, MAX_EVENT_MS, OPEN_TIME_SLACK_MS, RECORD_PAGE_EVENTS_SQL } from '../server/services/visitor/events-sql';
import { preparedName } from '../server/db/prepared';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE) || 10 });
const blobs = path.join(process.env.QUIRE_DATA_DIR!, 'blobs');
const gateHtml = fs.readFileSync(process.env.BENCH_GATE_HTML!);
const utc = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

const images = new Map<string, Buffer>();
async function imageOf(versionId: string): Promise<Buffer> {
  let b = images.get(versionId);
  if (!b) images.set(versionId, (b = await fs.promises.readFile(path.join(blobs, 'renders', versionId, 'w960', 'p1.webp'))));
  return b;
}

type Row = ViewerLink & { expired: boolean; dVersionId: string | null; dNumPages: number; sId: string | null; sAccessKey: string | null; sAdmittedAt: Date | null };

async function linkState(slug: string, cookie: string | undefined) {
  const token = /(?:^|;\s*)quire_view=([A-Za-z0-9_-]{43})/.exec(cookie ?? '')?.[1];
  const hashes = token ? [crypto.createHash('sha256').update(token).digest('hex')] : [];
  const { rows } = await pool.query<Row>({ name: LINK_SQL_NAME, text: LINK_SQL, values: [slug, hashes, utc(Date.now())] });
  const r = rows[0];
  if (!r || r.expired) return null;
  const link = { ...r, allowList: r.allowList ?? [], denyList: r.denyList ?? [], groupDomains: r.groupDomains ?? [] };
  const admitted = !!r.sId && !!r.sAdmittedAt && r.sAccessKey === accessKey(link);
  return { link, row: r, admitted };
}

function send(res: http.ServerResponse, status: number, headers: Record<string, string>, body: Buffer | string) {
  res.writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(body)) });
  res.end(body);
}
const refuse = (res: http.ServerResponse, status: number) => send(res, status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' }, 'refused');

async function route(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/health') return send(res, 200, {}, 'ok');
  const bytes = /^\/bytes\/([a-z0-9]+)$/.exec(url.pathname);
  if (bytes) return send(res, 200, { 'Content-Type': 'image/webp' }, await imageOf(bytes[1]!));
  const m = /^\/view\/([A-Za-z0-9_-]{8,64})(?:\/(pages\/(\d{1,6})|events))?$/.exec(url.pathname);
  if (!m) return refuse(res, 404);
  const state = await linkState(m[1]!, req.headers.cookie);
  if (!state) return refuse(res, 404);
  if (!m[2]) return send(res, 200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-cache, no-store, max-age=0, must-revalidate' }, gateHtml);
  if (!state.admitted) return refuse(res, 403);
  if (m[3]) {
    const page = Number(m[3]);
    if (page < 1 || page > state.row.dNumPages) return refuse(res, 404);
    const bytes = await fs.promises.readFile(path.join(blobs, 'renders', state.row.dVersionId!, 'w960', `p${page}.webp`));
    return send(res, 200, { 'Content-Type': 'image/webp', 'Cache-Control': 'private, max-age=600', 'X-Content-Type-Options': 'nosniff' }, bytes);
  }
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { view_id: string; events: { id: string; page: number; duration_ms: number }[] };
  const { rows } = await pool.query<{ id: string; documentId: string; versionId: string | null; pages: number; parentViewId: string | null; shared: boolean }>({
    name: preparedName(EVENT_VIEW_SQL),
    text: EVENT_VIEW_SQL,
    values: [body.view_id, state.row.sId, state.link.id, state.link.groupId ?? null],
  });
  const view = rows[0];
  if (!view || !view.shared) return refuse(res, 404);
  const events = body.events.filter((e) => Number.isInteger(e.page) && e.page >= 1 && e.page <= view.pages && e.duration_ms > 0).slice(0, 50);
  // The app's own statement (the view locked, the open-time budget, the per-page totals), prepared as the app prepares it.
  const { rows: recorded } = await pool.query<{ recorded: number }>({
    name: preparedName(RECORD_PAGE_EVENTS_SQL),
    text: RECORD_PAGE_EVENTS_SQL,
    values: [
      view.id,
      state.link.id,
      view.documentId,
      view.versionId,
      utc(Date.now()),
      events.map(() => crypto.randomUUID()),
      events.map((e) => e.page),
      events.map((e) => Math.min(MAX_EVENT_MS, Math.round(e.duration_ms))),
      events.map((e) => e.id),
      OPEN_TIME_SLACK_MS,
      view.parentViewId,
    ],
  });
  return send(res, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'private, no-store' }, JSON.stringify({ recorded: recorded[0]?.recorded ?? 0 }));
}

const server = http.createServer((req, res) => {
  route(req, res).catch((e) => {
    console.error(e);
    if (!res.headersSent) refuse(res, 500);
  });
});
runBare(server, pool, 4102, 'viewer baseline');
