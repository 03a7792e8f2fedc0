// Idempotency-Key on /v1 POSTs over real HTTP (DESIGN "Idempotency-Key on every POST of /v1"):
// a replay answers the stored status and body with Idempotent-Replayed and creates nothing; another
// body or path is 422, a first request still running 409 (and an abandoned one is taken over); ten
// concurrent requests with one key create one folder; keys are per team; malformed keys are 400;
// 4xx answers are kept, a 500 frees the key (503 and 429: server/rest/idempotency.test.ts);
// expired keys are swept.
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, client, createToken, envelope, uniqueTeam, type Res } from './support/api';
import { ok } from './support/docs';
import { hostOf, rawRequest } from './support/raw-http';
import { withTestDb } from './support/test-db';
import { requestFingerprint } from '../server/rest/idempotency';

type Api = ReturnType<typeof client>;
let api: Api;
let other: Api;
let token: string;
let teamId: string;
const team = uniqueTeam('idem');

beforeAll(async () => {
  const [a, b] = await Promise.all([
    createToken({ team, scopes: 'documents.read,documents.write' }),
    createToken({ team: uniqueTeam('idem-other'), scopes: 'documents.read,documents.write' }),
  ]);
  token = a.token;
  api = client(a.token);
  other = client(b.token);
  teamId = ok(await api.get('/v1/me')).team.id;
});

let seq = 0;
const newKey = () => `idem-${process.pid}-${Date.now().toString(36)}-${seq++}`;
const withKey = (key: string) => ({ 'Idempotency-Key': key });
const folderCount = async (a: Api = api) => ok(await a.get('/v1/folders?limit=100')).data.length as number;
const replayed = (r: Res) => r.headers.get('idempotent-replayed');
const keyRow = (key: string, team = teamId) =>
  withTestDb(async (c) => (await c.query('SELECT status, response_status FROM idempotency_keys WHERE team_id = $1 AND key = $2', [team, key])).rows[0]);

describe('replay', () => {
  it('the same key and body: the stored 201 again, Idempotent-Replayed: true, nothing new created', async () => {
    const key = newKey();
    const before = await folderCount();
    const first = await api.post('/v1/folders', { name: 'Replayed' }, withKey(key));
    expect(first.status).toBe(201);
    expect(replayed(first)).toBeNull();
    const again = await api.post('/v1/folders', { name: 'Replayed' }, withKey(key));
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(replayed(again)).toBe('true');
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
    expect(again.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
    expect(await folderCount()).toBe(before + 1);
    expect(await keyRow(key)).toEqual({ status: 'done', response_status: 201 });
  });

  it('the body is compared by content: reordered keys and other spacing replay', async () => {
    const key = newKey();
    const first = ok(await api.post('/v1/folders', { name: 'Ordered', color: '#112233' }, withKey(key)), 201);
    const again = await api.post('/v1/folders', '{ "color": "#112233",\n  "name": "Ordered" }', withKey(key));
    expect(again.status).toBe(201);
    expect(replayed(again)).toBe('true');
    expect(again.body.id).toBe(first.id);
  });

  it('without a key every POST runs', async () => {
    const before = await folderCount();
    ok(await api.post('/v1/folders', { name: 'Keyless' }), 201);
    ok(await api.post('/v1/folders', { name: 'Keyless' }), 201);
    expect(await folderCount()).toBe(before + 2);
  });

  it('4xx answers are kept and replayed too (a 422 validation failure, a 404)', async () => {
    const key = newKey();
    const first = await api.post('/v1/folders', { name: '' }, withKey(key));
    envelope(first, 422, 'unprocessable_entity');
    const again = await api.post('/v1/folders', { name: '' }, withKey(key));
    expect(again.status).toBe(422);
    expect(again.body).toEqual(first.body);
    expect(replayed(again)).toBe('true');

    const moveKey = newKey();
    const missing = await api.post('/v1/folders/nosuchfolder/move', { parent_id: null }, withKey(moveKey));
    envelope(missing, 404, 'not_found');
    const missingAgain = await api.post('/v1/folders/nosuchfolder/move', { parent_id: null }, withKey(moveKey));
    expect([missingAgain.status, replayed(missingAgain)]).toEqual([404, 'true']);
    expect(missingAgain.body).toEqual(missing.body);
  });
});

describe('mismatch and conflict', () => {
  it('the same key with another body is 422 naming the header; nothing is created', async () => {
    const key = newKey();
    ok(await api.post('/v1/folders', { name: 'First body' }, withKey(key)), 201);
    const before = await folderCount();
    const e = envelope(await api.post('/v1/folders', { name: 'Second body' }, withKey(key)), 422, 'unprocessable_entity');
    expect(e.message).toMatch(/Idempotency-Key/);
    expect(e.details).toMatchObject({ header: 'Idempotency-Key', formErrors: [], fieldErrors: { 'Idempotency-Key': [expect.any(String)] } });
    expect(await folderCount()).toBe(before);
  });

  it('the same key on another path is 422', async () => {
    const key = newKey();
    const folder = ok(await api.post('/v1/folders', { name: 'Path one' }, withKey(key)), 201);
    const r = await api.post(`/v1/folders/${folder.id}/move`, { name: 'Path one' }, withKey(key));
    expect(envelope(r, 422, 'unprocessable_entity').details.header).toBe('Idempotency-Key');
    // The same body on another path too.
    const docs = await api.post('/v1/documents', { name: 'Path one' }, withKey(key));
    expect(envelope(docs, 422, 'unprocessable_entity').details.header).toBe('Idempotency-Key');
  });

  it('while the first request with the key is still running: 409 naming the header; an abandoned one (60 s) is taken over', async () => {
    const key = newKey();
    const body = { name: 'In flight' };
    const hash = requestFingerprint('POST', '/v1/folders', body);
    await withTestDb((c) =>
      c.query(
        `INSERT INTO idempotency_keys (team_id, key, request_hash, status, claim_id, created_at, expires_at)
         VALUES ($1, $2, $3, 'running', 'elsewhere', now() AT TIME ZONE 'UTC', (now() AT TIME ZONE 'UTC') + interval '1 day')`,
        [teamId, key, hash],
      ),
    );
    const before = await folderCount();
    const e = envelope(await api.post('/v1/folders', body, withKey(key)), 409, 'conflict');
    expect(e.details).toEqual({ header: 'Idempotency-Key' });
    expect(e.message).toMatch(/still being processed/);
    // Another body while it runs is still a mismatch.
    envelope(await api.post('/v1/folders', { name: 'Other' }, withKey(key)), 422, 'unprocessable_entity');
    expect(await folderCount()).toBe(before);

    // The process that claimed it died: after a minute the key is free for the retry.
    await withTestDb((c) => c.query(`UPDATE idempotency_keys SET created_at = created_at - interval '61 seconds' WHERE team_id = $1 AND key = $2`, [teamId, key]));
    const retry = await api.post('/v1/folders', body, withKey(key));
    expect([retry.status, replayed(retry)]).toEqual([201, null]);
    const again = await api.post('/v1/folders', body, withKey(key));
    expect([again.status, replayed(again), again.body.id]).toEqual([201, 'true', retry.body.id]);
    expect(await folderCount()).toBe(before + 1);
  });

  it('ten concurrent requests with one key create one folder; the others answer the same 201 replayed, or 409', async () => {
    const key = newKey();
    const before = await folderCount();
    const answers = await Promise.all(Array.from({ length: 10 }, () => api.post('/v1/folders', { name: 'Concurrent' }, withKey(key))));
    expect(await folderCount()).toBe(before + 1);
    const created = answers.filter((r) => r.status === 201);
    const fresh = created.filter((r) => replayed(r) === null);
    expect(fresh).toHaveLength(1);
    for (const r of created) expect(r.body).toEqual(fresh[0]!.body);
    for (const r of answers.filter((x) => x.status !== 201)) {
      expect(envelope(r, 409, 'conflict').details.header).toBe('Idempotency-Key');
    }
    const folders = ok(await api.get('/v1/folders?limit=100')).data.filter((f: { name: string }) => f.name.startsWith('Concurrent'));
    expect(folders.map((f: { id: string }) => f.id)).toEqual([fresh[0]!.body.id]);
  });
});

describe('scope of a key', () => {
  it("is the team: another team's same key runs on its own", async () => {
    const key = newKey();
    const mine = ok(await api.post('/v1/folders', { name: 'Shared key' }, withKey(key)), 201);
    const before = await folderCount(other);
    const theirs = await other.post('/v1/folders', { name: 'Shared key' }, withKey(key));
    expect([theirs.status, replayed(theirs)]).toEqual([201, null]);
    expect(theirs.body.id).not.toBe(mine.id);
    expect(await folderCount(other)).toBe(before + 1);
    // And another body under the same key is fine in the other team.
    const otherTeamId = ok(await other.get('/v1/me')).team.id;
    expect(await keyRow(key, otherTeamId)).toEqual({ status: 'done', response_status: 201 });
  });

  it('a token without the scope gets its own 403, never the stored answer', async () => {
    const key = newKey();
    ok(await api.post('/v1/folders', { name: 'Scoped' }, withKey(key)), 201);
    const readOnly = client((await createToken({ team, scopes: 'documents.read' })).token);
    const r = await readOnly.post('/v1/folders', { name: 'Scoped' }, withKey(key));
    envelope(r, 403, 'forbidden');
    expect(replayed(r)).toBeNull();
  });

  it('GET, PATCH and DELETE ignore the header', async () => {
    const key = newKey();
    const f = ok(await api.post('/v1/folders', { name: 'Patched' }), 201);
    ok(await api.patch(`/v1/folders/${f.id}`, { name: 'Patched 1' }, withKey(key)));
    const second = ok(await api.patch(`/v1/folders/${f.id}`, { name: 'Patched 2' }, withKey(key)));
    expect(second.name).toBe('Patched 2');
    expect(await keyRow(key)).toBeUndefined();
  });
});

describe('malformed keys', () => {
  it('empty, longer than 255 or not printable ASCII: 400 naming the header, before anything runs', async () => {
    const before = await folderCount();
    for (const bad of ['', 'x'.repeat(256)]) {
      const e = envelope(await api.post('/v1/folders', { name: 'Bad key' }, withKey(bad)), 400, 'bad_request');
      expect(e.details).toEqual({ header: 'Idempotency-Key' });
      expect(e.message).toMatch(/Idempotency-Key/);
    }
    ok(await api.post('/v1/folders', { name: 'Longest key' }, withKey('k'.repeat(255))), 201);
    ok(await api.post('/v1/folders', { name: 'Spaced key' }, withKey('a key with spaces ~!')), 201);
    for (const bad of [Buffer.from('caf\xe9', 'latin1'), Buffer.from('tab\there')]) {
      const body = JSON.stringify({ name: 'Bad key' });
      const head = `POST /v1/folders HTTP/1.1\r\nHost: ${hostOf()}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\nIdempotency-Key: `;
      const r = await rawRequest(Buffer.concat([Buffer.from(head), bad, Buffer.from(`\r\n\r\n${body}`)]));
      expect(r.status, String(bad)).toBe(400);
      expect(r.json.error).toMatchObject({ code: 'bad_request', details: { header: 'Idempotency-Key' } });
    }
    expect(await folderCount()).toBe(before + 2);
  });

  it('an unauthenticated request is 401 whatever its key', async () => {
    envelope(await client(null).post('/v1/folders', { name: 'x' }, withKey('')), 401, 'unauthorized');
  });
});

describe('failures that free the key', () => {
  // A trigger makes one folder name fail inside the database, as a real fault would.
  const failing = (name: string) =>
    withTestDb(async (c) => {
      await c.query(`CREATE OR REPLACE FUNCTION idem_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.name = '${name}' THEN RAISE EXCEPTION 'idempotency test fault' USING ERRCODE = 'XX000'; END IF; RETURN NEW; END $$`);
      await c.query('DROP TRIGGER IF EXISTS idem_test_fail ON folders');
      await c.query('CREATE TRIGGER idem_test_fail BEFORE INSERT ON folders FOR EACH ROW EXECUTE FUNCTION idem_test_fail()');
    });
  const heal = () => withTestDb((c) => c.query('DROP TRIGGER IF EXISTS idem_test_fail ON folders; DROP FUNCTION IF EXISTS idem_test_fail()'));

  it('a 500 is not kept: the key is released and the retry runs', async () => {
    const key = newKey();
    const name = `Faulty ${key}`;
    await failing(name);
    try {
      envelope(await api.post('/v1/folders', { name }, withKey(key)), 500, 'internal_server_error');
      expect(await keyRow(key)).toBeUndefined();
    } finally {
      await heal();
    }
    const retry = await api.post('/v1/folders', { name }, withKey(key));
    expect([retry.status, replayed(retry)]).toEqual([201, null]);
    expect(retry.body.name).toBe(name);
  });
});

describe('expiry', () => {
  it('keys are kept 24 hours; the sweep removes expired ones, and an expired key runs again', async () => {
    const key = newKey();
    const first = ok(await api.post('/v1/folders', { name: 'Expiring' }, withKey(key)), 201);
    const expires = await withTestDb(
      async (c) => (await c.query(`SELECT extract(epoch FROM expires_at - created_at)::int AS s FROM idempotency_keys WHERE team_id = $1 AND key = $2`, [teamId, key])).rows[0].s,
    );
    expect(expires).toBe(24 * 3600);
    // Expired but not swept yet: the key runs anew (and another body is no mismatch).
    const age = (k: string) =>
      withTestDb((c) => c.query(`UPDATE idempotency_keys SET expires_at = (now() AT TIME ZONE 'UTC') - interval '1 second' WHERE team_id = $1 AND key = $2`, [teamId, k]));
    await age(key);
    const fresh = await api.post('/v1/folders', { name: 'Expiring again' }, withKey(key));
    expect([fresh.status, replayed(fresh)]).toEqual([201, null]);
    expect(fresh.body.id).not.toBe(first.id);

    const live = newKey();
    ok(await api.post('/v1/folders', { name: 'Live' }, withKey(live)), 201);
    await age(key);
    await admin(['uploads', 'sweep']);
    expect(await keyRow(key)).toBeUndefined();
    expect(await keyRow(live)).toEqual({ status: 'done', response_status: 201 });
  });
});

describe('stored answers', () => {
  it('are kept sealed: a webhook secret shown once is replayed, never stored readable', async () => {
    const hooks = client((await createToken({ team: uniqueTeam('idem-hooks'), scopes: 'webhooks.read,webhooks.write', plan: 'business' })).token);
    const key = newKey();
    const body = { url: 'http://127.0.0.1:9/quire-hook', events: ['document.created'] };
    const first = await hooks.post('/v1/webhooks', body, withKey(key));
    expect(first.status).toBe(201);
    expect(first.body.secret).toMatch(/^whsec_/);
    const again = await hooks.post('/v1/webhooks', body, withKey(key));
    expect(replayed(again)).toBe('true');
    expect(again.body).toEqual(first.body);
    const stored = await withTestDb(async (c) => (await c.query('SELECT response_body FROM idempotency_keys WHERE key = $1', [key])).rows[0].response_body as string);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain('whsec_');
    expect(stored).not.toContain(first.body.secret.slice(6, 30));
  });
});
