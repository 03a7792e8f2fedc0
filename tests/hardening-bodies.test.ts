// Request bodies the hardening probe of issue 43 sent (items 5, 8, 9), over real HTTP: a malformed
// multipart gate form, an oversized question, and action POSTs sent with no body at all.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, client, createToken, envelope, uniqueTeam } from './support/api';
import { ok } from './support/docs';
import { logSize, makeLink, pdfDocument, serverLog, slugOf, Visitor } from './support/viewer';
import { startReceiver, type Receiver } from './support/webhook-receiver';

type Api = ReturnType<typeof client>;
let api: Api;
let token: string;
let slug: string;
let receiver: Receiver;

beforeAll(async () => {
  ({ token } = await createToken({ team: uniqueTeam('bodies'), scopes: 'apis.all', plan: 'datarooms-plus' }));
  api = client(token);
  slug = slugOf(await makeLink(api, { document_id: (await pdfDocument(api, 1)).id, email_protected: true }));
  receiver = await startReceiver();
});
afterAll(() => receiver?.close());

const logSince = (since: number) => fs.readFileSync(serverLog()).subarray(since).toString('utf8');

describe('issue 43, 5. a malformed multipart gate form', () => {
  const bodies: [string, string, string][] = [
    ['a boundary the body does not use', 'multipart/form-data; boundary=abc', '--xyz\r\nContent-Disposition: form-data; name="step"\r\n\r\nemail\r\n--xyz--\r\n'],
    ['a truncated body', 'multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition: form-data; name="step"\r\n\r\nema'],
    ['no boundary parameter', 'multipart/form-data', '--abc\r\nContent-Disposition: form-data; name="step"\r\n\r\nemail\r\n--abc--\r\n'],
    ['an empty boundary', 'multipart/form-data; boundary=""', '--\r\n\r\n'],
    ['garbage', 'multipart/form-data; boundary=----x', '\u0000\u0001 not multipart at all'],
    ['a part without a name', 'multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition: form-data\r\n\r\nx\r\n--abc--\r\n'],
  ];

  for (const [label, type, body] of bodies) {
    it(`${label}: 400 at once, nothing logged, on a real link and on any slug`, async () => {
      const since = logSize();
      for (const s of [slug, 'no-such-link-anywhere']) {
        const r = await new Visitor().request('POST', `/view/${s}/gate`, { body, headers: { 'Content-Type': type } });
        expect(r.status, r.text()).toBe(400);
        expect(r.text()).toBe('The form could not be read.');
      }
      await new Promise((res) => setTimeout(res, 200));
      expect(logSince(since)).not.toMatch(/FormData|TypeError|\n\s+at /);
    });
  }

  it('a well-formed multipart form still works', async () => {
    const v = new Visitor();
    await v.open(slug);
    const fd = new FormData();
    fd.set('step', 'email');
    fd.set('email', `multipart.${Date.now().toString(36)}@fund.example`);
    const req = new Request('http://x', { method: 'POST', body: fd });
    const r = await v.request('POST', `/view/${slug}/gate`, { body: Buffer.from(await req.arrayBuffer()), headers: { 'Content-Type': req.headers.get('content-type')! } });
    expect(r.status).toBe(303);
    expect(r.location).not.toContain('e=');
  });
});

describe('issue 43, 8. a question body over 64 KB', () => {
  it('is 413 naming the limit, by Content-Length and chunked alike', async () => {
    const v = new Visitor();
    const body = JSON.stringify({ text: 'x'.repeat(70_000) });
    const sized = await v.request('POST', `/view/${slug}/questions`, { body, headers: { 'Content-Type': 'application/json' } });
    const e = envelope({ status: sized.status, body: JSON.parse(sized.text()), headers: sized.headers }, 413, 'payload_too_large');
    expect(e.message).toContain('64 KB');
    // Chunked: no Content-Length, the cap found while reading.
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(body));
        c.close();
      },
    });
    const chunked = await fetch(`${baseUrl()}/view/${slug}/questions`, { method: 'POST', body: stream, duplex: 'half', headers: { Origin: baseUrl(), 'Content-Type': 'application/json' } } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await chunked.json()).error.message).toContain('64 KB');
    // The code route's own limit (4 KB) too, for a visitor it admits.
    await v.open(slug);
    await v.gate(slug, { step: 'email', email: `asker.${Date.now().toString(36)}@fund.example` });
    const code = await v.request('POST', `/view/${slug}/questions/code`, { body: JSON.stringify({ code: 'x'.repeat(5000) }), headers: { 'Content-Type': 'application/json' } });
    expect(code.status).toBe(413);
    expect(JSON.parse(code.text()).error.message).toContain('4 KB');
  });

  it('a body that is not JSON is still 400', async () => {
    const r = await new Visitor().request('POST', `/view/${slug}/questions`, { body: 'not json', headers: { 'Content-Type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text()).error.message).toBe('The body must be JSON.');
  });
});

describe('issue 43, 9. action POSTs whose fields are all optional take an empty body', () => {
  /** `curl -X POST`: no Content-Type, Content-Length: 0. */
  const bare = (path: string, extra: Record<string, string> = {}) => api.call('POST', path, undefined, extra);

  it('rotate-secret, test, exports, approve and deny answer as for {}', async () => {
    const hook = ok(await api.post('/v1/webhooks', { url: receiver.url('/empty-body'), events: ['*'] }), 201);
    const rotated = ok(await bare(`/v1/webhooks/${hook.id}/rotate-secret`));
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(hook.secret);
    expect(ok(await bare(`/v1/webhooks/${hook.id}/test`), 201)).toMatchObject({ object: 'webhook_delivery', event_type: 'webhook.test' });
    // Content-Length: 0 said outright, as curl sends it.
    ok(await bare(`/v1/webhooks/${hook.id}/rotate-secret`, { 'Content-Length': '0' }));

    const room = ok(await api.post('/v1/datarooms', { name: `Empty body ${Date.now()}` }), 201);
    expect(ok(await bare(`/v1/datarooms/${room.id}/exports`), 202)).toMatchObject({ object: 'dataroom_export' });

    // An unknown request: the procedure ran (404), the body was not refused (400).
    envelope(await bare('/v1/access-requests/nosuchrequest0000000000000/approve'), 404, 'not_found');
    envelope(await bare('/v1/access-requests/nosuchrequest0000000000000/deny'), 404, 'not_found');
  });

  it('a body that is present must still be JSON; fields a POST requires still need a body', async () => {
    const hook = ok(await api.post('/v1/webhooks', { url: receiver.url('/empty-body-2'), events: ['*'] }), 201);
    envelope(await api.call('POST', `/v1/webhooks/${hook.id}/rotate-secret`, 'secret please', { 'Content-Type': 'text/plain' }), 400, 'bad_request');
    envelope(await api.call('POST', `/v1/webhooks/${hook.id}/rotate-secret`, 'not json', { 'Content-Type': 'application/json' }), 400, 'bad_request');
    const noType = await fetch(`${baseUrl()}/v1/webhooks/${hook.id}/rotate-secret`, { method: 'POST', body: new Uint8Array(Buffer.from('{}')), headers: { Authorization: `Bearer ${token}` } });
    expect(noType.status).toBe(400);
    // A create whose fields are all optional: {} reaches the service, which names what it needs.
    envelope(await bare('/v1/links'), 422, 'unprocessable_entity');
    // Unknown keys in an optional body are still refused.
    envelope(await api.post(`/v1/webhooks/${hook.id}/rotate-secret`, { nope: 1 }), 422, 'unprocessable_entity');
    // A create with required fields: an empty body is not {} for it.
    envelope(await bare('/v1/folders'), 400, 'bad_request');
  });

  it('the OpenAPI document marks exactly those bodies optional', async () => {
    const doc = ok(await client(null).get('/v1/openapi.json'));
    const body = (path: string, method = 'post') => doc.paths[path][method].requestBody;
    for (const p of ['/webhooks/{id}/rotate-secret', '/webhooks/{id}/test', '/datarooms/{id}/exports', '/access-requests/{id}/approve', '/access-requests/{id}/deny', '/webhooks/{id}/deliveries/{deliveryId}/retry']) {
      expect(body(p).required, p).toBe(false);
    }
    expect(body('/folders').required).toBe(true);
    expect(body('/webhooks/{id}', 'patch').required).toBe(true);
  });
});

describe('issue 43, 12. anonymous requests for dashboard pages', () => {
  it('are sent to sign in, and nothing is logged for them', async () => {
    const since = logSize();
    const pages = ['/documents', '/documents/abc123', '/links/abc123', '/datarooms/abc123', '/agreements/abc123', '/branding/abc123', '/visitors/abc123', '/settings/webhooks/abc123'];
    for (const p of pages) {
      const r = await new Visitor().get(p);
      expect(r.status, p).toBe(307);
      expect(r.location, p).toMatch(/\/signin/);
    }
    await new Promise((res) => setTimeout(res, 300));
    expect(logSince(since)).not.toMatch(/TRPCError|UNAUTHORIZED|\n\s+at /);
  });
});

describe('issue 43, 6. MCP batches are metered and bounded; malformed calls get plain JSON-RPC errors', () => {
  const rpc = (body: unknown) =>
    fetch(`${baseUrl()}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const list = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
  const remaining = (r: Response) => Number(r.headers.get('x-ratelimit-remaining'));

  it('each message of a batch counts against the rate limit', async () => {
    const one = await rpc({ jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(one.status).toBe(200);
    const five = await rpc([2, 3, 4, 5, 6].map(list));
    expect(five.status).toBe(200);
    const answers = await five.json();
    expect(answers).toHaveLength(5);
    expect(remaining(one) - remaining(five)).toBe(5);
  });

  it('a batch of more than 10 messages is refused whole (-32600)', async () => {
    const r = await rpc(Array.from({ length: 100 }, (_, i) => list(i)));
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'A batch holds at most 10 messages; this one has 100.' } });
  });

  it('arguments that are not an object, and a body nested past the limit, are -32602 in plain words', async () => {
    for (const args of ['text', 42, [1, 2], null]) {
      const r = await rpc({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'documents-list', arguments: args } });
      expect(r.status, JSON.stringify(args)).toBe(400);
      const body = await r.json();
      expect(body).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32602 } });
      expect(body.error.message).toBe('tools/call: "arguments" must be an object of the tool\'s arguments.');
    }
    const deep = `{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"documents-list","arguments":{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}}}`;
    const r = await rpc(deep);
    expect(r.status).toBe(400);
    const body = await r.json();
    expect(body.error.code).toBe(-32602);
    expect(body.error.message).toMatch(/nested more than 32 levels/);
    // The server still answers.
    expect((await rpc({ jsonrpc: '2.0', id: 9, method: 'ping' })).status).toBe(200);
  });
});
