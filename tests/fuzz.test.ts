// Fuzzing the running server as an outsider would (issue 7): sequences of operations taken from
// the OpenAPI document (so a new route is fuzzed the day it exists), strings at and past every
// length limit the document states, deep nesting, and raw requests with odd methods, targets
// and headers. Fails on any 5xx, any answer slower than a few seconds, and any /v1 answer
// outside the envelope. QUIRE_FUZZ_SCALE=20 QUIRE_FUZZ_SEED=<n> explores further locally.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import openapi from '../docs/openapi.json';
import { baseUrl, client, createToken, uniqueTeam, upload } from './support/api';
import { ok, pdfBytes } from './support/docs';
import { hostOf, rawRequest } from './support/raw-http';
import { onNextStart, startServer, type RunningServer } from './support/server';
import { serverLog } from './support/viewer';

type Obj = Record<string, any>;
const HANG_MS = 5_000;
const runs = (n: number, seed: number) => ({
  numRuns: n * (Number(process.env.QUIRE_FUZZ_SCALE) || 1),
  seed: Number(process.env.QUIRE_FUZZ_SEED) || seed,
  endOnFailure: true,
});

let token: string;
let api: ReturnType<typeof client>;
/** Ids known to exist, by the first segment of the path (documents, folders...). */
const pool: Record<string, string[]> = {};
let versionId = '';

beforeAll(async () => {
  ({ token } = await createToken({ team: uniqueTeam('fuzz'), scopes: 'apis.all' }));
  api = client(token);
  const doc = ok(await api.post('/v1/documents', { upload_id: await upload(api, await pdfBytes(1), 'application/pdf', 'f.pdf') }), 201);
  versionId = ok(await api.get(`/v1/documents/${doc.id}/versions`)).data[0].id;
  const folder = ok(await api.post('/v1/folders', { name: 'Fuzz root' }), 201);
  pool.documents = [doc.id];
  pool.folders = [folder.id];
});

const deref = (o: Obj): Obj => (o?.$ref ? deref(o.$ref.split('/').slice(1).reduce((a: Obj, k: string) => a[k], openapi as Obj)) : o);

type Operation = { method: string; template: string; resource: string; body: Obj | null; query: Obj[] };
const operations: Operation[] = Object.entries(openapi.paths as Obj).flatMap(([template, ops]) =>
  Object.entries(ops as Obj)
    .filter(([, op]) => op.requestBody?.content?.['application/json'] || !op.requestBody)
    .map(([method, op]) => ({
      method: method.toUpperCase(),
      template,
      resource: template.split('/')[1]!,
      body: op.requestBody ? deref(op.requestBody.content['application/json'].schema) : null,
      query: (op.parameters ?? []).map(deref).filter((p: Obj) => p.in === 'query'),
    })),
);

/** Strings at, just under and just past a limit, long slugs, and the usual suspects. */
function stringsFor(schema: Obj): fc.Arbitrary<unknown> {
  const max = schema.maxLength ?? 300;
  const edge = [max - 1, max, max + 1].filter((n) => n >= 0);
  return fc.oneof(
    fc.constantFrom(...edge).chain((n) => fc.constantFrom('a'.repeat(n), 'Board minutes '.repeat(n).slice(0, n), 'é'.repeat(n), '🚀'.repeat(Math.ceil(n / 2)))),
    fc.constantFrom('', ' ', '\u0000', '\ud800', 'x (1)', 'X (1)', 'a/b', '..', '%', 'root', 'https://127.0.0.1/', 'https://[::127.0.0.1]/x.pdf'),
    fc.constantFrom(...(schema.enum ?? ['x'])),
    fc.string({ maxLength: 90 }),
  );
}

function valueFor(schema: Obj | undefined, depth = 0): fc.Arbitrary<unknown> {
  const s = deref(schema ?? {});
  const wrong = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(null, true, -1, 1e308, [], {}));
  const types = [s.type, ...(s.anyOf ?? s.oneOf ?? []).map((x: Obj) => deref(x).type)].flat().filter(Boolean);
  if (types.includes('object') && s.properties && depth < 3) return fc.oneof({ weight: 4, arbitrary: objectFor(s, depth + 1) }, wrong);
  if (types.includes('string')) return fc.oneof({ weight: 4, arbitrary: stringsFor(s) }, wrong);
  if (types.includes('integer') || types.includes('number')) {
    const edges = [s.minimum, s.maximum].filter((n) => n !== undefined).flatMap((n: number) => [n - 1, n, n + 1]);
    return fc.oneof(fc.constantFrom(0, 1, ...edges), fc.integer(), wrong);
  }
  if (types.includes('boolean')) return fc.oneof(fc.boolean(), wrong);
  return wrong;
}

function objectFor(schema: Obj, depth = 0): fc.Arbitrary<Obj> {
  const props = Object.entries(schema.properties ?? {}) as [string, Obj][];
  const known = Object.fromEntries(props.map(([k, v]) => [k, valueFor(v, depth)]));
  return fc.tuple(fc.record(known, { requiredKeys: [] }), fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 1 }), fc.boolean()).map(
    ([body, extra, withExtra]) => (withExtra ? { ...body, ...extra } : body),
  );
}

/** A path for the template, with ids from the pool (or odd ones), so sequences act on what they made. */
const pathFor = (op: Operation, pick: number, odd: string | null) =>
  op.template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (odd !== null) return encodeURIComponent(odd);
    if (name === 'versionId') return versionId;
    const ids = pool[op.resource] ?? ['nope'];
    return ids[pick % ids.length]!;
  });

async function timed(method: string, path: string, body?: unknown, headers?: Record<string, string>, base = baseUrl()) {
  const label = `${method} ${path} ${JSON.stringify(body ?? '').slice(0, 300)}`;
  const h: Record<string, string> = { Authorization: `Bearer ${token}`, ...headers };
  if (body !== undefined) h['Content-Type'] ??= 'application/json';
  let r: Response;
  try {
    r = await fetch(`${base}/v1${path}`, {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(HANG_MS),
    });
  } catch (e) {
    throw new Error(`${label}: no answer within ${HANG_MS} ms (${(e as Error).message})`);
  }
  const text = await r.text();
  expectEnvelopeOrSuccess(r.status, text, r.headers.get('x-ratelimit-limit'), label);
  return { status: r.status, json: text ? JSON.parse(text) : null };
}

function expectEnvelopeOrSuccess(status: number, text: string, rateLimit: string | null, label: string) {
  expect(status, `${label} → ${status} ${text.slice(0, 300)}`).toBeLessThan(500);
  expect(rateLimit, `${label}: no X-RateLimit-Limit`).toMatch(/^\d+$/);
  if (status >= 400) {
    let body: Obj;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${label} → ${status} is not JSON: ${text.slice(0, 200)}`);
    }
    expect(Object.keys(body), label).toEqual(['error']);
    expect(Object.keys(body.error).sort(), label).toEqual(['code', 'details', 'doc_url', 'message']);
    expect(body.error.doc_url, label).toMatch(/\/docs\/api\/errors#[a-z_]+$/);
  }
}

describe('fuzz (OpenAPI-driven)', () => {

  it('sequences of operations, bodies and queries from the document', () => sequences(() => baseUrl(), 40, 2026112201));
});

/** Random sequences of operations; `base(i)` names the server of the i-th request. */
async function sequences(base: (i: number) => string, n: number, seed: number) {
  const step = fc.record({
    op: fc.integer({ min: 0, max: operations.length - 1 }),
    pick: fc.nat(),
    odd: fc.option(fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('%', '%E0%A4%A', '\u0000', 'x'.repeat(300))), { freq: 8 }),
    seed: fc.nat(),
  });
  let sent = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 8 }), async (steps) => {
      for (const s of steps) {
        const op = operations[s.op]!;
        const path = pathFor(op, s.pick, s.odd);
        const body = op.body ? fc.sample(objectFor(op.body), { numRuns: 1, seed: s.seed })[0] : undefined;
        const query = op.query.length
          ? fc.sample(fc.dictionary(fc.constantFrom(...op.query.map((q) => q.name as string)), fc.string({ maxLength: 30 }).map(String), { maxKeys: 3 }), { numRuns: 1, seed: s.seed })[0]!
          : {};
        const qs = new URLSearchParams(query as Record<string, string>).toString();
        const r = await timed(op.method, path + (qs && !op.body ? `?${qs}` : ''), body, undefined, base(sent++));
        // What a create made becomes material for the next steps.
        if (r.status === 201 && r.json?.id && (op.resource === 'folders' || op.resource === 'documents')) {
          (pool[op.resource] ??= []).push(r.json.id);
        }
      }
    }),
    runs(n, seed),
  );
}

// Several instances behind a balancer: two server processes on one database (the second finds
// the embedded database the first started, or shares DATABASE_URL), each request to the other.
// The second takes the suite's jobs too, so it writes to the suite's log, where the other files
// read the mail those jobs send.
describe('fuzz on two server processes over one database', () => {
  let second: RunningServer;
  beforeAll(async () => {
    second = await startServer(inject('serverEnv'), { logFile: serverLog() });
  });
  afterAll(() => second?.stop());

  it('sequences of operations alternate between the two: never a 5xx, /v1 always in the envelope', () =>
    sequences((i) => (i % 2 ? second.url : baseUrl()), 25, 2026112502));
});

describe('fuzz (OpenAPI-driven), bodies', () => {
  it('every string limit of the document, at and past its length', async () => {
    for (const op of operations.filter((o) => o.body)) {
      for (const [key, prop] of Object.entries((op.body!.properties ?? {}) as Obj)) {
        const p = deref(prop);
        const max = p.maxLength ?? [p.anyOf, p.oneOf].flat().filter(Boolean).map(deref).find((x: Obj) => x.maxLength)?.maxLength;
        if (!max) continue;
        for (const n of [max, max + 1, max * 4]) {
          for (const value of ['a'.repeat(n), `${'Board minutes '.repeat(n).slice(0, n)}`]) {
            await timed(op.method, pathFor(op, 0, null), { [key]: value });
            await timed(op.method, pathFor(op, 0, null), { [key]: value }); // twice: suffixes, conflicts
          }
        }
      }
    }
  });

  it('deep and wide nesting in every body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: operations.filter((o) => o.body).length - 1 }),
        fc.integer({ min: 1, max: 20_000 }),
        fc.constantFrom('[', '{"a":', '{"name":'),
        async (i, depth, open) => {
          const op = operations.filter((o) => o.body)[i]!;
          const close = open === '[' ? ']' : '}';
          await timed(op.method, pathFor(op, 0, null), open.repeat(depth) + '1' + close.repeat(depth));
        },
      ),
      runs(30, 5),
    );
  });
});

// Raw requests test scripts/serve.ts's own HTTP handling (see hardening.test.ts).
describe.skipIf(onNextStart)('fuzz (raw requests: methods, targets, headers)', () => {
  const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'CONNECT', 'PROPFIND', 'get', 'TRACK', 'M-SEARCH', 'X');
  const target = fc.oneof(
    fc.constantFrom('/v1/documents', '/v1/folders', '/v1', '/v1/', '/V1/documents', '/v1//documents', '/v1/documents/', '/v1/../v1/documents', '/v1/%', '/v1/%E0%A4%A', '/v1/uploads/%E0%A4%A', '/v1/uploads/a%00b', '/v1/documents?%', '/v1/documents?limit=%ZZ', '*', 'http://x/v1/documents', '/', '/signin', '/docs/api', '/v1/openapi.json', `/v1/${'x'.repeat(9000)}`),
    fc.string({ maxLength: 60 }).map((s) => `/v1/${encodeURIComponent(s)}`),
  );
  const host = fc.constantFrom('__HOST__', 'a b', 'exa[mple', '%', 'x:99999', 'a@b', '[::1', '[::1]:80', 'localhost', '', 'x'.repeat(400));
  const extra = fc.constantFrom(
    '',
    'Content-Length: 5\r\n',
    'Content-Length: -1\r\n',
    'Content-Length: 1\r\nContent-Length: 2\r\n',
    'Transfer-Encoding: chunked\r\n',
    'Transfer-Encoding: gzip, chunked\r\n',
    'Content-Type: application/json\r\nContent-Length: 2\r\n',
    'X-Forwarded-For: 1.2.3.4\r\n',
    `X-Long: ${'y'.repeat(20_000)}\r\n`,
    'Expect: 100-continue\r\n',
    'Connection: Upgrade\r\nUpgrade: websocket\r\n',
  );
  const body = fc.constantFrom('', '{}', '0\r\n\r\n', '{"name":"x"}', '[[[[[[');
  const version = fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0');

  it('answers every one at once: never a 5xx, /v1 always in the envelope', async () => {
    await fc.assert(
      fc.asyncProperty(method, target, host, extra, body, version, fc.boolean(), async (m, t, h, x, b, v, auth) => {
        const hostLine = h === '' ? '' : `Host: ${h === '__HOST__' ? hostOf() : h}\r\n`;
        const req = `${m} ${t} ${v}\r\n${hostLine}${auth ? `Authorization: Bearer ${token}\r\n` : ''}${x}Connection: close\r\n\r\n${b}`;
        const label = JSON.stringify(req.slice(0, 300));
        const r = await rawRequest(req, { timeoutMs: HANG_MS, head: m === 'HEAD' }).catch((e: Error) => {
          // A request with a declared body that never fully arrives may wait for it; the server
          // must then still answer once the client gives up (Connection: close above).
          if (/hang/.test(e.message) && /Content-Length: [1-9]|chunked|100-continue/.test(x) && b.length < 5) return null;
          throw new Error(`${label}: ${e.message}`);
        });
        if (!r) return;
        expect(r.status, `${label} → ${r.status} ${r.body.slice(0, 200)}`).toBeLessThan(500);
        const isV1 = /^\/v1(?:[/?]|$)/i.test(t) && m !== 'HEAD';
        if (r.status >= 400 && (isV1 || r.status === 400) && r.body) {
          expect(r.json?.error?.code, `${label} → ${r.status} ${r.body.slice(0, 200)}`).toMatch(/^[a-z_]+$/);
          expect(r.json.error.doc_url, label).toMatch(/\/docs\/api\/errors#/);
        }
      }),
      runs(150, 77),
    );
    // Still serving.
    expect((await client(token).get('/v1/documents?limit=1')).status).toBe(200);
  });
});
