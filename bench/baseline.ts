// The baseline for `npm run bench`: the benchmarked endpoints as a bare node:http server over a
// pg.Pool, with no framework. Per request it sends the app's statements (bench/sql.ts), in the
// same number of round trips: the token lookup (plus the last-used stamp at most once a minute),
// then the list, search or get query. The token hash is checked in JS as the app does, and the
// JSON is the app's, field for field. No rate limiting, no schema library, no router.
//
//   DATABASE_URL=postgres://... PORT=4100 tsx bench/baseline.ts
import crypto from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { runBare } from './bare-server';
import type { DocumentRow } from '../server/services/document-sql';
import { GET_ONE, LIST_AFTER, LIST_FIRST, SEARCH_FIRST, searchParam, TOKEN_LOOKUP, TOKEN_TOUCH } from './sql';
import { preparedName } from '../server/db/sql';

// timestamp(3) columns hold UTC, as Prisma reads them.
pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, (s: string) => new Date(s.replace(' ', 'T') + 'Z'));

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE) || 10, // the app's default pool size
});

const TOKEN_RE = /^quire_live_([0-9A-Za-z]{12})([0-9A-Za-z]{28})$/;
const READ_SCOPES = new Set(['documents.read', 'apis.read', 'apis.all']);
const LAST_USED_GRANULARITY_MS = 60_000;
const HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type TokenRow = { id: string; teamId: string; salt: string; hash: string; scopes: string[]; revokedAt: Date | null; lastUsedAt: Date | null };
// The app's row shape, with pg's ordinary Date parsing.
type DocRow = Omit<DocumentRow, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

/** A UTC instant as timestamp text (a Date would be sent in the process's time zone). */
/** The app's statements are named prepared statements (server/db/sql.ts): the baseline's too. */
const named = (text: string, values: unknown[]) => ({ text, values, name: preparedName(text) });

const utc = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

async function authenticate(header: string | undefined): Promise<{ teamId: string; scopes: string[] }> {
  const m = header ? /^bearer[ ]+(\S+)\s*$/i.exec(header) : null;
  const t = m ? TOKEN_RE.exec(m[1]) : null;
  if (!m || !t) throw new HttpError(401, 'unauthorized', 'Missing or malformed token.');
  const { rows } = await pool.query<TokenRow>(named(TOKEN_LOOKUP, [t[1]]));
  const row = rows[0];
  if (!row || row.revokedAt) throw new HttpError(401, 'unauthorized', 'Unknown or revoked token.');
  const expected = Buffer.from(row.hash, 'hex');
  const actual = crypto.createHash('sha256').update(row.salt).update(m[1]).digest();
  if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) {
    throw new HttpError(401, 'unauthorized', 'Unknown or revoked token.');
  }
  const now = Date.now();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_GRANULARITY_MS) {
    await pool.query(named(TOKEN_TOUCH, [utc(now), row.id])).catch(() => {});
  }
  return { teamId: row.teamId, scopes: row.scopes };
}

const toDocument = (d: DocRow) => ({
  id: d.id,
  object: 'document',
  name: d.name,
  type: d.type,
  content_type: d.contentType,
  url: d.externalUrl,
  num_pages: d.numPages,
  preview_status: d.previewStatus,
  preview_error: d.previewError,
  text_status: d.textStatus,
  language: d.language,
  folder_id: d.folderId,
  created: d.createdAt.toISOString(),
  updated_at: d.updatedAt.toISOString(),
});

function page(rows: DocRow[], limit: number) {
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  const last = items[items.length - 1];
  const next = more && last ? Buffer.from(JSON.stringify([last.createdAt.getTime(), last.id])).toString('base64url') : null;
  return { data: items.map(toDocument), next_cursor: next };
}

function limitOf(p: URLSearchParams): number {
  const raw = p.get('limit');
  if (raw === null) return 25;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 100) throw new HttpError(422, 'unprocessable_entity', 'limit must be 1-100.');
  return n;
}

function cursorOf(p: URLSearchParams): [number, string] | null {
  const raw = p.get('cursor');
  if (raw === null) return null;
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(c) && c.length === 2 && Number.isFinite(c[0]) && typeof c[1] === 'string') return [c[0], c[1]];
  } catch {}
  throw new HttpError(400, 'bad_request', 'cursor is not a cursor returned by this API');
}

async function route(req: http.IncomingMessage): Promise<unknown> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method !== 'GET') throw new HttpError(405, 'bad_request', 'Only GET is benchmarked.');
  const parts = url.pathname.split('/').filter(Boolean); // ['v1', 'documents', ...]
  if (parts[0] !== 'v1' || parts[1] !== 'documents' || parts.length > 3) throw new HttpError(404, 'not_found', 'Not found.');
  const actor = await authenticate(req.headers.authorization);
  if (!actor.scopes.some((s) => READ_SCOPES.has(s))) throw new HttpError(403, 'forbidden', 'Missing documents.read.');
  const p = url.searchParams;

  if (parts.length === 2) {
    const limit = limitOf(p);
    const cursor = cursorOf(p);
    const { rows } = cursor
      ? await pool.query<DocRow>(named(LIST_AFTER, [actor.teamId, utc(cursor[0]), cursor[1], limit + 1]))
      : await pool.query<DocRow>(named(LIST_FIRST, [actor.teamId, limit + 1]));
    return page(rows, limit);
  }
  if (parts[2] === 'search') {
    const q = p.get('q');
    if (!q || q.length > 200) throw new HttpError(422, 'unprocessable_entity', 'q must be 1-200 characters.');
    if (p.has('cursor')) throw new HttpError(400, 'bad_request', 'The baseline serves the first search page only.');
    const limit = limitOf(p);
    const { rows } = await pool.query<DocRow>(SEARCH_FIRST, [actor.teamId, searchParam(q), limit + 1]);
    return page(rows, limit);
  }
  const { rows } = await pool.query<DocRow>(named(GET_ONE, [actor.teamId, decodeURIComponent(parts[2])]));
  if (!rows[0]) throw new HttpError(404, 'not_found', 'Document not found.');
  return toDocument(rows[0]);
}

const server = http.createServer((req, res) => {
  route(req).then(
    (body) => {
      res.writeHead(200, HEADERS);
      res.end(JSON.stringify(body));
    },
    (e: unknown) => {
      const err = e instanceof HttpError ? e : new HttpError(500, 'internal_server_error', 'Something went wrong on our side.');
      if (!(e instanceof HttpError)) console.error(e);
      res.writeHead(err.status, HEADERS);
      res.end(JSON.stringify({ error: { code: err.code, message: err.message, details: null } }));
    },
  );
});
runBare(server, pool, 4100, 'baseline listening');
