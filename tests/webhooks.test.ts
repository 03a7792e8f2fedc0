// Webhooks over real HTTP (DESIGN.md "Webhooks (Standard Webhooks 1.0)"): the endpoint resource,
// and deliveries to a receiver on loopback, every received signature checked with the
// `standardwebhooks` package. The test server runs with WEBHOOK_ALLOW_PRIVATE_URLS=true and
// WEBHOOK_RETRY_SCHEDULE=1,1,1 (tests/global-setup.ts).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { admin, client, createToken, envelope, uniqueTeam } from './support/api';
import { ok } from './support/docs';
import { withTestDb } from './support/test-db';
import { startReceiver, until, verified, type Receiver } from './support/webhook-receiver';

type Api = ReturnType<typeof client>;
type Obj = Record<string, any>;

let receiver: Receiver;
/** Every secret each receiver path has been given: each received request must verify with one. */
const secretsByPath = new Map<string, string[]>();

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

const ENDPOINT_KEYS = ['created', 'description', 'disabled_reason', 'enabled', 'events', 'id', 'object', 'updated_at', 'url'];
const DELIVERY_KEYS = ['attempts', 'created', 'endpoint_id', 'event_id', 'event_type', 'id', 'last_error', 'last_response_ms', 'last_response_status', 'next_attempt_at', 'object', 'status', 'updated_at'];

async function team(plan = 'business', scopes = 'apis.all') {
  const slug = uniqueTeam('hooks');
  const { token } = await createToken({ team: slug, scopes, plan });
  return { slug, api: client(token) };
}

/** Creates an endpoint whose URL is `path` on the receiver; remembers its secret. */
async function endpoint(api: Api, pathName: string, body: Obj = {}) {
  const created = ok(await api.post('/v1/webhooks', { url: receiver.url(pathName), events: ['*'], ...body }), 201);
  secretsByPath.set(pathName, [...(secretsByPath.get(pathName) ?? []), created.secret]);
  return created as Obj & { id: string; secret: string };
}

const deliveries = async (api: Api, id: string, query = '') => ok(await api.get(`/v1/webhooks/${id}/deliveries${query}`)).data as Obj[];
const delivery = async (api: Api, id: string, deliveryId: string) => (await deliveries(api, id, '?limit=100')).find((d) => d.id === deliveryId);
const settled = (api: Api, id: string, deliveryId: string, status: string, ms = 20_000) =>
  until(async () => {
    const d = await delivery(api, id, deliveryId);
    return d?.status === status ? d : null;
  }, ms, `delivery ${deliveryId} to be ${status}`);

let pathSeq = 0;
const newPath = (what: string) => `/${what}-${pathSeq++}`;

describe('the endpoint resource', () => {
  let api: Api;
  beforeAll(async () => {
    ({ api } = await team('business'));
  });

  it('creates an endpoint: the secret only in the create answer', async () => {
    const p = newPath('crud');
    const created = await endpoint(api, p, { description: 'CRM sync', events: ['document.created', 'dataroom.*', 'document.created'] });
    expect(Object.keys(created).sort()).toEqual([...ENDPOINT_KEYS, 'secret'].sort());
    expect(created).toMatchObject({
      object: 'webhook_endpoint',
      url: receiver.url(p),
      description: 'CRM sync',
      events: ['document.created', 'dataroom.*'],
      enabled: true,
      disabled_reason: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const got = ok(await api.get(`/v1/webhooks/${created.id}`));
    expect(Object.keys(got).sort()).toEqual(ENDPOINT_KEYS);
    const { secret: _s, ...withoutSecret } = created;
    expect(got).toEqual(withoutSecret);
    const list = ok(await api.get('/v1/webhooks'));
    expect(list.data.map((e: Obj) => e.id)).toContain(created.id);
    expect(JSON.stringify(list)).not.toContain(created.secret);
    expect(JSON.stringify(list)).not.toContain('whsec_');
  });

  it('updates, disables and enables by hand, and deletes', async () => {
    const e = await endpoint(api, newPath('crud'), { events: ['folder.created'] });
    const patched = ok(await api.patch(`/v1/webhooks/${e.id}`, { description: 'now', events: ['folder.*', 'link.created'] }));
    expect(patched).toMatchObject({ description: 'now', events: ['folder.*', 'link.created'], enabled: true });
    expect(JSON.stringify(patched)).not.toContain('whsec_');
    const off = ok(await api.patch(`/v1/webhooks/${e.id}`, { enabled: false }));
    expect(off).toMatchObject({ enabled: false, disabled_reason: 'manual' });
    const on = ok(await api.patch(`/v1/webhooks/${e.id}`, { enabled: true, description: null }));
    expect(on).toMatchObject({ enabled: true, disabled_reason: null, description: null });
    expect(ok(await api.del(`/v1/webhooks/${e.id}`))).toEqual({ id: e.id, object: 'webhook_endpoint', deleted: true });
    envelope(await api.get(`/v1/webhooks/${e.id}`), 404, 'not_found');
    envelope(await api.del(`/v1/webhooks/${e.id}`), 404, 'not_found');
  });

  it('writes webhook_endpoint events without the secret; a rotation reads secret: [null, null]', async () => {
    const e = await endpoint(api, newPath('crud'), { events: ['document.created'] });
    ok(await api.patch(`/v1/webhooks/${e.id}`, { events: ['document.*'] }));
    const rotated = ok(await api.post(`/v1/webhooks/${e.id}/rotate-secret`, {}));
    ok(await api.del(`/v1/webhooks/${e.id}`));
    const events = ok(await api.get(`/v1/events?resource_id=${e.id}`)).data as Obj[];
    expect(events.map((x) => x.type)).toEqual(['webhook_endpoint.deleted', 'webhook_endpoint.updated', 'webhook_endpoint.updated', 'webhook_endpoint.created']);
    const [deleted, rotation, update, created] = events;
    expect(created!.data.object).toMatchObject({ id: e.id, object: 'webhook_endpoint', events: ['document.created'] });
    expect(update!.data.changes).toEqual({ events: [['document.created'], ['document.*']] });
    expect(rotation!.data.changes).toEqual({ secret: [null, null] });
    expect(deleted!.data.object).toEqual({ id: e.id, object: 'webhook_endpoint', deleted: true });
    const text = JSON.stringify(events);
    expect(text).not.toContain(e.secret);
    expect(text).not.toContain(rotated.secret);
    expect(text).not.toContain('whsec_');
  });

  it('refuses bad input with 422 naming the field', async () => {
    const bad = async (body: Obj, field: string) => {
      const err = envelope(await api.post('/v1/webhooks', body), 422, 'unprocessable_entity');
      expect(Object.keys(err.details.fieldErrors), JSON.stringify(err)).toContain(field);
    };
    await bad({ url: 'not a url', events: ['*'] }, 'url');
    await bad({ url: 'ftp://127.0.0.1/x', events: ['*'] }, 'url');
    await bad({ url: 'http://user:pw@127.0.0.1/x', events: ['*'] }, 'url');
    await bad({ url: receiver.url('/x'), events: ['document.exploded'] }, 'events');
    await bad({ url: receiver.url('/x'), events: ['nope.*'] }, 'events');
    await bad({ url: receiver.url('/x'), events: ['webhook.test'] }, 'events');
    await bad({ url: receiver.url('/x'), events: [] }, 'events');
    await bad({ url: receiver.url('/x') }, 'events');
    await bad({ events: ['*'] }, 'url');
    await bad({ url: receiver.url('/x'), events: ['*'], enabled: 'false' }, 'enabled');
    envelope(await api.post('/v1/webhooks', { url: receiver.url('/x'), events: ['*'], secret: 'whsec_mine' }), 422, 'unprocessable_entity');
    const e = await endpoint(api, newPath('crud'));
    const err = envelope(await api.patch(`/v1/webhooks/${e.id}`, { events: ['document.created', 'bogus'] }), 422, 'unprocessable_entity');
    expect(err.details.fieldErrors.events[0]).toMatch(/bogus/);
    envelope(await api.patch(`/v1/webhooks/${e.id}`, { url: 'gopher://x' }), 422, 'unprocessable_entity');
    ok(await api.del(`/v1/webhooks/${e.id}`));
  });

  it('caps endpoints by plan: free none, pro one (403 plan_restriction, feature webhooks)', async () => {
    const free = (await team('free')).api;
    const e0 = envelope(await free.post('/v1/webhooks', { url: receiver.url('/cap'), events: ['*'] }), 403, 'plan_restriction');
    expect(e0.details).toMatchObject({ feature: 'webhooks', current_plan: 'free', limit: 0, usage: 0 });
    const pro = (await team('pro')).api;
    const first = ok(await pro.post('/v1/webhooks', { url: receiver.url('/cap'), events: ['*'] }), 201);
    const e1 = envelope(await pro.post('/v1/webhooks', { url: receiver.url('/cap'), events: ['*'] }), 403, 'plan_restriction');
    expect(e1.details).toMatchObject({ feature: 'webhooks', current_plan: 'pro', limit: 1, usage: 1, plans: ['business', 'datarooms', 'datarooms-plus'] });
    ok(await pro.del(`/v1/webhooks/${first.id}`));
    ok(await pro.post('/v1/webhooks', { url: receiver.url('/cap'), events: ['*'] }), 201);
    // the business plan takes five
    const biz = (await team('business')).api;
    for (let i = 0; i < 5; i++) ok(await biz.post('/v1/webhooks', { url: receiver.url('/cap'), events: ['webhook_endpoint.deleted'] }), 201);
    envelope(await biz.post('/v1/webhooks', { url: receiver.url('/cap'), events: ['*'] }), 403, 'plan_restriction');
  });

  it('the top plan’s cap says no plan allows more, in words that read (issue 43)', async () => {
    const top = (await team('datarooms-plus')).api;
    for (let i = 0; i < 25; i++) ok(await top.post('/v1/webhooks', { url: receiver.url('/cap'), events: ['webhook_endpoint.deleted'] }), 201);
    const e = envelope(await top.post('/v1/webhooks', { url: receiver.url('/cap'), events: ['*'] }), 403, 'plan_restriction');
    expect(e.message).toBe('The datarooms-plus plan includes 25 webhook endpoints and the team has 25, the most any plan allows; delete one to add another.');
    expect(e.details).toMatchObject({ current_plan: 'datarooms-plus', limit: 25, usage: 25, plans: [] });
  });

  it('another team’s endpoints and deliveries are 404 everywhere', async () => {
    const mine = await endpoint(api, newPath('cross'));
    const test = ok(await api.post(`/v1/webhooks/${mine.id}/test`, {}), 201);
    const other = (await team('business')).api;
    envelope(await other.get(`/v1/webhooks/${mine.id}`), 404, 'not_found');
    envelope(await other.patch(`/v1/webhooks/${mine.id}`, { enabled: false }), 404, 'not_found');
    envelope(await other.del(`/v1/webhooks/${mine.id}`), 404, 'not_found');
    envelope(await other.post(`/v1/webhooks/${mine.id}/rotate-secret`, {}), 404, 'not_found');
    envelope(await other.post(`/v1/webhooks/${mine.id}/test`, {}), 404, 'not_found');
    envelope(await other.get(`/v1/webhooks/${mine.id}/deliveries`), 404, 'not_found');
    envelope(await other.post(`/v1/webhooks/${mine.id}/deliveries/${test.id}/retry`, {}), 404, 'not_found');
    // their own endpoint does not reach my delivery either
    const theirs = ok(await other.post('/v1/webhooks', { url: receiver.url('/theirs'), events: ['*'] }), 201);
    envelope(await other.post(`/v1/webhooks/${theirs.id}/deliveries/${test.id}/retry`, {}), 404, 'not_found');
    expect(ok(await other.get('/v1/webhooks')).data.map((e: Obj) => e.id)).toEqual([theirs.id]);
    expect(ok(await api.get(`/v1/webhooks/${mine.id}`)).enabled).toBe(true);
  });

  it('needs webhooks.read to read and webhooks.write to change', async () => {
    const e = await endpoint(api, newPath('scope'));
    const slug = uniqueTeam('hooks-scope');
    const reader = client((await createToken({ team: slug, scopes: 'webhooks.read', plan: 'business' })).token);
    const nothing = client((await createToken({ team: slug, scopes: 'documents.read', plan: 'business' })).token);
    expect(ok(await reader.get('/v1/webhooks')).data).toEqual([]);
    expect(envelope(await reader.post('/v1/webhooks', { url: receiver.url('/s'), events: ['*'] }), 403, 'forbidden').details).toEqual({ required_scope: 'webhooks.write' });
    envelope(await reader.post(`/v1/webhooks/${e.id}/rotate-secret`, {}), 403, 'forbidden');
    envelope(await reader.post(`/v1/webhooks/${e.id}/test`, {}), 403, 'forbidden');
    expect(envelope(await nothing.get('/v1/webhooks'), 403, 'forbidden').details).toEqual({ required_scope: 'webhooks.read' });
    envelope(await nothing.get(`/v1/webhooks/${e.id}/deliveries`), 403, 'forbidden');
  });
});

describe('deliveries', () => {
  let api: Api;
  let slug: string;
  beforeAll(async () => {
    ({ api, slug } = await team('datarooms-plus'));
  });

  it('a test send arrives signed, with the Standard Webhooks headers and body', async () => {
    const p = newPath('test');
    const e = await endpoint(api, p);
    const d = ok(await api.post(`/v1/webhooks/${e.id}/test`, {}), 201);
    expect(Object.keys(d).sort()).toEqual(DELIVERY_KEYS);
    expect(d).toMatchObject({ object: 'webhook_delivery', endpoint_id: e.id, event_type: 'webhook.test', status: 'pending', attempts: 0 });
    const r = await until(() => receiver.at(p).find((x) => x.headers['webhook-id'] === d.event_id), 10_000, 'the test event');
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['user-agent']).toBe('Quire-Webhooks/1');
    expect(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const body = verified(e.secret, r);
    expect(Object.keys(body)).toEqual(['id', 'type', 'timestamp', 'data']);
    expect(body).toMatchObject({ id: d.event_id, type: 'webhook.test', data: { object: { id: e.id, object: 'webhook_endpoint' } } });
    expect(JSON.stringify(body)).not.toContain('whsec_');
    const done = await settled(api, e.id, d.id, 'succeeded');
    expect(done).toMatchObject({ attempts: 1, last_response_status: 200, last_error: null, next_attempt_at: null });
    expect(done.last_response_ms).toBeGreaterThanOrEqual(0);
    // a test event is not an event of the audit log
    envelope(await api.get(`/v1/events/${d.event_id}`), 404, 'not_found');
  });

  it('every event the team writes arrives at a * endpoint, signed, with the audit log’s data', async () => {
    const p = newPath('all');
    const e = await endpoint(api, p);
    // Changes of several resources (whichever of them write events, each must arrive).
    const folder = ok(await api.post('/v1/folders', { name: 'Hooked' }), 201);
    ok(await api.patch(`/v1/folders/${folder.id}`, { name: 'Hooked 2' }));
    ok(await api.del(`/v1/folders/${folder.id}`));
    const preset = ok(await api.post('/v1/link-presets', { name: 'Hooked' }), 201);
    ok(await api.patch(`/v1/link-presets/${preset.id}`, { allow_download: true }));
    ok(await api.del(`/v1/link-presets/${preset.id}`));
    const room = ok(await api.post('/v1/datarooms', { name: 'Hooked room' }), 201);
    ok(await api.patch(`/v1/datarooms/${room.id}`, { name: 'Hooked room 2' }));
    const group = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'Buyers' }), 201);
    ok(await api.post(`/v1/datarooms/${room.id}/groups/${group.id}/members`, { emails: ['buyer@example.com'] }));
    ok(await api.post(`/v1/links`, { dataroom_id: room.id, audience_type: 'group', group_id: group.id }), 201);
    const brand = ok(await api.post('/v1/brands', { name: 'Hooked brand' }), 201);
    ok(await api.patch(`/v1/brands/${brand.id}`, { brand_color: '#112233' }));
    const other = ok(await api.post('/v1/webhooks', { url: receiver.url('/elsewhere'), events: ['document.created'] }), 201);
    ok(await api.patch(`/v1/webhooks/${other.id}`, { description: 'changed' }));
    ok(await api.post(`/v1/webhooks/${other.id}/rotate-secret`, {}));
    ok(await api.del(`/v1/webhooks/${other.id}`));

    const events: Obj[] = [];
    for (let cursor = ''; ; ) {
      const page = ok(await api.get(`/v1/events?limit=100${cursor ? `&cursor=${cursor}` : ''}`));
      events.push(...page.data);
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    const since = events.findIndex((x) => x.type === 'webhook_endpoint.created' && x.data.object.id === e.id);
    expect(since).toBeGreaterThanOrEqual(0);
    const expected = events.slice(0, since + 1);
    const types = new Set(expected.map((x) => x.type));
    for (const t of ['webhook_endpoint.created', 'webhook_endpoint.updated', 'webhook_endpoint.deleted']) expect(types).toContain(t);
    await until(() => expected.every((x) => receiver.at(p).some((r) => r.headers['webhook-id'] === x.id)), 20_000, 'every event at the receiver');
    for (const x of expected) {
      const r = receiver.at(p).find((y) => y.headers['webhook-id'] === x.id)!;
      expect(verified(e.secret, r)).toEqual({ id: x.id, type: x.type, timestamp: x.created, data: x.data });
    }
    console.log(`[webhooks] ${expected.length} events of ${types.size} types delivered: ${[...types].sort().join(', ')}`);
  });

  it('a subscription gets only the types it names (exact and prefix)', async () => {
    const exact = newPath('exact');
    const prefix = newPath('prefix');
    const e1 = await endpoint(api, exact, { events: ['webhook_endpoint.deleted'] });
    const e2 = await endpoint(api, prefix, { events: ['webhook_endpoint.*'] });
    const probe = ok(await api.post('/v1/webhooks', { url: receiver.url('/probe'), events: ['document.created'] }), 201);
    ok(await api.patch(`/v1/webhooks/${probe.id}`, { description: 'x' }));
    ok(await api.del(`/v1/webhooks/${probe.id}`));
    await until(() => receiver.at(exact).length >= 1 && receiver.at(prefix).length >= 3, 10_000, 'the subscribed events');
    await new Promise((r) => setTimeout(r, 500));
    const typesAt = (p: string, secret: string) => receiver.at(p).map((r) => verified(secret, r)).filter((b) => b.data.object.id === probe.id).map((b) => b.type);
    expect(typesAt(exact, e1.secret)).toEqual(['webhook_endpoint.deleted']);
    expect(typesAt(prefix, e2.secret).sort()).toEqual(['webhook_endpoint.created', 'webhook_endpoint.deleted', 'webhook_endpoint.updated']);
    // a disabled endpoint gets nothing new
    ok(await api.patch(`/v1/webhooks/${e1.id}`, { enabled: false }));
    const before = (await deliveries(api, e1.id)).length;
    const probe2 = ok(await api.post('/v1/webhooks', { url: receiver.url('/probe'), events: ['document.created'] }), 201);
    ok(await api.del(`/v1/webhooks/${probe2.id}`));
    expect((await deliveries(api, e1.id)).length).toBe(before);
    ok(await api.del(`/v1/webhooks/${e1.id}`));
    ok(await api.del(`/v1/webhooks/${e2.id}`));
  });

  it('a 500 is retried: 500 then 200 succeeds on the second attempt, same webhook-id', async () => {
    const p = newPath('flaky');
    receiver.answer(p, (n) => (n === 1 ? 500 : 200));
    const e = await endpoint(api, p, { events: ['webhook_endpoint.deleted'] });
    const d = ok(await api.post(`/v1/webhooks/${e.id}/test`, {}), 201);
    const done = await settled(api, e.id, d.id, 'succeeded');
    expect(done).toMatchObject({ attempts: 2, last_response_status: 200, last_error: null });
    const got = receiver.at(p);
    expect(got).toHaveLength(2);
    expect(got.map((r) => r.headers['webhook-id'])).toEqual([d.event_id, d.event_id]);
    expect(got.map((r) => r.body)).toEqual([got[0]!.body, got[0]!.body]);
    for (const r of got) verified(e.secret, r);
    expect(got[1]!.at - got[0]!.at).toBeGreaterThanOrEqual(800); // the 1 s wait, less its jitter
  });

  it('gives up after the schedule: 1 + 3 attempts, then failed; retry-now sends it again', async () => {
    const p = newPath('down');
    let healthy = false;
    receiver.answer(p, () => (healthy ? 200 : 503));
    const e = await endpoint(api, p, { events: ['webhook_endpoint.deleted'] });
    const d = ok(await api.post(`/v1/webhooks/${e.id}/test`, {}), 201);
    const failed = await settled(api, e.id, d.id, 'failed', 30_000);
    expect(failed).toMatchObject({ attempts: 4, last_response_status: 503, next_attempt_at: null });
    expect(failed.last_error).toMatch(/503/);
    expect(receiver.at(p)).toHaveLength(4);
    // the log filters by status
    expect((await deliveries(api, e.id, '?status=failed')).map((x) => x.id)).toEqual([d.id]);
    expect(await deliveries(api, e.id, '?status=succeeded')).toEqual([]);
    envelope(await api.get(`/v1/webhooks/${e.id}/deliveries?status=lost`), 422, 'unprocessable_entity');

    healthy = true;
    const again = ok(await api.post(`/v1/webhooks/${e.id}/deliveries/${d.id}/retry`, {}));
    expect(again).toMatchObject({ id: d.id, status: 'pending' });
    expect(await settled(api, e.id, d.id, 'succeeded')).toMatchObject({ attempts: 5, last_response_status: 200, last_error: null });
    expect(receiver.at(p)).toHaveLength(5);
    envelope(await api.post(`/v1/webhooks/${e.id}/deliveries/whd_unknown/retry`, {}), 404, 'not_found');
  });

  it('pages the delivery log newest first', async () => {
    const p = newPath('log');
    const e = await endpoint(api, p, { events: ['webhook_endpoint.deleted'] });
    const sent: string[] = [];
    for (let i = 0; i < 5; i++) {
      sent.push(ok(await api.post(`/v1/webhooks/${e.id}/test`, {}), 201).id);
      await new Promise((r) => setTimeout(r, 5)); // distinct creation times
    }
    const seen: string[] = [];
    for (let cursor = ''; ; ) {
      const page = ok(await api.get(`/v1/webhooks/${e.id}/deliveries?limit=2${cursor ? `&cursor=${cursor}` : ''}`));
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((x: Obj) => x.id));
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    expect(seen).toEqual([...sent].reverse());
    envelope(await api.get(`/v1/webhooks/${e.id}/deliveries?cursor=garbage`), 422, 'unprocessable_entity');
  });

  it('a 410 disables the endpoint at once; retry-now still sends to it; PATCH enabled: true restores it', async () => {
    const p = newPath('gone');
    let gone = true;
    receiver.answer(p, () => (gone ? 410 : 200));
    // (subscribed to one type, so its own created event does not meet the 410 before the test send)
    const e = await endpoint(api, p, { events: ['webhook_endpoint.deleted'] });
    const d = ok(await api.post(`/v1/webhooks/${e.id}/test`, {}), 201);
    const failed = await settled(api, e.id, d.id, 'failed');
    expect(failed).toMatchObject({ attempts: 1, last_response_status: 410, next_attempt_at: null });
    const disabled = await until(async () => {
      const x = ok(await api.get(`/v1/webhooks/${e.id}`));
      return x.enabled === false ? x : null;
    }, 10_000, 'the endpoint disabled');
    expect(disabled.disabled_reason).toBe('gone');
    // written as an update by the system
    const update = (ok(await api.get(`/v1/events?resource_id=${e.id}&type=webhook_endpoint.updated`)).data as Obj[])[0]!;
    expect(update.actor).toMatchObject({ type: 'system' });
    expect(update.data.changes).toEqual({ enabled: [true, false], disabled_reason: [null, 'gone'] });
    // nothing new reaches it
    const count = (await deliveries(api, e.id)).length;
    const probe = ok(await api.post('/v1/webhooks', { url: receiver.url('/probe'), events: ['document.created'] }), 201);
    ok(await api.del(`/v1/webhooks/${probe.id}`));
    expect((await deliveries(api, e.id)).length).toBe(count);
    // the log's retry sends anyway, and leaves it disabled
    gone = false;
    const sentBefore = receiver.at(p).length;
    ok(await api.post(`/v1/webhooks/${e.id}/deliveries/${d.id}/retry`, {}));
    expect(await settled(api, e.id, d.id, 'succeeded')).toMatchObject({ attempts: 2, last_response_status: 200 });
    expect(receiver.at(p).length).toBe(sentBefore + 1);
    expect(ok(await api.get(`/v1/webhooks/${e.id}`))).toMatchObject({ enabled: false, disabled_reason: 'gone' });
    expect(ok(await api.patch(`/v1/webhooks/${e.id}`, { enabled: true }))).toMatchObject({ enabled: true, disabled_reason: null });
  });

  it('disabling by hand stops pending deliveries (failed, saying why)', async () => {
    const p = newPath('paused');
    receiver.answer(p, () => 500);
    const e = await endpoint(api, p, { events: ['webhook_endpoint.deleted'] });
    const d = ok(await api.post(`/v1/webhooks/${e.id}/test`, {}), 201);
    await until(async () => (await delivery(api, e.id, d.id))?.last_response_status === 500, 10_000, 'a first attempt recorded');
    // hold its next attempt an hour away, as the real schedule would
    await withTestDb(async (c) => {
      await c.query(`UPDATE webhook_deliveries SET next_attempt_at = timezone('UTC', now()) + interval '1 hour', status = 'pending' WHERE id = $1`, [d.id]);
      await c.query(`UPDATE jobs SET run_at = timezone('UTC', now()) + interval '1 hour', status = 'queued', locked_until = NULL WHERE ref = $1`, [d.id]);
    });
    ok(await api.patch(`/v1/webhooks/${e.id}`, { enabled: false }));
    const stopped = await delivery(api, e.id, d.id);
    expect(stopped).toMatchObject({ status: 'failed', next_attempt_at: null });
    expect(stopped!.last_error).toMatch(/disabled \(manual\)/);
  });

  it('after 5 days of failures the endpoint is disabled (failing) and the admins are mailed once', async () => {
    const email = `admin-${Date.now()}@example.com`;
    await admin(['team', 'add-member', slug, email, '--role', 'admin']);
    const p = newPath('failing');
    receiver.answer(p, () => 500);
    const e = await endpoint(api, p, { events: ['webhook_endpoint.deleted'] });
    await withTestDb((c) => c.query(`UPDATE webhook_endpoints SET failing_since = timezone('UTC', now()) - interval '6 days' WHERE id = $1`, [e.id]));
    ok(await api.post(`/v1/webhooks/${e.id}/test`, {}), 201);
    const disabled = await until(async () => {
      const x = ok(await api.get(`/v1/webhooks/${e.id}`));
      return x.enabled === false ? x : null;
    }, 10_000, 'the endpoint disabled');
    expect(disabled.disabled_reason).toBe('failing');
    const log = path.join(inject('tmpDir'), 'server.log');
    const mails = () => fs.readFileSync(log, 'utf8').split('\n').filter((l) => l.includes(`webhook endpoint disabled notice for ${email}`));
    await until(() => mails().length === 1, 10_000, 'the notice mail');
    // a test send to the disabled endpoint fails again: no second mail
    const d2 = ok(await api.post(`/v1/webhooks/${e.id}/test`, {}), 201);
    await settled(api, e.id, d2.id, 'failed');
    expect(mails()).toHaveLength(1);
    // a success (here the log's retry, sent though the endpoint is disabled) clears the failure clock
    const failingSince = async () => (await withTestDb((c) => c.query(`SELECT failing_since FROM webhook_endpoints WHERE id = $1`, [e.id]))).rows[0].failing_since;
    expect(await failingSince()).not.toBeNull();
    receiver.answer(p, () => 200);
    ok(await api.post(`/v1/webhooks/${e.id}/deliveries/${d2.id}/retry`, {}));
    await settled(api, e.id, d2.id, 'succeeded');
    expect(await failingSince()).toBeNull();
    expect(ok(await api.get(`/v1/webhooks/${e.id}`))).toMatchObject({ enabled: false, disabled_reason: 'failing' });
  });

  it('after a rotation both secrets sign for 24 hours (two signatures, each verifying)', async () => {
    const p = newPath('rotate');
    const e = await endpoint(api, p, { events: ['webhook_endpoint.deleted'] });
    const d1 = ok(await api.post(`/v1/webhooks/${e.id}/test`, {}), 201);
    const r1 = await until(() => receiver.at(p).find((r) => r.headers['webhook-id'] === d1.event_id), 10_000, 'before rotation');
    expect(r1.headers['webhook-signature']!.split(' ')).toHaveLength(1);

    const rotated = ok(await api.post(`/v1/webhooks/${e.id}/rotate-secret`, {}));
    expect(Object.keys(rotated).sort()).toEqual([...ENDPOINT_KEYS, 'secret'].sort());
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(e.secret);
    secretsByPath.get(p)!.push(rotated.secret);
    expect(JSON.stringify(ok(await api.get(`/v1/webhooks/${e.id}`)))).not.toContain('whsec_');

    const d2 = ok(await api.post(`/v1/webhooks/${e.id}/test`, {}), 201);
    const r2 = await until(() => receiver.at(p).find((r) => r.headers['webhook-id'] === d2.event_id), 10_000, 'after rotation');
    expect(r2.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verified(e.secret, r2).id).toBe(d2.event_id);
    expect(verified(rotated.secret, r2).id).toBe(d2.event_id);

    // past the 24 hours only the new secret signs
    await withTestDb((c) => c.query(`UPDATE webhook_endpoints SET previous_secret_expires_at = timezone('UTC', now()) - interval '1 minute' WHERE id = $1`, [e.id]));
    const d3 = ok(await api.post(`/v1/webhooks/${e.id}/test`, {}), 201);
    const r3 = await until(() => receiver.at(p).find((r) => r.headers['webhook-id'] === d3.event_id), 10_000, 'after expiry');
    expect(r3.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(verified(rotated.secret, r3).id).toBe(d3.event_id);
    expect(() => verified(e.secret, r3)).toThrow();
  });

  it('a receiver that never answers does not slow /v1', async () => {
    const p = newPath('hang');
    receiver.answer(p, () => 'hang');
    const e = await endpoint(api, p);
    const timings: number[] = [];
    try {
      ok(await api.post(`/v1/webhooks/${e.id}/test`, {}), 201);
      await until(() => receiver.at(p).length >= 1, 10_000, 'the first (hanging) attempt');
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        // each write is an event for the hanging endpoint too
        ok(await api.post('/v1/folders', { name: `While hanging ${i}` }), 201);
        ok(await api.patch(`/v1/webhooks/${e.id}`, { description: `hanging ${i}` }));
        timings.push(performance.now() - started);
      }
      console.log(`[webhooks] two writes while the receiver hangs: ${timings.map((t) => t.toFixed(0)).join(', ')} ms`);
      for (const t of timings) expect(t).toBeLessThan(5_000);
      expect(receiver.at(p).length).toBeGreaterThanOrEqual(2); // further attempts went out while the first hung
    } finally {
      ok(await api.del(`/v1/webhooks/${e.id}`));
      receiver.release();
    }
  });
});

afterAll(() => {
  // Every request any endpoint received verifies with one of that endpoint's secrets.
  let checked = 0;
  for (const r of receiver.received) {
    const secrets = secretsByPath.get(r.path);
    if (!secrets) continue;
    expect(
      secrets.some((s) => {
        try {
          verified(s, r);
          return true;
        } catch {
          return false;
        }
      }),
      `signature of ${r.headers['webhook-id']} at ${r.path}`,
    ).toBe(true);
    checked++;
  }
  expect(checked).toBeGreaterThan(20);
});
