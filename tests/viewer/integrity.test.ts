// Viewer integrity over real HTTP (issue 19): figures a visitor cannot inflate (reading time never
// more than the view has been open, batches bounded, events refused once the item is gone),
// access that checks who the visitor is (the one-time code by default where a list decides, an
// email step that answers the same for every address), and the limits that hold a script back
// (email steps, new visitors, the beacon), on a server of their own with small budgets.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { client, createToken, uniqueTeam } from '../support/api';
import { ok } from '../support/docs';
import { onNextStart, startServer, type RunningServer } from '../support/server';
import { awayFromMinuteBoundary } from '../support/windows';
import { ownDatabase } from '../support/database';
import { withTestDb } from '../support/test-db';
import { codeFor, enter, fromLog, gateOf, logSize, makeLink, openedAgo, pdfDocument, refusalOf, slugOf, viewIdOf, Visitor } from '../support/viewer';

type Api = ReturnType<typeof client>;
let api: Api;
let doc: { id: string };
const rand = () => Math.random().toString(36).slice(2, 10);
const SLACK_MS = 15_000;

beforeAll(async () => {
  api = client((await createToken({ team: uniqueTeam('viewer-integrity'), scopes: 'apis.all', plan: 'datarooms-plus' })).token);
  doc = await pdfDocument(api, 3);
});

/** A view's recorded reading time, in total and per page, in ms (from the analytics API). */
async function recorded(viewId: string) {
  const a = ok(await api.get(`/v1/analytics/views/${viewId}`));
  return { total: Math.round(a.duration_seconds * 1000), pages: (a.pages as { page_number: number; duration_seconds: number }[]).map((p) => Math.round(p.duration_seconds * 1000)) };
}

const batch = (tag: string, n: number, ms = 15_000) => Array.from({ length: n }, (_, k) => ({ id: `${tag}-${k}-${rand()}`, page: 1 + (k % 3), duration_ms: ms }));

describe('reading time', () => {
  it('a flood of batches with fresh event ids records no more than the view has been open (plus one heartbeat)', async () => {
    const slug = slugOf(await makeLink(api, { document_id: doc.id }));
    const v = new Visitor();
    const opened = Date.now();
    const viewId = viewIdOf((await enter(v, slug)).text())!;
    for (let b = 0; b < 40; b++) expect((await v.events(slug, viewId, batch(`flood${b}`, 50))).status).toBe(200);
    const open = Date.now() - opened;
    const r = await recorded(viewId);
    expect(r.total).toBeGreaterThan(0);
    expect(r.total).toBeLessThanOrEqual(open + SLACK_MS);
    for (const ms of r.pages) expect(ms).toBeLessThanOrEqual(open + SLACK_MS);
    // The same through the link's views list.
    const listed = ok(await api.get(`/v1/links/${(await linkIdOf(slug))}/views`)).data.find((x: { id: string }) => x.id === viewId);
    expect(listed.duration_seconds * 1000).toBeLessThanOrEqual(open + SLACK_MS);
  });

  it('a view open ten minutes takes up to ten minutes, trimmed at the budget; repeats and later batches add nothing', async () => {
    const slug = slugOf(await makeLink(api, { document_id: doc.id }));
    const v = new Visitor();
    const sent = Date.now(); // before the view opens: its open time is (now - sent) + 10 minutes at most
    const viewId = viewIdOf((await enter(v, slug)).text())!;
    await openedAgo(viewId, 10 * 60_000);
    const first = batch('ten', 50); // 750 s asked, ~615 s allowed
    expect(JSON.parse((await v.events(slug, viewId, first)).text()).recorded).toBeGreaterThanOrEqual(40);
    const r = await recorded(viewId);
    expect(r.total).toBeGreaterThanOrEqual(600_000);
    expect(r.total).toBeLessThanOrEqual(600_000 + SLACK_MS + (Date.now() - sent));
    // A retried beacon (same ids, the trimmed ones included) and a new batch: only the time the
    // view has stayed open since is left to record.
    await v.events(slug, viewId, first);
    await v.events(slug, viewId, batch('more', 10));
    expect((await recorded(viewId)).total).toBeLessThanOrEqual(600_000 + SLACK_MS + (Date.now() - sent));
  });

  it('a batch of more than 50 events is refused with 422 naming the limit, and records nothing', async () => {
    const slug = slugOf(await makeLink(api, { document_id: doc.id }));
    const v = new Visitor();
    const viewId = viewIdOf((await enter(v, slug)).text())!;
    const r = await v.events(slug, viewId, batch('big', 51, 100));
    expect(r.status).toBe(422);
    expect(r.text()).toMatch(/events: must hold at most 50 events a batch/);
    expect((await recorded(viewId)).total).toBe(0);
    expect((await v.events(slug, viewId, batch('ok', 50, 100))).status).toBe(200);
  });

  it('a room document the group can no longer view takes no more events', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Events after revoke' }), 201);
    const placed = ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: doc.id }), 201);
    const group = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'Readers', domains: ['readers.example'] }), 201);
    ok(await api.put(`/v1/datarooms/${room.id}/groups/${group.id}/permissions`, { permissions: [{ item_id: placed.id, can_view: true, can_download: false }] }));
    const slug = slugOf(await makeLink(api, { dataroom_id: room.id, audience_type: 'group', group_id: group.id, email_authenticated: false }));
    const v = new Visitor();
    await v.gate(slug, { step: 'email', email: 'ada@readers.example' });
    const viewId = viewIdOf((await v.get(`/view/${slug}/d/${placed.id}`)).text())!;
    expect(viewId).toBeTruthy();
    expect((await v.events(slug, viewId, batch('before', 2, 1000))).status).toBe(200);
    ok(await api.put(`/v1/datarooms/${room.id}/groups/${group.id}/permissions`, { permissions: [{ item_id: placed.id, can_view: false, can_download: false }] }));
    expect((await v.get(`/view/${slug}/d/${placed.id}/pages/1`)).status).toBe(404);
    const after = await v.events(slug, viewId, batch('after', 2, 1000));
    expect(after.status).toBe(404);
    expect((await recorded(viewId)).total).toBe(2000);
  });
});

async function linkIdOf(slug: string): Promise<string> {
  return withTestDb(async (c) => (await c.query<{ id: string }>('SELECT id FROM links WHERE slug = $1', [slug])).rows[0]!.id);
}

describe('verified access where a list decides', () => {
  it('group and allow-list links ask for the one-time code unless told not to; allow-all groups and plain links do not', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Defaults' }), 201);
    const members = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'Members' }), 201);
    const everyone = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'Everyone', allow_all: true }), 201);
    const cases: [Record<string, unknown>, boolean][] = [
      [{ dataroom_id: room.id, audience_type: 'group', group_id: members.id }, true],
      [{ document_id: doc.id, allow_list: ['fund.example'] }, true],
      [{ dataroom_id: room.id, audience_type: 'group', group_id: everyone.id }, false],
      [{ document_id: doc.id }, false],
      [{ document_id: doc.id, deny_list: ['evil.example'] }, false],
      [{ document_id: doc.id, allow_list: ['fund.example'], email_authenticated: false }, false],
      [{ dataroom_id: room.id, audience_type: 'group', group_id: members.id, email_authenticated: false }, false],
    ];
    for (const [body, verified] of cases) {
      const l = await makeLink(api, body);
      expect(l.email_authenticated, JSON.stringify(body)).toBe(verified);
      if (verified) expect(l.email_protected).toBe(true);
    }
  });

  it('the email step answers an allowed and a refused address alike; only the allowed one is mailed a code and gets in', async () => {
    const slug = slugOf(await makeLink(api, { document_id: doc.id, allow_list: ['ada.viewer.integrity@fund.example'] }));
    const since = logSize();
    const answers = [];
    for (const address of ['ada.viewer.integrity@fund.example', 'mallory@else.example']) {
      const v = new Visitor();
      const r = await v.gate(slug, { step: 'email', email: address });
      const page = await v.open(slug);
      answers.push({ v, status: r.status, refusal: refusalOf(r.location), gate: gateOf(page.text()), text: page.text().replaceAll(address, 'ADDRESS') });
    }
    const [ada, mallory] = answers;
    expect(ada!.status).toBe(mallory!.status);
    expect(ada!.refusal).toBeNull();
    expect(mallory!.refusal).toBeNull();
    expect(ada!.gate).toBe('code');
    expect(mallory!.gate).toBe('code');
    expect(mallory!.text).toContain('If ADDRESS may open this link, a 6-digit code is on its way to it.');
    const gateHtml = (t: string) => /data-testid="gate-code"[\s\S]*?<\/form>/.exec(t)?.[0];
    expect(gateHtml(mallory!.text)).toBe(gateHtml(ada!.text));
    const code = await codeFor('ada.viewer.integrity@fund.example', since);
    expect(fromLog('one-time code', 'mallory@else.example', since)).toEqual([]);
    // A guessed code for the refused address is just wrong; the allowed one gets in with hers.
    expect(refusalOf((await mallory!.v.gate(slug, { step: 'code', code: '123456' })).location)).toBe('code_wrong');
    expect(refusalOf((await ada!.v.gate(slug, { step: 'code', code })).location)).toBeNull();
    expect((await ada!.v.get(`/view/${slug}/pages/1`)).status).toBe(200);
    expect((await mallory!.v.get(`/view/${slug}/pages/1`)).status).toBe(403);
  });
});

describe('limits on one address (a server with small budgets)', () => {
  let server: RunningServer;
  let dropDatabase: () => Promise<void> = async () => {};
  let own: Api;
  let ownDoc: { id: string };

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(inject('tmpDir'), 'integrity-'));
    const env = {
      ...inject('serverEnv'),
      QUIRE_DATA_DIR: path.join(dir, 'data'),
      VIEWER_EMAIL_STEPS_PER_ADDRESS: '3',
      VIEWER_SESSIONS_PER_ADDRESS: '3',
      VIEWER_EVENT_BATCHES_PER_SESSION: '3',
      VIEWER_EVENT_BATCHES_PER_ADDRESS: '5',
      // Its own in-process limiter: on Upstash the budgets' keys (127.0.0.1) would be shared with
      // the main server's visitors of the whole suite.
      UPSTASH_REDIS_REST_URL: '',
      UPSTASH_REDIS_REST_TOKEN: '',
    };
    dropDatabase = await ownDatabase(env, 'viewer_limits');
    server = await startServer(env, { logFile: path.join(dir, 'server.log') });
    own = client((await createToken({ team: uniqueTeam('viewer-limits'), scopes: 'apis.all', plan: 'business', env })).token, server.url);
    ownDoc = await pdfDocument(own, 2);
  });
  afterAll(async () => {
    await server?.stop();
    await dropDatabase();
  });

  it('the email step: three addresses in ten minutes, then a refusal that names no address', async () => {
    const slug = slugOf(await makeLink(own, { document_id: ownDoc.id, email_protected: true }));
    const v = new Visitor(server.url);
    for (let i = 0; i < 3; i++) expect(refusalOf((await v.gate(slug, { step: 'email', email: `probe${i}@fund.example` })).location)).toBeNull();
    expect(refusalOf((await v.gate(slug, { step: 'email', email: 'probe3@fund.example' })).location)).toBe('rate_limited');
  });

  it('new visitors: three sessions a link from one address, then a notice (no redirect loop), and the figures say three', async () => {
    const link = await makeLink(own, { document_id: ownDoc.id });
    const slug = slugOf(link);
    for (let i = 0; i < 3; i++) await enter(new Visitor(server.url), slug);
    const v = new Visitor(server.url);
    const entered = await v.get(`/view/${slug}/enter`);
    expect(refusalOf(entered.location)).toBe('rate_limited');
    expect(entered.headers.get('set-cookie')).toBeNull();
    const page = await v.get(entered.location!);
    // npm start answers the notice from node:http with 429; Next's page renders it with 200.
    expect(page.status).toBe(onNextStart ? 200 : 429);
    expect(page.text()).toContain('data-testid="entry-rate-limited"');
    expect(ok(await own.get(`/v1/links/${link.id}/views`)).data).toHaveLength(3);
  });

  it('the beacon: a session past its budget gets 429 with Retry-After, and so does the address', async () => {
    const a = slugOf(await makeLink(own, { document_id: ownDoc.id }));
    const b = slugOf(await makeLink(own, { document_id: ownDoc.id }));
    // Both budgets are per minute: all of the counting within one.
    await awayFromMinuteBoundary(30_000);
    const va = new Visitor(server.url);
    const viewA = viewIdOf((await enter(va, a)).text())!;
    for (let i = 0; i < 3; i++) expect((await va.events(a, viewA, batch(`s${i}`, 1, 100))).status).toBe(200);
    const refused = await va.events(a, viewA, batch('s3', 1, 100));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another session from the same address: the address took 3 of its 5 (the refused report never reached it).
    const vb = new Visitor(server.url);
    const viewB = viewIdOf((await enter(vb, b)).text())!;
    expect((await vb.events(b, viewB, batch('b0', 1, 100))).status).toBe(200);
    expect((await vb.events(b, viewB, batch('b1', 1, 100))).status).toBe(200);
    const byAddress = await vb.events(b, viewB, batch('b2', 1, 100));
    expect(byAddress.status).toBe(429);
    expect(Number(byAddress.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 90_000);
});
