// Visitor uploads over real HTTP: a room with a folder that takes uploads from a group, that
// group's link, and the viewer's three steps (upload URL, PUT, submit) as the viewer page runs them.
import { expect } from 'vitest';
import { client } from './api';
import { ok } from './docs';
import { makeLink, slugOf, Visitor } from './viewer';

type Api = ReturnType<typeof client>;
export type Answer = { status: number; body: any };

const parsed = (r: { status: number; text: () => string }): Answer => ({ status: r.status, body: r.text() ? JSON.parse(r.text()) : null });

/**
 * A room with two folders ("Inbox" takes uploads, "Closed" does not, though the group may upload
 * to both), one group holding `emails` with can_upload on both, its group link, and a general link.
 */
export async function uploadRoom(api: Api, emails: string[]) {
  const room = ok(await api.post('/v1/datarooms', { name: 'Harbor' }), 201);
  const inbox = ok(await api.post(`/v1/datarooms/${room.id}/folders`, { name: 'Inbox', accepts_uploads: true }), 201);
  const closed = ok(await api.post(`/v1/datarooms/${room.id}/folders`, { name: 'Closed' }), 201);
  const group = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'Bidders' }), 201);
  ok(await api.post(`/v1/datarooms/${room.id}/groups/${group.id}/members`, { emails }));
  ok(
    await api.put(`/v1/datarooms/${room.id}/groups/${group.id}/permissions`, {
      permissions: [
        { item_id: inbox.id, can_view: true, can_download: true, can_upload: true },
        { item_id: closed.id, can_view: true, can_upload: true },
      ],
    }),
  );
  const link = await makeLink(api, { dataroom_id: room.id, audience_type: 'group', group_id: group.id });
  const general = await makeLink(api, { dataroom_id: room.id });
  return { room, inbox, closed, group, link, slug: slugOf(link), general, generalSlug: slugOf(general) };
}

export const panel = async (v: Visitor, slug: string) => parsed(await v.get(`/view/${slug}/uploads`));

const postJson = async (v: Visitor, p: string, body: unknown, headers: Record<string, string> = {}) =>
  parsed(await v.request('POST', p, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...headers } }));

export const uploadUrl = (v: Visitor, slug: string, body: unknown, headers: Record<string, string> = {}) => postJson(v, `/view/${slug}/uploads/url`, body, headers);
export const submit = (v: Visitor, slug: string, body: unknown, headers: Record<string, string> = {}) => postJson(v, `/view/${slug}/uploads`, body, headers);

/** PUTs bytes to an upload URL the viewer handed out. */
export async function put(target: { upload_url: string; required_headers: Record<string, string> }, bytes: Buffer) {
  const r = await fetch(target.upload_url, { method: 'PUT', headers: target.required_headers, body: new Uint8Array(bytes) });
  expect(r.status, await r.clone().text()).toBe(200);
}

/** The whole flow; answers the first refusal (from the URL step or the submit) as it came. */
export async function send(v: Visitor, slug: string, folderId: string, bytes: Buffer, contentType: string, fileName: string, extra: Record<string, unknown> = {}) {
  const u = await uploadUrl(v, slug, { folder_id: folderId, file_name: fileName, content_type: contentType, size: bytes.length });
  if (u.status !== 200) return u;
  await put(u.body, bytes);
  return submit(v, slug, { upload_id: u.body.upload_id, folder_id: folderId, ...extra });
}
