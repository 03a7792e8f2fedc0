// The audit log over real HTTP (DESIGN.md "Events"): one event per change, written with the change
// (none when it rolls back), the actor and the request recorded, every filter of GET /v1/events,
// paging, scope and team scoping.
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, client, createToken, envelope, uniqueTeam } from './support/api';
import { ISO, ok, walk } from './support/docs';
import { withTestDb } from './support/test-db';
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { verifiedVisitor } from './support/questions';
import { pdfWithText } from './support/viewer';
import { send, uploadRoom } from './support/visitor-uploads';
import { onNextStart } from './support/server';

// Bare `next start` learns no client address without a platform header: the log says null, not a guess.
const ADDRESS = onNextStart ? null : '127.0.0.1';

type Api = ReturnType<typeof client>;
let api: Api;
let tokenId: string;
let other: Api;
let noAudit: Api;
const UA = 'events-test/1.0';

beforeAll(async () => {
  const team = uniqueTeam('events');
  const [a, b, c] = await Promise.all([
    createToken({ team, scopes: 'documents.read,documents.write,audit.read' }),
    createToken({ team: uniqueTeam('events-other'), scopes: 'documents.read,documents.write,audit.read' }),
    createToken({ team, scopes: 'documents.read,documents.write' }),
  ]);
  api = client(a.token);
  tokenId = a.id;
  other = client(b.token);
  noAudit = client(c.token);
});

const ua = { 'User-Agent': UA };
const eventsOf = async (query: string, a: Api = api) => ok(await a.get(`/v1/events?${query}`)).data as any[];

describe('emit', () => {
  it('records a create with the object as /v1 returned it, the token as actor and the request', async () => {
    const folder = ok(await api.post('/v1/folders', { name: 'Audit Me' }, ua), 201);
    const [e, ...rest] = await eventsOf(`resource_id=${folder.id}`);
    expect(rest).toEqual([]);
    expect(Object.keys(e).sort()).toEqual(['actor', 'created', 'data', 'dataroom_id', 'id', 'object', 'request', 'type']);
    expect(e).toMatchObject({
      object: 'event',
      type: 'folder.created',
      actor: { type: 'api_token', id: tokenId, email: null },
      dataroom_id: null,
      data: { object: folder },
      request: { ip_address: ADDRESS, user_agent: UA },
    });
    expect(e.id).toMatch(/^evt_/);
    expect(e.created).toMatch(ISO);
    expect(typeof e.actor.name).toBe('string');
    expect(e.data).not.toHaveProperty('changes');
    expect(ok(await api.get(`/v1/events/${e.id}`))).toEqual(e);
  });

  it('records what an update changed, and a deletion as the deleted-object result', async () => {
    const folder = ok(await api.post('/v1/folders', { name: 'Before' }), 201);
    const renamed = ok(await api.patch(`/v1/folders/${folder.id}`, { name: 'After', color: '#112233' }));
    ok(await api.del(`/v1/folders/${folder.id}`));
    const [deleted, updated] = await eventsOf(`resource_id=${folder.id}`);
    expect(updated.type).toBe('folder.updated');
    expect(updated.data.object).toEqual(renamed);
    expect(updated.data.changes).toEqual({ name: ['Before', 'After'], path: ['/before', '/after'], color: [null, '#112233'] });
    expect(deleted).toMatchObject({ type: 'folder.deleted', data: { object: { id: folder.id, object: 'folder', deleted: true } } });
  });

  it('records documents and their versions', async () => {
    const doc = ok(await api.post('/v1/documents', { type: 'link', external_url: 'https://example.com/a', name: 'Deck' }), 201);
    const v2 = ok(await api.post(`/v1/documents/${doc.id}/versions`, { external_url: 'https://example.com/b' }), 201);
    ok(await api.patch(`/v1/documents/${doc.id}`, { name: 'Deck v2' }));
    const types = (await eventsOf(`resource_id=${doc.id}`)).map((e) => e.type);
    expect(types).toEqual(['document.updated', 'document.created']);
    const [version] = await eventsOf(`resource_id=${v2.id}`);
    expect(version).toMatchObject({ type: 'document.version.created', data: { object: v2 } });
  });

  it('writes nothing when the change rolls back at commit', async () => {
    // A deferred constraint fails the transaction at COMMIT, after the service emitted its event.
    await withTestDb(async (c) => {
      await c.query(`CREATE OR REPLACE FUNCTION quire_test_refuse_folder() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.name = 'refused at commit' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`);
      await c.query('DROP TRIGGER IF EXISTS quire_test_refuse_folder ON folders');
      await c.query(`CREATE CONSTRAINT TRIGGER quire_test_refuse_folder AFTER INSERT ON folders
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION quire_test_refuse_folder()`);
    });
    try {
      const before = await eventsOf('type=folder.created&limit=100');
      const res = await api.post('/v1/folders', { name: 'refused at commit' });
      expect(res.status).toBe(500);
      const after = await eventsOf('type=folder.created&limit=100');
      expect(after.map((e) => e.id)).toEqual(before.map((e) => e.id));
      const folders = ok(await api.get('/v1/folders?limit=100')).data as any[];
      expect(folders.some((f) => f.name === 'refused at commit')).toBe(false);
      const rows = await withTestDb((c) => c.query(`SELECT count(*)::int AS n FROM events WHERE data->'object'->>'name' = 'refused at commit'`));
      expect(rows.rows[0].n).toBe(0);
    } finally {
      await withTestDb((c) => c.query('DROP TRIGGER IF EXISTS quire_test_refuse_folder ON folders'));
    }
  });
});

describe('GET /v1/events', () => {
  let team: Api;
  let ids: { a: string; b: string; doc: string };
  let t0: number;

  beforeAll(async () => {
    team = client((await createToken({ team: uniqueTeam('events-filters'), scopes: 'documents.read,documents.write,audit.read' })).token);
    t0 = Date.now();
    const a = ok(await team.post('/v1/folders', { name: 'A' }), 201);
    const b = ok(await team.post('/v1/folders', { name: 'B' }), 201);
    const doc = ok(await team.post('/v1/documents', { type: 'link', external_url: 'https://example.com/', name: 'D' }), 201);
    ok(await team.patch(`/v1/folders/${a.id}`, { name: 'A2' }));
    ids = { a: a.id, b: b.id, doc: doc.id };
  });

  it('lists newest first and filters by exact type, prefix and *', async () => {
    const all = await eventsOf('', team);
    // The first is the admin command minting the test's token, acting as the system.
    expect(all.map((e) => e.type)).toEqual(['folder.updated', 'document.created', 'folder.created', 'folder.created', 'token.created']);
    expect(all[4]).toMatchObject({ actor: { type: 'system', id: null, name: 'admin command', email: null }, request: null });
    expect(all[4].data.object).not.toHaveProperty('token');
    expect((await eventsOf('type=folder.*', team)).map((e) => e.type)).toEqual(['folder.updated', 'folder.created', 'folder.created']);
    expect((await eventsOf('type=folder.created', team)).map((e) => e.data.object.id)).toEqual([ids.b, ids.a]);
    expect(await eventsOf('type=*', team)).toHaveLength(5);
    expect(await eventsOf('type=document.version.*', team)).toEqual([]);
  });

  it('filters by actor, time and resource', async () => {
    expect(await eventsOf('actor_type=api_token', team)).toHaveLength(4);
    expect((await eventsOf('actor_type=system', team)).map((e) => e.type)).toEqual(['token.created']);
    expect(await eventsOf('actor_type=user', team)).toEqual([]);
    expect(await eventsOf('actor_email=nobody@example.com', team)).toEqual([]);
    expect((await eventsOf(`since=${t0 - 60_000}&until=${t0}`, team)).map((e) => e.type)).toEqual(['token.created']);
    expect(await eventsOf(`since=${t0}`, team)).toHaveLength(4);
    expect((await eventsOf(`resource_id=${ids.doc}`, team)).map((e) => e.type)).toEqual(['document.created']);
    expect(await eventsOf('dataroom_id=dr_nosuchroom', team)).toEqual([]);
  });

  it('pages with cursors without gaps or repeats', async () => {
    const { items, pages } = await walk((p) => team.get(p), '/v1/events?limit=1', 10);
    expect(pages).toBe(5);
    expect(items.map((e: any) => e.id)).toEqual((await eventsOf('', team)).map((e) => e.id));
  });

  it('refuses bad filters in the envelope', async () => {
    envelope(await team.get('/v1/events?type=folder.exploded'), 422, 'unprocessable_entity');
    envelope(await team.get('/v1/events?type=nope.*'), 422, 'unprocessable_entity');
    envelope(await team.get('/v1/events?actor_type=robot'), 422, 'unprocessable_entity');
    envelope(await team.get('/v1/events?since=yesterday'), 422, 'unprocessable_entity');
    envelope(await team.get(`/v1/events?since=${t0}&until=${t0}`), 422, 'unprocessable_entity');
    envelope(await team.get('/v1/events?cursor=garbage'), 422, 'unprocessable_entity');
  });

  it('needs audit.read, and sees only its own team', async () => {
    const e = envelope(await noAudit.get('/v1/events'), 403, 'forbidden');
    expect(e.details).toMatchObject({ required_scope: 'audit.read' });
    const [mine] = await eventsOf('', team);
    envelope(await other.get(`/v1/events/${mine.id}`), 404, 'not_found');
    expect((await eventsOf(`resource_id=${ids.a}`, other))).toEqual([]);
    envelope(await team.get('/v1/events/evt_nope'), 404, 'not_found');
  });
});

describe('retention', () => {
  it('the sweep deletes events older than AUDIT_RETENTION_DAYS (365) and keeps the rest', async () => {
    const a = ok(await api.post('/v1/folders', { name: 'Old news' }), 201);
    const b = ok(await api.post('/v1/folders', { name: 'Fresh news' }), 201);
    const [old] = await eventsOf(`resource_id=${a.id}`);
    await withTestDb((c) => c.query(`UPDATE events SET created_at = created_at - interval '366 days' WHERE id = $1`, [old.id]));
    await admin(['uploads', 'sweep']);
    envelope(await api.get(`/v1/events/${old.id}`), 404, 'not_found');
    expect(await eventsOf(`resource_id=${b.id}`)).toHaveLength(1);
  });

  it('the sweep deletes finished webhook deliveries after 30 days, never pending ones', async () => {
    const hooks = client((await createToken({ team: uniqueTeam('events-hooks'), scopes: 'webhooks.read,webhooks.write', plan: 'business' })).token);
    const endpoint = ok(await hooks.post('/v1/webhooks', { url: 'http://127.0.0.1:9/nowhere', events: ['document.created'] }), 201);
    const rows = ['old-done', 'old-pending', 'new-done'].map((n) => `whd_test_${n}_${endpoint.id}`);
    await withTestDb(async (c) => {
      const add = (id: string, status: string, age: string) =>
        c.query(
          `INSERT INTO webhook_deliveries (id, team_id, endpoint_id, event_id, event_type, payload, status, attempts, next_attempt_at, created_at, updated_at)
           SELECT $1, team_id, id, 'evt_x', 'document.created', '{}', $2, 1, CASE WHEN $2 = 'pending' THEN now() + interval '1 day' END,
                  now() - $3::interval, now() - $3::interval FROM webhook_endpoints WHERE id = $4`,
          [id, status, age, endpoint.id],
        );
      await add(rows[0]!, 'failed', '31 days');
      await add(rows[1]!, 'pending', '31 days');
      await add(rows[2]!, 'succeeded', '29 days');
    });
    await admin(['uploads', 'sweep']);
    const left = await withTestDb(async (c) => (await c.query('SELECT id FROM webhook_deliveries WHERE id = ANY($1) ORDER BY id', [rows])).rows.map((r) => r.id));
    expect(left.sort()).toEqual([rows[1], rows[2]].sort());
  });

  it('the sweep forgets SAML requests and spent assertion ids past their time, and keeps live ones', async () => {
    const team = `team_saml_sweep_${Date.now().toString(36)}`;
    await withTestDb(async (c) => {
      await c.query(`INSERT INTO saml_requests (id, team_id, expires_at) VALUES ($1, $3, now() - interval '1 minute'), ($2, $3, now() + interval '1 hour')`, [`${team}_old`, `${team}_live`, team]);
      await c.query(`INSERT INTO saml_assertion_uses (team_id, assertion_id, expires_at) VALUES ($1, 'old', now() - interval '1 minute'), ($1, 'live', now() + interval '1 hour')`, [team]);
    });
    await admin(['uploads', 'sweep']);
    const left = await withTestDb(async (c) => ({
      requests: (await c.query('SELECT id FROM saml_requests WHERE team_id = $1', [team])).rows.map((r) => r.id),
      assertions: (await c.query('SELECT assertion_id FROM saml_assertion_uses WHERE team_id = $1', [team])).rows.map((r) => r.assertion_id),
    }));
    expect(left).toEqual({ requests: [`${team}_live`], assertions: ['live'] });
  });

  it('the sweep removes the files of pending visitor uploads in deleted rooms, and keeps those of live rooms', async () => {
    const api = client((await createToken({ team: uniqueTeam('vup-sweep'), scopes: 'apis.all' })).token);
    const VISITOR = 'sweep.uploads@bid.example';
    const [gone, live] = await Promise.all([uploadRoom(api, [VISITOR]), uploadRoom(api, [VISITOR])]);
    const upload = async (room: typeof gone) => {
      const v = await verifiedVisitor(room.slug, VISITOR);
      return (await send(v, room.slug, room.inbox.id, await pdfWithText(1, 'Sweep'), 'application/pdf', 'Sweep.pdf')).body.id as string;
    };
    const [inGone, inLive] = [await upload(gone), await upload(live)];
    const keyOf = (id: string) => withTestDb(async (c) => (await c.query('SELECT storage_key FROM visitor_uploads WHERE id = $1', [id])).rows[0].storage_key as string | null);
    const fileOf = (key: string) => path.join(inject('serverEnv').QUIRE_DATA_DIR!, 'blobs', key);
    const [goneKey, liveKey] = [(await keyOf(inGone))!, (await keyOf(inLive))!];
    expect(fs.existsSync(fileOf(goneKey))).toBe(true);
    ok(await api.del(`/v1/datarooms/${gone.room.id}`));
    await admin(['uploads', 'sweep']);
    expect(await keyOf(inGone)).toBeNull();
    expect(fs.existsSync(fileOf(goneKey))).toBe(false);
    expect(await keyOf(inLive)).toBe(liveKey);
    expect(fs.existsSync(fileOf(liveKey))).toBe(true);
  });
});
