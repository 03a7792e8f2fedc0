// Request bodies the hardening probe of issue 43 sent (items 5, 8, 9), over real HTTP: a malformed
// multipart gate form, an oversized question, and action POSTs sent with no body at all.
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, client, createToken, envelope, uniqueTeam } from './support/api';
import { logSize, makeLink, pdfDocument, serverLog, slugOf, Visitor } from './support/viewer';

type Api = ReturnType<typeof client>;
let api: Api;
let token: string;
let slug: string;

beforeAll(async () => {
  ({ token } = await createToken({ team: uniqueTeam('bodies'), scopes: 'apis.all', plan: 'datarooms-plus' }));
  api = client(token);
  slug = slugOf(await makeLink(api, { document_id: (await pdfDocument(api, 1)).id, email_protected: true }));
});

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
