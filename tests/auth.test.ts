// Authentication and scopes on /v1 (spec 5.1, 5.3): bearer only, scheme word case-insensitive,
// revocation immediate, one scope per operation, presets, no implied scopes.
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, baseUrl, client, createToken, envelope, uniqueTeam } from './support/api';

let team: string;
let all: { token: string; id: string };

beforeAll(async () => {
  team = uniqueTeam('auth');
  all = await createToken({ team, scopes: 'apis.all' });
});

describe('authentication', () => {
  it('refuses requests without credentials, with the envelope and rate-limit headers', async () => {
    const r = await client(null).get('/v1/documents');
    envelope(r, 401, 'unauthorized');
    expect(r.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
    expect(r.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('accepts the Bearer scheme word in any case', async () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'BeArEr']) {
      const r = await fetch(`${baseUrl()}/v1/documents`, { headers: { Authorization: `${scheme} ${all.token}` } });
      expect(r.status, scheme).toBe(200);
    }
  });

  it('never authenticates from cookies, query parameters or api_key', async () => {
    const base = baseUrl();
    for (const [url, headers] of [
      [`${base}/v1/documents?api_key=${all.token}`, {}],
      [`${base}/v1/documents?token=${all.token}`, {}],
      [`${base}/v1/documents?access_token=${all.token}`, {}],
      [`${base}/v1/documents`, { Cookie: `token=${all.token}; api_key=${all.token}` }],
      [`${base}/v1/documents`, { Authorization: `Basic ${Buffer.from(all.token + ':').toString('base64')}` }],
      [`${base}/v1/documents`, { Authorization: all.token }],
      [`${base}/v1/documents`, { Authorization: `Bearer ${all.token}x` }],
      [`${base}/v1/documents`, { Authorization: `Bearer quire_live_${'a'.repeat(40)}` }],
    ] as const) {
      const r = await fetch(url, { headers });
      expect(r.status, url + JSON.stringify(headers)).toBe(401);
      expect((await r.json()).error.code).toBe('unauthorized');
    }
  });

  it('tokens have the documented format and are revoked at once', async () => {
    const t = await createToken({ team, scopes: 'documents.read' });
    expect(t.token).toMatch(/^quire_live_[0-9A-Za-z]{40}$/);
    const api = client(t.token);
    expect((await api.get('/v1/documents')).status).toBe(200);
    await admin(['token', 'revoke', t.id]);
    envelope(await api.get('/v1/documents'), 401, 'unauthorized');
  });

  it('admin commands creating the same new team at once all succeed, on one team', async () => {
    const fresh = uniqueTeam('race');
    const made = await Promise.all(Array.from({ length: 5 }, () => createToken({ team: fresh, scopes: 'documents.read' })));
    const { stdout } = await admin(['token', 'list', '--team', fresh]);
    for (const t of made) expect(stdout).toContain(t.id);
  });

  it('the admin command lists tokens without revealing them', async () => {
    const { stdout } = await admin(['token', 'list', '--team', team]);
    expect(stdout).toContain(all.id);
    expect(stdout).not.toContain(all.token);
    expect(stdout).toContain(`…${all.token.slice(-4)}`);
  });
});

describe('scopes', () => {
  it('a token without the scope gets 403 forbidden; write does not imply read', async () => {
    const w = client((await createToken({ team, scopes: 'documents.write' })).token);
    const e = envelope(await w.get('/v1/documents'), 403, 'forbidden');
    expect(e.message).toContain('documents.read');
    const created = await w.post('/v1/folders', { name: 'Scoped' });
    expect(created.status).toBe(201);
    envelope(await w.get(`/v1/folders/${created.body.id}`), 403, 'forbidden');
  });

  it('read does not allow writes', async () => {
    const r = client((await createToken({ team, scopes: 'documents.read' })).token);
    envelope(await r.post('/v1/folders', { name: 'Nope' }), 403, 'forbidden');
    envelope(await r.post('/v1/documents/upload-url', { content_type: 'application/pdf' }), 403, 'forbidden');
  });

  it('apis.read grants every read scope and no write scope', async () => {
    const r = client((await createToken({ team, scopes: 'apis.read' })).token);
    expect((await r.get('/v1/documents')).status).toBe(200);
    expect((await r.get('/v1/folders')).status).toBe(200);
    envelope(await r.post('/v1/folders', { name: 'Nope' }), 403, 'forbidden');
  });

  it('the admin command refuses unknown scopes', async () => {
    await expect(createToken({ team, scopes: 'documents.read,everything' })).rejects.toThrow(/unknown scopes: everything/);
  });
});
