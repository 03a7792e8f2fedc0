// The audit log names what its events refer to (issue 41 item 9), over real HTTP: a visit reads
// as the link's name (and the document it opened), an NDA acceptance as the agreement's name with
// the name the signer typed labelled as such, in the dashboard's log and in the CSV export; the
// names are read for the team only, in one query per page.
import { beforeAll, describe, expect, it } from 'vitest';
import type { client } from './support/api';
import { parseCsv } from './support/csv';
import { roomsDashboard, type DashboardUser } from './support/dashboard';
import { ok } from './support/docs';
import { makeLink, pdfDocument, slugOf, Visitor } from './support/viewer';
import { eventItem } from '../lib/shared/event-items';

let api: ReturnType<typeof client>;
let dash: DashboardUser;
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  ({ dash, api } = await roomsDashboard('events-names', 'Harbor Sellers'));
});

describe('the audit log names things', () => {
  it('a visit by its link and document, an acceptance by its agreement and the signer’s typed name', async () => {
    const doc = await pdfDocument(api, 1, 'Harbor CIM.pdf');
    const nda = ok(await api.post('/v1/agreements', { name: 'Harbor NDA', content_type: 'text', text: 'Keep it confidential.', require_name: true }), 201);
    const link = await makeLink(api, { document_id: doc.id, name: 'Buyer A – lowball', email_protected: true, agreement_id: nda.id });
    const slug = slugOf(link);
    const v = new Visitor();
    const iphone = { 'User-Agent': IPHONE };
    await v.get(`/view/${slug}`, iphone);
    await v.request('POST', `/view/${slug}/gate`, {
      body: new URLSearchParams({ step: 'email', email: 'olivia.events-names@buyer-a.example' }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...iphone },
    });
    await v.request('POST', `/view/${slug}/gate`, {
      body: new URLSearchParams({ step: 'agreement', agree: 'on', name: 'Tom Evers' }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...iphone },
    });
    let page = await v.get(`/view/${slug}`, iphone);
    for (let i = 0; i < 3 && page.location; i++) page = await v.get(page.location, iphone);
    expect(page.text()).toContain('data-testid="document-viewer"');

    const log = (await dash.call().events.log({ limit: 50 })).data as any[];
    const viewed = log.find((e) => e.type === 'view.created' && e.data.object.link_id === link.id);
    expect(viewed.names).toEqual({ link_id: 'Buyer A – lowball', document_id: 'Harbor CIM.pdf' });
    expect(eventItem(viewed)).toEqual({ label: 'Buyer A – lowball', detail: 'Harbor CIM.pdf' });
    expect(viewed.request.user_agent).toBe(IPHONE);
    const accepted = log.find((e) => e.type === 'agreement.accepted' && e.data.object.agreement_id === nda.id);
    expect(accepted.names).toMatchObject({ agreement_id: 'Harbor NDA', link_id: 'Buyer A – lowball' });
    expect(eventItem(accepted)).toEqual({ label: 'Harbor NDA', detail: 'signed as “Tom Evers”' });
    // /v1's event object is as documented: no names.
    const fromApi = ok(await api.get(`/v1/events?type=view.created&limit=5`)).data.find((e: any) => e.id === viewed.id);
    expect(Object.keys(fromApi).sort()).toEqual(['actor', 'created', 'data', 'dataroom_id', 'id', 'object', 'request', 'type']);

    // The CSV export names them the same way.
    const csv = await dash.get('/api/events/export?type=agreement.accepted');
    expect(csv.status).toBe(200);
    const rows = parseCsv(csv.text());
    const header = rows[0]!;
    const row = rows.slice(1).find((r) => r[header.indexOf('item_id')] === accepted.data.object.id)!;
    expect(row[header.indexOf('item')]).toBe('Harbor NDA (signed as “Tom Evers”)');
  });

  it('a room’s events name the room, renamed or not; another team’s ids get no name', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Project Harbor' }), 201);
    ok(await api.patch(`/v1/datarooms/${room.id}`, { name: 'Project Harbor II' }));
    const log = (await dash.call().events.log({ dataroom_id: room.id, limit: 10 })).data as any[];
    expect(log.map((e) => e.names.dataroom_id)).toEqual(['Project Harbor II', 'Project Harbor II']);

    const stranger = await roomsDashboard('events-names-stranger', 'Strangers');
    const theirDoc = await pdfDocument(stranger.api, 1, 'Their secret.pdf');
    const theirLink = await makeLink(stranger.api, { document_id: theirDoc.id, name: 'Their link' });
    const { nameEvents } = await import('../server/services/events/names');
    const me = (await import('../server/db/client')).db;
    const team = await me.teamMember.findFirstOrThrow({ where: { user: { email: dash.email } }, select: { teamId: true } });
    const forged = { ...log[0], dataroom_id: null, data: { object: { id: 'v', object: 'view', link_id: theirLink.id, document_id: theirDoc.id } } };
    expect((await nameEvents({ teamId: team.teamId }, [forged]))[0]!.names).toEqual({});
  });
});
