// One definition of a visit everywhere (docs/decisions.md "One visit, one view"): a room visit
// that opens two documents is one visit in the link list, the visitors list, Top visitors, the
// link's and the room's analytics and the room's visitors table; a refused attempt is never a
// visitor nor a visit, but an access denial on the link and on the room. Over HTTP through the
// real viewer; the dashboard-only procedures through the real router in process.
import { beforeAll, describe, expect, it } from 'vitest';
import type { client } from './support/api';
import { parseCsv } from './support/csv';
import { roomsDashboard, signedInDashboard, type DashboardUser } from './support/dashboard';
import { ok } from './support/docs';
import { enter, makeLink, pdfDocument, refusalOf, slugOf, viewIdOf, Visitor } from './support/viewer';

let api: ReturnType<typeof client>;
let dash: DashboardUser;
let seq = 0;
const evt = () => `evt-defs-${String(++seq).padStart(6, '0')}`;

beforeAll(async () => {
  ({ dash, api } = await roomsDashboard('defs', 'Definitions'));
});

describe('a visit, a view and a refusal', () => {
  it('counts one room visit that opens two documents as one visit everywhere, and keeps refusals apart', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Series A Due Diligence' }), 201);
    const [a, b] = [await pdfDocument(api, 2, 'Model.pdf'), await pdfDocument(api, 3, 'Cap table.pdf')];
    const pa = ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: a.id }), 201);
    const pb = ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: b.id }), 201);
    const link = await makeLink(api, { dataroom_id: room.id, allow_list: ['ada@defs.example'], email_authenticated: false });
    const slug = slugOf(link);

    // Refused: an address the link does not admit. No visitor, no view, one denial.
    const eve = new Visitor();
    expect(refusalOf((await eve.gate(slug, { step: 'email', email: 'Eve@Defs.example' })).location)).toBe('denied');
    expect(ok(await api.get('/v1/visitors?email=eve@defs.example')).data).toEqual([]);

    // Admitted: one visit, two documents opened (three view rows), reading time on both.
    const visitOnce = async () => {
      const ada = new Visitor();
      expect(refusalOf((await ada.gate(slug, { step: 'email', email: 'ada@defs.example' })).location)).toBeNull();
      await enter(ada, slug);
      for (const [placement, page] of [[pa.id, 1], [pb.id, 2]] as const) {
        const viewId = viewIdOf((await ada.get(`/view/${slug}/d/${placement}`)).text())!;
        expect(JSON.parse((await ada.events(slug, viewId, [{ id: evt(), page, duration_ms: 1500 }])).text())).toEqual({ recorded: 1 });
      }
    };
    await visitOnce();
    expect(ok(await api.get(`/v1/links/${link.id}/views`)).data).toHaveLength(3);

    const figures = async () => {
      const [visitor] = ok(await api.get('/v1/visitors?email=ada@defs.example')).data;
      const [summary] = (await dash.call().links.summaries({ ids: [link.id] })).data;
      const overview = await dash.call().analytics.overview({});
      const top = overview.top_visitors.find((t: { email: string }) => t.email === 'ada@defs.example');
      const roomDetail = await dash.call().analytics.roomDetail({ id: room.id });
      return {
        linkList: summary.views,
        visitors: visitor.total_views,
        topVisitors: top?.visits,
        linkAnalytics: ok(await api.get(`/v1/analytics/links/${link.id}`)).total_views,
        roomAnalytics: ok(await api.get(`/v1/analytics/datarooms/${room.id}`)).total_views,
        roomVisitors: roomDetail.visitors.map((r: { email: string; visits: number }) => [r.email, r.visits]),
        roomGroups: roomDetail.groups.map((g: { group_id: string | null; visits: number }) => [g.group_id, g.visits]),
        roomDays: roomDetail.days.reduce((n: number, d: { views: number }) => n + d.views, 0),
      };
    };
    const once = { linkList: 1, visitors: 1, topVisitors: 1, linkAnalytics: 1, roomAnalytics: 1, roomVisitors: [['ada@defs.example', 1]], roomGroups: [[null, 1]], roomDays: 1 };
    expect(await figures()).toEqual(once);

    await visitOnce();
    expect(await figures()).toEqual({ linkList: 2, visitors: 2, topVisitors: 2, linkAnalytics: 2, roomAnalytics: 2, roomVisitors: [['ada@defs.example', 2]], roomGroups: [[null, 2]], roomDays: 2 });

    // The room's visitors table: both documents opened, the time of both visits.
    const detail = await dash.call().analytics.roomDetail({ id: room.pid });
    expect(detail.visitors[0]).toMatchObject({ email: 'ada@defs.example', visits: 2, documents_opened: 2, duration_seconds: 6 });

    // The visitor was made on admission, first seen in this room; the refused address never was.
    const [ada] = ok(await api.get('/v1/visitors?email=ada@defs.example')).data;
    expect(ada.dataroom_id).toBe(room.id);
    expect(ok(await api.get(`/v1/visitors?dataroom_id=${room.id}`)).data.map((v: { email: string }) => v.email)).toEqual(['ada@defs.example']);

    // The denial, on the link and on the room: who, when, why.
    const onLink = await dash.call().analytics.accessDenials({ link_id: link.id });
    expect(onLink).toMatchObject({ total: 1, data: [{ email: 'eve@defs.example', reason: 'not_allowed', link_id: link.id }] });
    expect(Date.parse(onLink.data[0].created)).toBeGreaterThan(Date.now() - 120_000);
    expect(await dash.call().analytics.accessDenials({ dataroom_id: room.pid })).toEqual(onLink);

    // The room's visitors as CSV.
    const csv = await dash.get(`/api/analytics/export?kind=room_visitors&dataroom_id=${room.id}`);
    expect(csv.status).toBe(200);
    const rows = parseCsv(csv.text());
    expect(rows[0]).toEqual(['visitor_email', 'visitor_id', 'visits', 'documents_opened', 'duration_seconds', 'downloads', 'first_viewed_at', 'last_viewed_at']);
    expect(rows.slice(1).map((r) => r.slice(0, 5))).toEqual([['ada@defs.example', ada.id, '2', '2', '6']]);
  });

  it('records a wrong password as a denial, not a visitor, and the right one as a visit', async () => {
    const doc = await pdfDocument(api, 1, 'Teaser.pdf');
    const link = await makeLink(api, { document_id: doc.id, email_protected: true, password: 'correct horse' });
    const slug = slugOf(link);
    const v = new Visitor();
    await v.gate(slug, { step: 'email', email: 'bob@defs.example' });
    expect(refusalOf((await v.gate(slug, { step: 'password', password: 'wrong' })).location)).toBe('password_wrong');
    expect(ok(await api.get('/v1/visitors?email=bob@defs.example')).data).toEqual([]);
    expect((await dash.call().links.summaries({ ids: [link.id] })).data[0].views).toBe(0);
    expect(await dash.call().analytics.accessDenials({ link_id: link.id })).toMatchObject({ total: 1, data: [{ email: 'bob@defs.example', reason: 'wrong_password' }] });

    expect(refusalOf((await v.gate(slug, { step: 'password', password: 'correct horse' })).location)).toBeNull();
    await enter(v, slug);
    expect(ok(await api.get('/v1/visitors?email=bob@defs.example')).data).toMatchObject([{ email: 'bob@defs.example', total_views: 1 }]);
    expect((await dash.call().links.summaries({ ids: [link.id] })).data[0].views).toBe(1);
  });

  it('another team’s link or room is not found', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Private room' }), 201);
    const doc = await pdfDocument(api, 1, 'Private.pdf');
    const link = await makeLink(api, { document_id: doc.id });
    const other = await signedInDashboard('defs-other', 'Elsewhere');
    for (const input of [{ link_id: link.id }, { dataroom_id: room.id }]) {
      await expect(other.call().analytics.accessDenials(input)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    await expect(other.call().analytics.roomDetail({ id: room.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await other.get(`/api/analytics/export?kind=room_visitors&dataroom_id=${room.id}`)).status).toBe(404);
  });
});

describe('what visitors searched for, as CSV', () => {
  it('lists a room’s and a link’s searches with formulas defused; another team’s are not found', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Searched room' }), 201);
    const doc = await pdfDocument(api, 1, 'Index.pdf');
    ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: doc.id }), 201);
    const link = await makeLink(api, { dataroom_id: room.id });
    const slug = slugOf(link);
    const v = new Visitor();
    await enter(v, slug);
    for (const q of ['=HYPERLINK("x")', 'walk-away price']) expect((await v.get(`/view/${slug}/search?${new URLSearchParams({ q })}`)).status).toBe(200);

    for (const target of [`dataroom_id=${room.id}`, `link_id=${link.id}`]) {
      const csv = await dash.get(`/api/analytics/export?kind=searches&${target}`);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-disposition')).toContain(`searches-${target.split('=')[1]}.csv`);
      const rows = parseCsv(csv.text());
      expect(rows[0]).toEqual(['query', 'searches', 'visits', 'searches_without_hits', 'last_searched_at']);
      expect(rows.slice(1).map((r) => r.slice(0, 4)).sort()).toEqual([
        ["'=HYPERLINK(\"x\")", '1', '1', '1'],
        ['walk-away price', '1', '1', '1'],
      ]);
      expect(Date.parse(rows[1]![4]!)).toBeGreaterThan(Date.now() - 120_000);
    }

    expect((await dash.get('/api/analytics/export?kind=searches')).status).toBe(400);
    const other = await signedInDashboard('defs-search-other', 'Elsewhere');
    expect((await other.get(`/api/analytics/export?kind=searches&dataroom_id=${room.id}`)).status).toBe(404);
    expect((await other.get(`/api/analytics/export?kind=searches&link_id=${link.id}`)).status).toBe(404);
  });
});
