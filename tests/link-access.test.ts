// The link page's summary of what visitors actually get (issue 41 item 7): links.access, the
// dashboard's procedure, answers downloads and Q&A as the viewer decides them. A group link's
// downloads follow the group's permissions whatever the link's allow_download says, and the
// room's Q&A is what the viewer offers; each answer is checked against the viewer over HTTP.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, upload } from './support/api';
import { signedInDashboard, type DashboardUser } from './support/dashboard';
import { ok } from './support/docs';
import { enter, makeLink, pdfDocument, slugOf, Visitor } from './support/viewer';

type Api = ReturnType<typeof client>;
let dash: DashboardUser;
let api: Api;
let room: any;
let placed: { teaser: any; contract: any; video: any };

const WEBM = fs.readFileSync(path.join(__dirname, 'fixtures/countdown.webm'));

beforeAll(async () => {
  dash = await signedInDashboard('link-access', 'Harbor Sellers');
  const { db } = await import('../server/db/client');
  const { adminSetPlan } = await import('../server/services/teams-admin');
  const team = await db.team.findFirstOrThrow({ where: { members: { some: { user: { email: dash.email } } } } });
  await adminSetPlan(team.slug, 'datarooms-plus');
  api = client((await dash.call().tokens.create({ name: 'link access', scopes: ['apis.all'] })).token);
  room = ok(await api.post('/v1/datarooms', { name: 'Project Harbor', qa_enabled: true, qa_limit_per_visitor_per_day: 7, allow_bulk_download: true }), 201);
  const attach = async (d: any) => ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: d.id }), 201);
  const video = ok(await api.post('/v1/documents', { upload_id: await upload(api, WEBM, 'video/webm', 'Tour.webm'), name: 'Tour.webm' }), 201);
  placed = { teaser: await attach(await pdfDocument(api, 1, 'Teaser.pdf')), contract: await attach(await pdfDocument(api, 2, 'Contract.pdf')), video: await attach(video) };
});

const access = (id: string) => dash.call().links.access({ id });

describe('links.access', () => {
  it('a group link: the group’s permissions decide downloads, not the link’s allow_download; the room’s Q&A is on', async () => {
    const group = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'Buyer A', allow_all: true }), 201);
    ok(
      await api.put(`/v1/datarooms/${room.id}/groups/${group.id}/permissions`, {
        permissions: [
          { item_id: placed.teaser.id, can_view: true, can_download: true },
          { item_id: placed.contract.id, can_view: true, can_download: false },
          { item_id: placed.video.id, can_view: false, can_download: false },
        ],
      }),
    );
    const link = await makeLink(api, { dataroom_id: room.id, audience_type: 'group', group_id: group.id, allow_download: false });
    expect(link.allow_download).toBe(false);
    expect(await access(link.id)).toEqual({
      download: { decided_by: 'group', group_name: 'Buyer A', documents: 2, downloadable: 1, watermark_blocked: 0, download_all: true },
      qa: { enabled: true, limit_per_day: 7 },
    });

    // The viewer agrees: the teaser downloads, the contract does not, and the Q&A panel is on.
    const v = new Visitor();
    const slug = slugOf(link);
    await enter(v, slug);
    expect((await v.get(`/view/${slug}/d/${placed.teaser.id}/download`)).status).toBe(200);
    expect((await v.get(`/view/${slug}/d/${placed.contract.id}/download`)).status).toBe(403);
    expect((await v.get(`/view/${slug}/zip`)).status).toBe(200);
    const qa = await v.get(`/view/${slug}/questions`);
    expect(qa.status).toBe(200);
    expect(JSON.parse(qa.text())).toMatchObject({ enabled: true, limit: 7 });
  });

  it('a general room link with a watermark: the video cannot carry it, so it is not downloadable', async () => {
    const link = await makeLink(api, { dataroom_id: room.id, allow_download: true, watermark_config: { text: 'Confidential {{date}}' } });
    expect(await access(link.id)).toEqual({
      download: { decided_by: 'link', group_name: null, documents: 3, downloadable: 2, watermark_blocked: 1, download_all: true },
      qa: { enabled: true, limit_per_day: 7 },
    });
    const v = new Visitor();
    const slug = slugOf(link);
    await enter(v, slug);
    expect((await v.get(`/view/${slug}/d/${placed.video.id}/download`)).status).toBe(403);
  });

  it('Q&A off in the room, downloads off on the link; a document link never has Q&A', async () => {
    const quiet = ok(await api.post('/v1/datarooms', { name: 'Quiet room' }), 201);
    ok(await api.post(`/v1/datarooms/${quiet.id}/documents`, { document_id: placed.teaser.document_id }), 201);
    const roomLink = await makeLink(api, { dataroom_id: quiet.id, allow_download: false });
    expect(await access(roomLink.id)).toEqual({
      download: { decided_by: 'link', group_name: null, documents: 1, downloadable: 0, watermark_blocked: 0, download_all: false },
      qa: { enabled: false, limit_per_day: null },
    });
    const docLink = await makeLink(api, { document_id: placed.contract.document_id, allow_download: true });
    expect(await access(docLink.id)).toEqual({
      download: { decided_by: 'link', group_name: null, documents: 1, downloadable: 1, watermark_blocked: 0, download_all: false },
      qa: { enabled: false, limit_per_day: null },
    });
  });

  it('another team’s link is not found', async () => {
    const link = await makeLink(api, { document_id: placed.contract.document_id });
    const other = await signedInDashboard('link-access-other', 'Elsewhere');
    await expect(other.call().links.access({ id: link.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
