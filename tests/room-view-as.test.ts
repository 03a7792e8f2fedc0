// "View as" (DESIGN.md "Room power tools"), through the real router in process as the dashboard
// calls it: a group's view is the viewer's tree for that group (its permissions), a link's view
// carries its branding, agreement and a watermark marked PREVIEW; the reads need datarooms.read
// and the team's own room, group and link; and nothing is recorded (no visitor, view, event,
// search query or queued mail).
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, uniqueTeam } from './support/api';
import { ok } from './support/docs';
import { inProcessCaller } from './support/in-process';
import { withTestDb } from './support/test-db';

type Api = ReturnType<typeof client>;
let api: Api;
let token: string;
let readerToken: string;
let otherToken: string;

beforeAll(async () => {
  const team = uniqueTeam('view-as');
  token = (await createToken({ team, scopes: 'apis.all' })).token;
  readerToken = (await createToken({ team, scopes: 'documents.read' })).token;
  otherToken = (await createToken({ team: uniqueTeam('view-as-other'), scopes: 'apis.all' })).token;
  api = client(token);
});

/** The dashboard's procedures in process, acting as the token's team (with the token's scopes). */
async function dashboard(t = token) {
  const caller = await inProcessCaller();
  const { authenticateToken } = await import('../server/auth/tokens');
  const actor = (await authenticateToken(t))!;
  return caller({ face: 'rest', origin: 'http://127.0.0.1', user: null, actor } as never) as any;
}

const linkDoc = async (name: string) => ok(await api.post('/v1/documents', { type: 'link', external_url: `https://example.com/${encodeURIComponent(name)}`, name }), 201);

/** Rows in the tables a visit, a notification or a search writes to, for this team. */
async function recorded(teamId: string) {
  return withTestDb(async (c) => {
    const n = async (sql: string) => Number((await c.query(sql, [teamId])).rows[0].n);
    return {
      views: await n(`SELECT count(*) AS n FROM views v JOIN links l ON l.id = v.link_id WHERE l.team_id = $1`),
      visitors: await n(`SELECT count(*) AS n FROM viewers WHERE team_id = $1`),
      events: await n(`SELECT count(*) AS n FROM events WHERE team_id = $1`),
      searches: await n(`SELECT count(*) AS n FROM search_queries q JOIN links l ON l.id = q.link_id WHERE l.team_id = $1`),
      jobs: await n(`SELECT count(*) AS n FROM jobs WHERE team_id = $1`),
    };
  });
}

describe('view as', () => {
  it('shows a group’s room, a link’s branding, agreement and PREVIEW watermark, and records nothing', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Falcon' }), 201);
    const legal = ok(await api.post(`/v1/datarooms/${room.id}/folders`, { name: 'Legal' }), 201);
    const hr = ok(await api.post(`/v1/datarooms/${room.id}/folders`, { name: 'HR' }), 201);
    const spa = ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: (await linkDoc('SPA')).id, folder_id: legal.id }), 201);
    ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: (await linkDoc('Payroll')).id, folder_id: hr.id }), 201);
    const buyers = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'Buyers' }), 201);
    const hrPayroll = ok(await api.get(`/v1/datarooms/${room.id}/documents?folder_id=${hr.id}`)).data[0];
    ok(await api.put(`/v1/datarooms/${room.id}/groups/${buyers.id}/permissions`, { permissions: [{ item_id: hr.id, can_view: false }, { item_id: hrPayroll.id, can_view: false }, { item_id: spa.id, can_download: true }] }));
    const nda = ok(await api.post('/v1/agreements', { name: 'Mutual NDA', content_type: 'text', text: 'Keep everything confidential.' }), 201);
    const link = ok(
      await api.post('/v1/links', {
        dataroom_id: room.id,
        audience_type: 'group',
        group_id: buyers.id,
        name: 'Buyer A',
        email_protected: true,
        agreement_id: nda.id,
        watermark_config: { text: 'Confidential · {{email}}' },
      }),
      201,
    );
    const teamId = (await withTestDb((c) => c.query('SELECT team_id FROM datarooms WHERE id = $1', [room.id]))).rows[0].team_id;
    const before = await recorded(teamId);

    const dash = await dashboard();
    const asGroup = await dash.datarooms.viewAs({ id: room.pid, group_id: buyers.id });
    expect(asGroup.as).toEqual({ kind: 'group', id: buyers.id, name: 'Buyers' });
    expect(asGroup.tree.folders.map((f: any) => [f.name, f.indexNumber])).toEqual([['Legal', '1']]);
    expect(asGroup.tree.documents.map((d: any) => [d.name, d.indexNumber, d.canDownload])).toEqual([['SPA', '1.1', false]]);
    expect(asGroup.agreement).toBeNull();
    expect(asGroup.watermark).toBeNull();
    expect(asGroup.links.map((l: any) => l.id)).toEqual([link.id]);
    expect(asGroup.tree.documents.every((d: any) => d.storageKey === null)).toBe(true);

    const asLink = await dash.datarooms.viewAs({ id: room.id, link_id: link.id });
    expect(asLink.as).toMatchObject({ kind: 'link', id: link.id, name: 'Buyer A' });
    expect(asLink.tree.documents.map((d: any) => d.name)).toEqual(['SPA']);
    expect(asLink.agreement).toMatchObject({ id: nda.id, name: 'Mutual NDA', text: 'Keep everything confidential.' });
    expect(asLink.gates).toMatchObject({ email: true, password: false });
    expect(asLink.watermark.text).toBe('PREVIEW · Confidential · visitor@example.com');
    expect(asLink.branding.brand_color).toMatch(/^#[0-9a-f]{6}$/i);

    // The general view of the room through a team link shows everything.
    const general = ok(await api.post('/v1/links', { dataroom_id: room.id }), 201);
    const asGeneral = await dash.datarooms.viewAs({ id: room.id, link_id: general.id });
    expect(asGeneral.tree.folders.map((f: any) => f.name)).toEqual(['Legal', 'HR']);

    const after = await recorded(teamId);
    // Only the general link's creation was recorded (its event), nothing of the previews.
    expect(after).toEqual({ ...before, events: before.events + 1 });
  });

  it('is checked on the server: scope, the team’s own ids, one audience', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Checked' }), 201);
    const g = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'G' }), 201);
    const other = client(otherToken);
    const theirRoom = ok(await other.post('/v1/datarooms', { name: 'Theirs' }), 201);
    const theirGroup = ok(await other.post(`/v1/datarooms/${theirRoom.id}/groups`, { name: 'T' }), 201);
    const dash = await dashboard();
    await expect(dash.datarooms.viewAs({ id: room.id, group_id: theirGroup.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(dash.datarooms.viewAs({ id: theirRoom.id, group_id: theirGroup.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(dash.datarooms.viewAs({ id: room.id, link_id: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(dash.datarooms.viewAs({ id: room.id })).rejects.toThrow(/exactly one/);
    await expect(dash.datarooms.viewAs({ id: room.id, group_id: g.id, link_id: 'x' })).rejects.toThrow(/exactly one/);
    await expect((await dashboard(readerToken)).datarooms.viewAs({ id: room.id, group_id: g.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
