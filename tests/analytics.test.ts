// Analytics over HTTP (DESIGN.md "Visitors, views and analytics"): exact figures for visits
// recorded through the real viewer, versions kept apart, range edges, expired links, the
// scope, cross-team 404 and bad ranges. The analytics bucket: rate-limit.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, envelope, uniqueTeam, upload } from './support/api';
import { ok } from './support/docs';
import { inProcessCaller } from './support/in-process';
import { withTestDb } from './support/test-db';
import { enter, makeLink, pdfDocument, pdfWithText, slugOf, viewIdOf, Visitor } from './support/viewer';

type Api = ReturnType<typeof client>;
let api: Api;
let apiToken = '';
const DAY = 86_400_000;
let seq = 0;
const evt = () => `evt-an-${String(++seq).padStart(6, '0')}`;

/** One visit through a link without gates: its view id after the pages' events are recorded. */
async function visit(slug: string, pages: [page: number, ms: number][], v = new Visitor()) {
  const viewId = viewIdOf((await enter(v, slug)).text())!;
  expect(viewId).toBeTruthy();
  const r = await v.events(slug, viewId, pages.map(([page, ms]) => ({ id: evt(), page, duration_ms: ms })));
  expect(JSON.parse(r.text())).toEqual({ recorded: pages.length });
  return viewId;
}

/** Through an email gate as `email`, in a fresh browser. */
async function visitAs(slug: string, email: string, pages: [number, number][]) {
  const v = new Visitor();
  await v.gate(slug, { step: 'email', email });
  return visit(slug, pages, v);
}

/** Moves a view (and its page totals) to `at`, as if the visit had begun then. */
const setViewedAt = (viewId: string, at: number) =>
  withTestDb(async (c) => {
    const ts = new Date(at).toISOString().replace('T', ' ').replace('Z', '');
    await c.query('UPDATE views SET viewed_at = $2::timestamp WHERE id = $1', [viewId, ts]);
    await c.query('UPDATE view_page_totals SET viewed_at = $2::timestamp WHERE view_id = $1', [viewId, ts]);
  });

describe('document and link analytics', () => {
  let doc: { id: string };
  let v1: string;
  let gated: { id: string; url: string };
  let open: { id: string; url: string };

  beforeAll(async () => {
    apiToken = (await createToken({ team: uniqueTeam('analytics'), scopes: 'apis.all', plan: 'business' })).token;
    api = client(apiToken);
    doc = await pdfDocument(api, 3, 'Deck.pdf');
    v1 = ok(await api.get(`/v1/documents/${doc.id}/versions`)).data[0].id;
    gated = await makeLink(api, { document_id: doc.id, email_protected: true });
    open = await makeLink(api, { document_id: doc.id });
    // Visitor A twice (two browsers), an anonymous visitor once.
    await visitAs(slugOf(gated), 'a@analytics.example', [[1, 4000], [2, 6000]]);
    await visitAs(slugOf(gated), 'A@Analytics.example', [[1, 2000]]);
    await visit(slugOf(open), [[1, 3000], [3, 5000]]);
  });

  it('counts views, unique viewers, total time and per-page averages over the views that saw each page', async () => {
    const a = ok(await api.get(`/v1/analytics/documents/${doc.id}`));
    expect(a).toMatchObject({
      object: 'document_analytics',
      document_id: doc.id,
      version_id: v1,
      total_views: 3,
      unique_viewers: 2,
      total_duration_seconds: 20,
      avg_page_duration_seconds: [
        { page_number: 1, avg_duration_seconds: 3 },
        { page_number: 2, avg_duration_seconds: 6 },
        { page_number: 3, avg_duration_seconds: 5 },
      ],
    });
    expect(a.until - a.since).toBe(30 * DAY);
    expect(Math.abs(a.until - Date.now())).toBeLessThan(60_000);
  });

  it('a link’s figures are its own visits', async () => {
    expect(ok(await api.get(`/v1/analytics/links/${gated.id}`))).toMatchObject({
      object: 'link_analytics',
      link_id: gated.id,
      total_views: 2,
      unique_viewers: 1,
      total_duration_seconds: 12,
      downloads: 0,
      avg_page_duration_seconds: [
        { page_number: 1, avg_duration_seconds: 3 },
        { page_number: 2, avg_duration_seconds: 6 },
      ],
    });
  });

  it('one visit’s pages', async () => {
    const viewId = await visit(slugOf(open), [[2, 1500], [2, 2500], [1, 700]]);
    expect(ok(await api.get(`/v1/analytics/views/${viewId}`))).toMatchObject({
      object: 'view_analytics',
      view_id: viewId,
      pages: [
        { page_number: 1, duration_seconds: 0.7 },
        { page_number: 2, duration_seconds: 4 },
      ],
      duration_seconds: 4.7,
    });
    await setViewedAt(viewId, Date.now() - 400 * DAY); // out of every later range
  });

  it('keeps versions apart: the primary version by default, an older one by version_id', async () => {
    const d = await pdfDocument(api, 2, 'Versioned.pdf');
    const first = ok(await api.get(`/v1/documents/${d.id}/versions`)).data[0].id;
    const link = await makeLink(api, { document_id: d.id });
    await visit(slugOf(link), [[1, 1000], [2, 1000]]);
    const upload_id = await upload(api, await pdfWithText(4), 'application/pdf', 'v2.pdf');
    const second = ok(await api.post(`/v1/documents/${d.id}/versions`, { upload_id }), 201).id;
    await visit(slugOf(link), [[4, 8000]]);
    expect(ok(await api.get(`/v1/analytics/documents/${d.id}`))).toMatchObject({
      version_id: second,
      total_views: 1,
      total_duration_seconds: 8,
      avg_page_duration_seconds: [{ page_number: 4, avg_duration_seconds: 8 }],
    });
    expect(ok(await api.get(`/v1/analytics/documents/${d.id}?version_id=${first}`))).toMatchObject({
      version_id: first,
      total_views: 1,
      total_duration_seconds: 2,
    });
    envelope(await api.get(`/v1/analytics/documents/${d.id}?version_id=${v1}`), 404, 'not_found');
  });

  it('since is inclusive, until exclusive', async () => {
    const d = await pdfDocument(api, 1, 'Edges.pdf');
    const link = await makeLink(api, { document_id: d.id });
    const t = Date.now() - 5 * DAY;
    await setViewedAt(await visit(slugOf(link), [[1, 1000]]), t);
    const views = async (q: string) => ok(await api.get(`/v1/analytics/documents/${d.id}?${q}`)).total_views;
    expect(await views(`since=${t}&until=${t + 1}`)).toBe(1);
    expect(await views(`since=${t + 1}&until=${t + DAY}`)).toBe(0);
    expect(await views(`since=${t - DAY}&until=${t}`)).toBe(0);
    const a = ok(await api.get(`/v1/analytics/documents/${d.id}?since=${t}&until=${t + 1}`));
    expect(a).toMatchObject({ since: t, until: t + 1, total_duration_seconds: 1 });
    // Only since: until is now; only until: the 30 days before it.
    expect(ok(await api.get(`/v1/analytics/documents/${d.id}?until=${t + 1}`))).toMatchObject({ since: t + 1 - 30 * DAY, total_views: 1 });
  });

  it('an expired link records nothing more', async () => {
    const d = await pdfDocument(api, 2, 'Expiring.pdf');
    const link = await makeLink(api, { document_id: d.id, expires_at: new Date(Date.now() + DAY).toISOString() });
    const v = new Visitor();
    const viewId = await visit(slugOf(link), [[1, 1000]], v);
    // The link's time runs out while the visit is open (set here, not waited for: a link that
    // expired in 2.5 s expired before a loaded machine had opened it).
    await withTestDb((c) => c.query(`UPDATE links SET expires_at = timezone('UTC', now()) - interval '1 second' WHERE id = $1`, [link.id]));
    expect((await v.events(slugOf(link), viewId, [{ id: evt(), page: 2, duration_ms: 9000 }])).status).toBe(410);
    expect(ok(await api.get(`/v1/analytics/links/${link.id}`))).toMatchObject({ total_views: 1, total_duration_seconds: 1, avg_page_duration_seconds: [{ page_number: 1, avg_duration_seconds: 1 }] });
    expect(ok(await api.get(`/v1/analytics/documents/${d.id}`))).toMatchObject({ total_duration_seconds: 1 });
  });

  it('refuses bad ranges with 422 naming the field', async () => {
    const now = Date.now();
    for (const [q, field] of [
      [`since=${now}&until=${now - 1}`, 'since'],
      [`since=${now}&until=${now}`, 'since'],
      [`since=${now - 367 * DAY}&until=${now}`, 'until'],
      [`since=${now - 400 * DAY}`, 'until'],
      ['since=1e12', 'since'],
      ['until=-5', 'until'],
      ['since=12.5', 'since'],
      ['since=', 'since'],
    ] as const) {
      const r = envelope(await api.get(`/v1/analytics/documents/${doc.id}?${q}`), 422, 'unprocessable_entity');
      expect(Object.keys(r.details.fieldErrors), q).toContain(field);
    }
    expect(ok(await api.get(`/v1/analytics/documents/${doc.id}?since=${now - 366 * DAY}&until=${now}`)).total_views).toBe(3);
  });
});

describe('data room analytics', () => {
  it('counts room visits, downloads, and views and time per document opened inside', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Analytics room' }), 201);
    const a = await pdfDocument(api, 2, 'A.pdf');
    const b = await pdfDocument(api, 2, 'B.pdf');
    const pa = ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: a.id }), 201);
    const pb = ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: b.id }), 201);
    const link = await makeLink(api, { dataroom_id: room.id, allow_download: true });
    const slug = slugOf(link);
    const v = new Visitor();
    await enter(v, slug);
    const inRoom = async (placement: string, pages: [number, number][]) => {
      const viewId = viewIdOf((await v.get(`/view/${slug}/d/${placement}`)).text())!;
      expect(JSON.parse((await v.events(slug, viewId, pages.map(([page, ms]) => ({ id: evt(), page, duration_ms: ms })))).text()).recorded).toBe(pages.length);
      return viewId;
    };
    await inRoom(pa.id, [[1, 2000], [2, 2000]]);
    await inRoom(pb.id, [[1, 500]]);
    expect((await v.get(`/view/${slug}/d/${pb.id}/download`)).status).toBe(200);
    const r = ok(await api.get(`/v1/analytics/datarooms/${room.pid}`));
    expect(r).toMatchObject({
      object: 'dataroom_analytics',
      dataroom_id: room.id,
      total_views: 1,
      unique_viewers: 1,
      total_duration_seconds: 4.5,
      downloads: 1,
      documents: [
        { document_id: a.id, views: 1, duration_seconds: 4 },
        { document_id: b.id, views: 1, duration_seconds: 0.5 },
      ],
    });
    expect(ok(await api.get(`/v1/analytics/links/${link.id}`))).toMatchObject({ total_views: 1, total_duration_seconds: 4.5, downloads: 1, avg_page_duration_seconds: [] });
  });
});

describe('access', () => {
  it('needs analytics.read (the analytics bucket is tested in rate-limit.test.ts)', async () => {
    const doc = await pdfDocument(api, 1, 'Scoped.pdf');
    const other = client((await createToken({ team: uniqueTeam('analytics-scope'), scopes: 'documents.read' })).token);
    envelope(await other.get(`/v1/analytics/documents/${doc.id}`), 403, 'forbidden');
  });

  it('another team’s document, link, room and view are 404', async () => {
    const d = await pdfDocument(api, 1, 'Private.pdf');
    const link = await makeLink(api, { document_id: d.id });
    const viewId = await visit(slugOf(link), [[1, 1000]]);
    const room = ok(await api.post('/v1/datarooms', { name: 'Private room' }), 201);
    const stranger = client((await createToken({ team: uniqueTeam('analytics-stranger'), scopes: 'apis.all' })).token);
    for (const p of [`documents/${d.id}`, `links/${link.id}`, `datarooms/${room.id}`, `datarooms/${room.pid}`, `views/${viewId}`]) {
      envelope(await stranger.get(`/v1/analytics/${p}`), 404, 'not_found');
    }
  });
});

describe('dashboard procedures (readers, overview)', () => {
  // Called in process through the real router, as the dashboard's tRPC client would, as a member
  // of the team that recorded the visits above.
  async function dashboardAs(token: string) {
    const caller = await inProcessCaller();
    const { authenticateToken } = await import('../server/auth/tokens');
    const t = (await authenticateToken(token))!;
    return caller({
      face: 'dashboard',
      origin: 'http://127.0.0.1',
      user: { id: 'analytics-user', email: 'owner@analytics.example' },
      actor: { kind: 'user', userId: 'analytics-user', teamId: t.teamId, role: 'member', plan: t.plan },
    } as never) as any;
  }

  it('lists a document’s readers with time and completion, and the team’s overview', async () => {
    const d = await pdfDocument(api, 4, 'Readers.pdf');
    const link = await makeLink(api, { document_id: d.id, email_protected: true });
    await visitAs(slugOf(link), 'reader@analytics.example', [[1, 3000], [2, 1000]]);
    await visitAs(slugOf(link), 'reader@analytics.example', [[3, 2000]]);
    await visit(slugOf(await makeLink(api, { document_id: d.id })), [[1, 500]]);
    const dash = await dashboardAs(apiToken);
    const r = await dash.analytics.documentReaders({ id: d.id });
    expect(r.num_pages).toBe(4);
    expect(r.readers).toEqual([
      expect.objectContaining({ email: 'reader@analytics.example', visits: 2, duration_seconds: 6, completion: 0.75 }),
      expect.objectContaining({ email: null, visitor_id: null, visits: 1, duration_seconds: 0.5, completion: 0.25 }),
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect(r.days).toEqual([{ day: today, views: 3, viewers: 2 }]);
    const o = await dash.analytics.overview({});
    expect(o.top_visitors.find((v: { email: string }) => v.email === 'reader@analytics.example')).toMatchObject({ visits: 2, duration_seconds: 6 });
    expect(o.days.find((x: { day: string }) => x.day === today)?.views).toBeGreaterThanOrEqual(3);
    expect(o.top_documents.find((x: { id: string }) => x.id === d.id)).toMatchObject({ views: 3, viewers: 2, duration_seconds: 6.5 });
    expect(o.recent[0]).toMatchObject({ target: 'Readers.pdf' });
  });

  it('keeps to the team and to the range rules', async () => {
    const theirs = await pdfDocument(client((await createToken({ team: uniqueTeam('analytics-theirs'), scopes: 'apis.all' })).token), 1, 'Theirs.pdf');
    const dash = await dashboardAs(apiToken);
    await expect(dash.analytics.documentReaders({ id: theirs.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(dash.analytics.overview({ since: Date.now(), until: Date.now() - 1 })).rejects.toThrow(/since/);
  });
});
