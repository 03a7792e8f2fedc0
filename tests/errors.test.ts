// The error contract over real HTTP (spec 7, 4 "Unknown fields ... rejected with 422", 8 body
// cap): every failure is the envelope with the right code, strict bodies and query strings,
// JSON types enforced, bad JSON and non-JSON are 400, oversized bodies 413, unknown routes and
// ids 404; nothing is ever a 5xx or leaks internals. Ends with a fast-check fuzz of the same.
import http from 'node:http';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, client, createToken, envelope, type Res, uniqueTeam, upload } from './support/api';
import { assertClean, fixture, ok, pdfBytes } from './support/docs';
import { onNextStart } from './support/server';

type Api = ReturnType<typeof client>;
let token: string;
let raw: Api;
/** The same client, asserting on every response that nothing internal leaked. */
let api: Api;
let doc: any;
let version: any;
let folder: any;

function checked(a: Api): Api {
  const wrap =
    <A extends unknown[]>(f: (...args: A) => Promise<Res>) =>
    async (...args: A) => {
      const r = await f(...args);
      assertClean(r, `${JSON.stringify(args).slice(0, 300)}`);
      if (r.status >= 400) {
        expect(r.body?.error, JSON.stringify(r.body)).toBeTruthy();
        expect(Object.keys(r.body).sort()).toEqual(['error']);
        expect(Object.keys(r.body.error).sort()).toEqual(['code', 'details', 'doc_url', 'message']);
      }
      return r;
    };
  return { get: wrap(a.get), post: wrap(a.post), patch: wrap(a.patch), put: wrap(a.put), del: wrap(a.del), call: wrap(a.call) } as Api;
}

beforeAll(async () => {
  const t = await createToken({ team: uniqueTeam('errors'), scopes: 'documents.read,documents.write' });
  token = t.token;
  raw = client(t.token);
  api = checked(raw);
  doc = ok(await api.post('/v1/documents', { upload_id: await upload(raw, await pdfBytes(1), 'application/pdf', 'e.pdf') }), 201);
  version = ok(await api.get(`/v1/documents/${doc.id}/versions`)).data[0];
  folder = ok(await api.post('/v1/folders', { name: 'Errors' }), 201);
});

const unprocessable = (r: Res) => envelope(r, 422, 'unprocessable_entity');

describe('unknown keys', () => {
  it('in bodies: 422 naming the key in details.formErrors[0]', async () => {
    const cases: [string, string, Record<string, unknown>][] = [
      ['POST', '/v1/documents', { type: 'link', external_url: 'https://example.com/', colour: 'red' }],
      ['POST', '/v1/documents/upload-url', { content_type: 'application/pdf', bucket: 'x' }],
      ['PATCH', `/v1/documents/${doc.id}`, { name: 'x', owner: 'y' }],
      ['POST', `/v1/documents/${doc.id}/versions`, { source_url: fixture('/deck.pdf'), note: 'x' }],
      ['PATCH', `/v1/documents/${doc.id}/versions/${version.id}`, { is_primary: true, label: 'x' }],
      ['POST', '/v1/folders', { name: 'x', team_id: 'y' }],
      ['PATCH', `/v1/folders/${folder.id}`, { name: 'x', parent_id: null }],
      ['POST', `/v1/folders/${folder.id}/move`, { parent_id: null, position: 1 }],
    ];
    for (const [method, path, body] of cases) {
      const e = unprocessable(await api.call(method, path, body));
      const extra = Object.keys(body).at(-1)!;
      expect(e.details.formErrors[0], `${method} ${path}`).toContain(extra);
      expect(e.message, `${method} ${path}`).toContain(extra);
    }
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const e = unprocessable(await api.post('/v1/folders', `{"name":"Proto","${key}":{"polluted":true}}`));
      expect(e.details.formErrors[0], key).toContain(key);
    }
    expect(({} as any).polluted).toBeUndefined();
    // Nothing was changed by the refused requests.
    expect(ok(await api.get(`/v1/documents/${doc.id}`)).name).toBe('e.pdf');
    expect(ok(await api.get(`/v1/folders/${folder.id}`))).toMatchObject({ name: 'Errors', parent_id: null });
  });

  it('in query strings: 422 naming the key', async () => {
    for (const [method, path, key] of [
      ['GET', '/v1/documents?sort=name', 'sort'],
      ['GET', '/v1/documents?limit=5&folder_id=root', 'folder_id'],
      ['GET', '/v1/documents/search?q=a&query=b', 'query'],
      ['GET', '/v1/folders?parentId=root', 'parentId'],
      ['GET', `/v1/documents/${doc.id}?expand=versions`, 'expand'],
      ['GET', `/v1/documents/${doc.id}/versions?order=asc`, 'order'],
      ['GET', `/v1/folders/${folder.id}?x=1`, 'x'],
      ['DELETE', `/v1/folders/${folder.id}?recursive=true`, 'recursive'],
      ['DELETE', `/v1/documents/${doc.id}?hard=true`, 'hard'],
      ['GET', '/v1/documents?api_key=abc', 'api_key'],
    ] as const) {
      const e = unprocessable(await api.call(method, path));
      expect(e.details.formErrors[0], path).toContain(key);
    }
    // Names of Object.prototype's members are keys like any other (they once broke the parser).
    // (Bare `next start` drops a `__proto__` query key before the app sees it: ignored, not merged.)
    for (const key of ['valueOf', 'toString', 'constructor', 'hasOwnProperty', ...(onNextStart ? [] : ['__proto__'])]) {
      for (const path of ['/v1/documents', `/v1/folders/${folder.id}`, '/v1/documents/search?q=a']) {
        const e = unprocessable(await api.get(`${path}${path.includes('?') ? '&' : '?'}${key}=x`));
        expect(e.details.formErrors[0], `${path} ${key}`).toContain(key);
      }
    }
    // The document and folder survived the refused deletes.
    ok(await api.get(`/v1/documents/${doc.id}`));
    ok(await api.get(`/v1/folders/${folder.id}`));
  });

  it('query keys on a JSON write are refused too', async () => {
    const e = unprocessable(await api.post('/v1/folders?dry_run=true', { name: 'Query on POST' }));
    expect(e.details.formErrors[0]).toContain('dry_run');
    const e2 = unprocessable(await api.patch(`/v1/documents/${doc.id}?name=sneaky`, {}));
    expect(JSON.stringify(e2.details)).toContain('name');
    expect(ok(await api.get(`/v1/documents/${doc.id}`)).name).toBe('e.pdf');
  });

  it('a path id cannot be overridden from the query string or the body', async () => {
    const other = ok(await api.post('/v1/documents', { type: 'link', external_url: 'https://example.com/', name: 'Other' }), 201);
    const r = await api.get(`/v1/documents/${doc.id}?id=${other.id}`);
    if (r.status === 200) expect(r.body.id).toBe(doc.id);
    else unprocessable(r);
    const p = await api.patch(`/v1/documents/${doc.id}`, { id: other.id, name: 'Renamed by body id' });
    if (p.status === 200) expect(p.body.id).toBe(doc.id);
    else unprocessable(p);
    expect(ok(await api.get(`/v1/documents/${other.id}`)).name).toBe('Other');
    if (p.status === 200) ok(await api.patch(`/v1/documents/${doc.id}`, { name: 'e.pdf' }));
  });
});

describe('wrong JSON types', () => {
  it('a JSON string where an integer or boolean is expected is 422 with fieldErrors', async () => {
    for (const [method, path, body, field] of [
      ['POST', '/v1/documents/upload-url', { content_type: 'application/pdf', size: '5' }, 'size'],
      ['POST', '/v1/documents/upload-url', { content_type: 'application/pdf', size: 5.5 }, 'size'],
      ['POST', '/v1/documents/upload-url', { content_type: 'application/pdf', size: -1 }, 'size'],
      ['POST', '/v1/documents/upload-url', { content_type: 'application/pdf', size: true }, 'size'],
      ['POST', '/v1/documents/upload-url', { content_type: 5 }, 'content_type'],
      ['PATCH', `/v1/documents/${doc.id}/versions/${version.id}`, { is_primary: 'true' }, 'is_primary'],
      ['PATCH', `/v1/documents/${doc.id}/versions/${version.id}`, { is_primary: 1 }, 'is_primary'],
      ['POST', '/v1/folders', { name: 42 }, 'name'],
      ['POST', '/v1/folders', { name: ['a'] }, 'name'],
      ['POST', '/v1/folders', { name: 'x', parent_id: 7 }, 'parent_id'],
      ['POST', '/v1/folders', { name: { toString: 'x' } }, 'name'],
      ['PATCH', `/v1/documents/${doc.id}`, { folder_id: false }, 'folder_id'],
      ['PATCH', `/v1/documents/${doc.id}`, { name: 1 }, 'name'],
      ['POST', '/v1/documents', { type: 'link', external_url: 42 }, 'external_url'],
      ['POST', '/v1/documents', { upload_id: 12345 }, 'upload_id'],
      ['DELETE', `/v1/folders/${folder.id}?cascade=1`, undefined, 'cascade'],
    ] as const) {
      const e = unprocessable(await api.call(method, path, body));
      expect(e.details.fieldErrors[field], `${method} ${path} ${JSON.stringify(body)}`).toBeTruthy();
    }
  });

  it('limit must be an integer from 1 to 100', async () => {
    for (const path of ['/v1/documents', '/v1/folders', '/v1/documents/search?q=a', `/v1/documents/${doc.id}/versions`]) {
      const sep = path.includes('?') ? '&' : '?';
      // Only decimal digits: Number() would read 0x10, 1e1, " 5", "5.0" and "+5" as integers.
      for (const bad of ['0', '101', 'abc', '1.5', '-1', '', '1e3', '5abc', 'true', '[]', '0x10', '1e1', ' 5', '5 ', '5.0', '+5', '0b11']) {
        const e = unprocessable(await api.get(`${path}${sep}limit=${encodeURIComponent(bad)}`));
        expect(e.details.fieldErrors.limit, `${path} limit=${bad}`).toBeTruthy();
      }
      const twice = unprocessable(await api.get(`${path}${sep}limit=5&limit=6`));
      expect(twice.details.fieldErrors.limit).toEqual(['must be a whole number from 1 to 100']);
      expect(ok(await api.get(`${path}${sep}limit=007`)).data.length).toBeLessThanOrEqual(7);
      for (const good of ['1', '100', '25']) expect((await api.get(`${path}${sep}limit=${good}`)).status).toBe(200);
    }
  });

  it('text with NUL characters is refused, not passed to the database', async () => {
    for (const [method, path, body] of [
      ['GET', '/v1/documents?folderId=%00', undefined],
      ['GET', '/v1/documents?query=a%00b', undefined],
      ['GET', '/v1/documents/search?q=%00', undefined],
      ['GET', '/v1/documents/a%00b', undefined],
      ['GET', '/v1/folders?parent_id=%00', undefined],
      ['GET', '/v1/folders/%00', undefined],
      ['GET', `/v1/documents/${doc.id}/versions/%00`, undefined],
      ['POST', '/v1/documents', { upload_id: 'a\u0000b' }],
      ['POST', '/v1/documents', { type: 'link', external_url: 'https://example.com/', folder_id: '\u0000' }],
      ['POST', '/v1/documents/upload-url', { content_type: 'application/pdf\u0000' }],
      ['POST', '/v1/folders', { name: 'ok', parent_id: '\u0000' }],
      ['POST', `/v1/folders/${folder.id}/move`, { parent_id: 'x\u0000' }],
      ['GET', `/v1/documents?cursor=${Buffer.from(JSON.stringify([1, 'a\u0000'])).toString('base64url')}`, undefined],
      ['GET', `/v1/folders?cursor=${Buffer.from(JSON.stringify(['/a\u0000'])).toString('base64url')}`, undefined],
      ['PATCH', `/v1/documents/${doc.id}`, { name: 'ok', ['bad\u0000key']: 1 }],
    ] as const) {
      const r = await api.call(method, path, body);
      expect([404, 422], `${method} ${path} ${JSON.stringify(body)} → ${r.status} ${JSON.stringify(r.body)}`).toContain(r.status);
    }
  });

  it('cursors that decode to impossible values are 422', async () => {
    const c = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const path of [
      `/v1/documents?cursor=${c([1e20, 'x'])}`,
      `/v1/documents?cursor=${c([-1e20, 'x'])}`,
      `/v1/documents/search?q=a&cursor=${c([8.64e15 + 1, 'x'])}`,
      `/v1/documents?cursor=${c(['x', 1])}`,
      `/v1/documents?cursor=${c([1, 'x', 2])}`,
      `/v1/documents/${doc.id}/versions?cursor=${c([1.5])}`,
      `/v1/documents/${doc.id}/versions?cursor=${c([1e20])}`,
      `/v1/documents/${doc.id}/versions?cursor=${c(['1'])}`,
      `/v1/folders?cursor=${c([1])}`,
      `/v1/folders?cursor=${c([{ a: 1 }])}`,
      `/v1/folders?cursor=${c(['x'.repeat(2000)])}`,
      '/v1/documents?cursor=%E2%82%AC',
    ]) {
      const e = unprocessable(await api.get(path));
      expect(e.details.fieldErrors.cursor, path).toBeTruthy();
    }
  });
});

describe('malformed requests', () => {
  it('a body that is not valid JSON is 400 bad_request', async () => {
    for (const body of ['{', '{"name": }', "{'name': 'x'}", 'name=x', '{"name":"x"}garbage', '\u0000']) {
      envelope(await api.post('/v1/folders', body), 400, 'bad_request');
    }
    envelope(await api.post('/v1/folders', ''), 400, 'bad_request');
  });

  it('a write without a JSON Content-Type is 400', async () => {
    for (const ct of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp', 'application/xml']) {
      envelope(await api.post('/v1/folders', JSON.stringify({ name: 'x' }), { 'Content-Type': ct }), 400, 'bad_request');
    }
    // No body and no Content-Type at all.
    envelope(await api.call('POST', '/v1/folders'), 400, 'bad_request');
    envelope(await api.call('POST', `/v1/folders/${folder.id}/move`), 400, 'bad_request');
    // Parameters are fine.
    expect((await api.post('/v1/folders', JSON.stringify({ name: 'Charset' }), { 'Content-Type': 'application/json; charset=utf-8' })).status).toBe(201);
  });

  it('a JSON body that is not an object is 422', async () => {
    for (const body of ['[]', '[{"name":"x"}]', '"name"', '42', 'null', 'true']) {
      unprocessable(await api.post('/v1/folders', body));
    }
  });

  it('a body over 4.5 MB is 413, by Content-Length or while streaming', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(5 * 1024 * 1024) });
    envelope(await api.post('/v1/folders', big), 413, 'payload_too_large');
    const chunked = await streamed('/v1/folders', 6 * 1024 * 1024);
    expect(chunked.status).toBe(413);
    expect(chunked.body.error.code).toBe('payload_too_large');
    // A body just under the cap is read (and refused for its content, not its size).
    const under = await api.post('/v1/folders', JSON.stringify({ name: 'x'.repeat(4 * 1024 * 1024) }));
    unprocessable(under);
  });
});

let tokenForStream = '';
beforeAll(async () => {
  tokenForStream = (await createToken({ team: uniqueTeam('errors-stream'), scopes: 'documents.write' })).token;
});

/** A chunked POST (no Content-Length) of `size` bytes of a JSON string, sent in 256 KB pieces. */
function streamed(path: string, size: number): Promise<{ status: number; body: any; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const u = new URL(baseUrl() + path);
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'POST',
        headers: { Authorization: `Bearer ${tokenForStream}`, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text), headers: res.headers }));
      },
    );
    let answered = false;
    req.on('response', () => (answered = true));
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    const piece = 'x'.repeat(256 * 1024);
    let sent = 0;
    req.write('{"name":"');
    const pump = () => {
      while (sent < size && !answered) {
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      req.end('"}');
    };
    pump();
  });
}

describe('unknown routes and ids', () => {
  it('unknown paths under /v1 are 404 with a valid token', async () => {
    // Outside the catch-all (the bare prefix, another version) Next.js answers its own 404.
    for (const path of ['/v1', '/v1/', '/v2/documents']) {
      expect((await fetch(baseUrl() + path, { headers: { Authorization: `Bearer ${token}` } })).status, path).toBe(404);
    }
    for (const [method, path] of [
      ['GET', '/v1/nope'],
      ['GET', '/v1/documents/a/b/c'],
      ['POST', '/v1/nope'],
      ['GET', '/v1/folders/x/children'],
      ['GET', `/v1/documents/${doc.id}/versions/${version.id}/extra`],
      ['POST', '/v1/nope?x=1'],
    ] as const) {
      envelope(await api.call(method, path, method === 'POST' ? {} : undefined), 404, 'not_found');
    }
  });

  it('paths are exact: another letter case is 404 and does nothing', async () => {
    const before = ok(await api.get('/v1/folders?limit=100')).data.length;
    for (const [method, path] of [
      ['GET', '/v1/DOCUMENTS'],
      ['GET', '/v1/Documents/search?q=a'],
      ['GET', `/v1/documents/${doc.id}/Versions`],
      ['POST', '/v1/Folders'],
      ['DELETE', `/v1/FOLDERS/${folder.id}`],
    ] as const) {
      envelope(await api.call(method, path, method === 'POST' ? { name: 'Case probe' } : undefined), 404, 'not_found');
    }
    expect(ok(await api.get('/v1/folders?limit=100')).data.length).toBe(before);
    ok(await api.get(`/v1/folders/${folder.id}`));
  });

  it('a known path with the wrong method is 404', async () => {
    for (const [method, path] of [
      ['DELETE', '/v1/documents'],
      ['PATCH', '/v1/documents'],
      ['PUT', '/v1/documents'],
      ['PUT', `/v1/documents/${doc.id}`],
      ['POST', `/v1/documents/${doc.id}`],
      ['POST', '/v1/documents/search'],
      ['DELETE', `/v1/documents/${doc.id}/versions/${version.id}`],
      ['POST', `/v1/documents/${doc.id}/versions/${version.id}`],
      ['PUT', '/v1/folders'],
      ['DELETE', '/v1/folders'],
      ['PUT', `/v1/folders/${folder.id}`],
      ['GET', `/v1/folders/${folder.id}/move`],
    ] as const) {
      const r = await api.call(method, path, ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined);
      envelope(r, 404, 'not_found');
    }
    // None of them did anything.
    ok(await api.get(`/v1/documents/${doc.id}`));
    ok(await api.get(`/v1/folders/${folder.id}`));
  });

  it('unknown ids are 404 on every route', async () => {
    const x = 'unknown0000000000000000x';
    for (const [method, path, body] of [
      ['GET', `/v1/documents/${x}`, undefined],
      ['PATCH', `/v1/documents/${x}`, { name: 'y' }],
      ['DELETE', `/v1/documents/${x}`, undefined],
      ['GET', `/v1/documents/${x}/versions`, undefined],
      ['POST', `/v1/documents/${x}/versions`, { external_url: 'https://example.com/' }],
      ['GET', `/v1/documents/${x}/versions/${version.id}`, undefined],
      ['PATCH', `/v1/documents/${x}/versions/${version.id}`, { is_primary: true }],
      ['GET', `/v1/documents/${doc.id}/versions/${x}`, undefined],
      ['PATCH', `/v1/documents/${doc.id}/versions/${x}`, { is_primary: true }],
      ['POST', '/v1/documents', { upload_id: x }],
      ['POST', `/v1/documents/${doc.id}/versions`, { upload_id: x }],
      ['POST', '/v1/documents', { type: 'link', external_url: 'https://example.com/', folder_id: x }],
      ['PATCH', `/v1/documents/${doc.id}`, { folder_id: x }],
      ['GET', `/v1/documents?folderId=${x}`, undefined],
      ['GET', `/v1/folders/${x}`, undefined],
      ['PATCH', `/v1/folders/${x}`, { name: 'y' }],
      ['DELETE', `/v1/folders/${x}`, undefined],
      ['DELETE', `/v1/folders/${x}?cascade=true`, undefined],
      ['POST', `/v1/folders/${x}/move`, { parent_id: null }],
      ['POST', `/v1/folders/${folder.id}/move`, { parent_id: x }],
      ['POST', '/v1/folders', { name: 'y', parent_id: x }],
      ['GET', `/v1/folders?parent_id=${x}`, undefined],
    ] as const) {
      envelope(await api.call(method, path, body), 404, 'not_found');
    }
  });
});

describe('scopes', () => {
  it('every read route needs documents.read and every write route documents.write (403 forbidden)', async () => {
    const [r, w] = await Promise.all([
      createToken({ team: uniqueTeam('errors-scopes'), scopes: 'documents.read' }),
      createToken({ team: uniqueTeam('errors-scopes'), scopes: 'documents.write,links.write,datarooms.read,branding.read' }),
    ]);
    const readOnly = checked(client(r.token));
    const writeOnly = checked(client(w.token));
    const x = 'someid';
    const reads = [
      '/v1/documents',
      '/v1/documents/search?q=a',
      `/v1/documents/${x}`,
      `/v1/documents/${x}/versions`,
      `/v1/documents/${x}/versions/${x}`,
      '/v1/folders',
      `/v1/folders/${x}`,
    ];
    const writes: [string, string, unknown][] = [
      ['POST', '/v1/documents', { type: 'link', external_url: 'https://example.com/' }],
      ['POST', '/v1/documents/upload-url', { content_type: 'application/pdf' }],
      ['PATCH', `/v1/documents/${x}`, { name: 'x' }],
      ['DELETE', `/v1/documents/${x}`, undefined],
      ['POST', `/v1/documents/${x}/versions`, { external_url: 'https://example.com/' }],
      ['PATCH', `/v1/documents/${x}/versions/${x}`, { is_primary: true }],
      ['POST', '/v1/folders', { name: 'x' }],
      ['PATCH', `/v1/folders/${x}`, { name: 'x' }],
      ['POST', `/v1/folders/${x}/move`, { parent_id: null }],
      ['DELETE', `/v1/folders/${x}`, undefined],
    ];
    for (const path of reads) {
      const e = envelope(await writeOnly.get(path), 403, 'forbidden');
      expect(e.message, path).toContain('documents.read');
    }
    for (const [method, path, body] of writes) {
      const e = envelope(await readOnly.call(method, path, body), 403, 'forbidden');
      expect(e.message, `${method} ${path}`).toContain('documents.write');
    }
    // The scope check comes first: another token's invalid body is still a 403, not a 422 that
    // would describe the schema to a token that may not write.
    envelope(await readOnly.post('/v1/folders', { bogus: true }), 403, 'forbidden');
  });
});

describe('fuzz: never a 5xx, always the envelope', () => {
  const anyValue = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.string({ maxLength: 300 }),
    fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\ud800',
      '%',
      '_',
      '\\',
      "'; DROP TABLE documents; --",
      'root',
      'https://example.com/',
      'http://example.com/',
      'https://127.0.0.1/',
      'javascript:alert(1)',
      'x'.repeat(5000),
      -1,
      0,
      1,
      1.5,
      2 ** 53,
      -(2 ** 31),
      1e308,
      true,
      false,
      null,
      [],
      {},
    ),
  );
  const bodyFor = (keys: string[]) =>
    fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 12 })), anyValue, { maxKeys: 5 });
  // QUIRE_FUZZ_SCALE=20 QUIRE_FUZZ_SEED=<n> explore further than the fixed runs CI repeats.
  const fuzzRuns = (numRuns: number, seed: number) => ({
    numRuns: numRuns * (Number(process.env.QUIRE_FUZZ_SCALE) || 1),
    seed: Number(process.env.QUIRE_FUZZ_SEED) || seed,
  });
  // Cursors shaped like ours (base64url JSON arrays) holding any numbers and strings.
  const cursorPart = fc.oneof(
    fc.double(),
    fc.integer(),
    fc.constantFrom(8.64e15, -8.64e15, 253402300800000, -62135596800001, 2 ** 31, 0.5),
    fc.string({ maxLength: 30 }),
  );
  const cursorLike = fc
    .array(cursorPart, { minLength: 1, maxLength: 3 })
    .map((parts) => Buffer.from(JSON.stringify(parts)).toString('base64url'));
  const queryValue = fc.oneof(
    fc.string({ maxLength: 40 }),
    cursorLike,
    fc.constantFrom('', '0', '1', '25', '100', '101', '-5', 'abc', 'root', 'true', 'null', '%00', '%', '\u0000', 'eyJ4Ijox', 'WzEsMl0'),
  );
  const queryFor = (keys: string[]) =>
    fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 })), queryValue, { maxKeys: 4 });

  const check = (r: Res, label: string) => {
    expect(r.status, `${label} → ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`).toBeLessThan(500);
    if (r.status >= 400) {
      const code = r.body?.error?.code;
      expect(['bad_request', 'not_found', 'conflict', 'payload_too_large', 'unprocessable_entity'], label).toContain(code);
    }
  };

  it('random JSON bodies against the write endpoints', async () => {
    const endpoints: [string, () => string, string[]][] = [
      ['POST', () => '/v1/documents', ['name', 'folder_id', 'upload_id', 'type', 'external_url', 'folder_path']],
      ['POST', () => '/v1/documents/upload-url', ['content_type', 'file_name', 'size']],
      ['PATCH', () => `/v1/documents/${doc.id}`, ['name', 'folder_id']],
      ['POST', () => `/v1/documents/${doc.id}/versions`, ['upload_id', 'external_url']],
      ['PATCH', () => `/v1/documents/${doc.id}/versions/${version.id}`, ['is_primary']],
      ['POST', () => '/v1/folders', ['name', 'parent_id', 'icon', 'color']],
      ['PATCH', () => `/v1/folders/${folder.id}`, ['name', 'icon', 'color']],
      ['POST', () => `/v1/folders/${folder.id}/move`, ['parent_id']],
    ];
    for (const [method, path, keys] of endpoints) {
      await fc.assert(
        fc.asyncProperty(bodyFor(keys), async (body) => {
          const r = await api.call(method, path(), body);
          check(r, `${method} ${path()} ${JSON.stringify(body).slice(0, 300)}`);
        }),
        fuzzRuns(40, 20261121),
      );
    }
    // The fixtures survived whatever the fuzz renamed or moved.
    ok(await api.get(`/v1/documents/${doc.id}`));
    ok(await api.get(`/v1/folders/${folder.id}`));
  });

  it('random raw bodies and content types', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 200 }), fc.json({ maxDepth: 2 })),
        fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'APPLICATION/JSON', ''),
        async (body, ct) => {
          const r = await raw.post('/v1/folders', body, ct ? { 'Content-Type': ct } : {});
          assertClean(r, body);
          check(r, `POST /v1/folders ${ct} ${body.slice(0, 200)}`);
        },
      ),
      fuzzRuns(60, 7),
    );
  });

  it('random query strings against the read endpoints', async () => {
    const endpoints: [() => string, string[]][] = [
      [() => '/v1/documents', ['limit', 'cursor', 'folderId', 'query']],
      [() => '/v1/documents/search', ['q', 'limit', 'cursor']],
      [() => '/v1/folders', ['limit', 'cursor', 'parent_id']],
      [() => `/v1/documents/${doc.id}/versions`, ['limit', 'cursor']],
      [() => `/v1/folders/${folder.id}`, ['cascade']],
    ];
    for (const [path, keys] of endpoints) {
      await fc.assert(
        fc.asyncProperty(queryFor(keys), async (q) => {
          const qs = new URLSearchParams(q).toString();
          const r = await api.get(`${path()}?${qs}`);
          check(r, `GET ${path()}?${qs}`);
        }),
        fuzzRuns(40, 42),
      );
    }
  });

  it('random path segments as ids', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 200 }), fc.constantFrom('documents', 'folders'), async (id, kind) => {
        const r = await api.get(`/v1/${kind}/${encodeURIComponent(id)}`);
        check(r, `GET /v1/${kind}/${encodeURIComponent(id)}`);
        const v = await api.get(`/v1/documents/${doc.id}/versions/${encodeURIComponent(id)}`);
        check(v, `GET versions/${encodeURIComponent(id)}`);
      }),
      fuzzRuns(60, 99),
    );
  });
});
