// The room the branding preview draws (issue 26: the preview showed made-up files): one of the
// team's rooms, as a general link without downloads shows it, through the viewer's own tree.
// The chosen room, or the most recently created one; none when the team has no room.
import type { Actor } from '../../auth/actor';
import { db } from '../../db/client';
import { notFound } from '../../errors';
import { roomTree, type RoomTreeView } from '../viewer/content';

const MAX_ROOMS = 200;

export async function brandingPreviewRoom(actor: Actor, input: { dataroom_id?: string }): Promise<{ rooms: { id: string; name: string }[]; tree: RoomTreeView | null }> {
  const rooms = await db.dataroom.findMany({
    where: { teamId: actor.teamId, deletedAt: null },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { id: true, name: true },
    take: MAX_ROOMS,
  });
  let id = rooms[0]?.id ?? null;
  if (input.dataroom_id) {
    const room = await db.dataroom.findFirst({ where: { id: input.dataroom_id, teamId: actor.teamId, deletedAt: null }, select: { id: true, name: true } });
    if (!room) throw notFound('Data room');
    if (!rooms.some((r) => r.id === room.id)) rooms.push(room);
    id = room.id;
  }
  const tree = id ? await roomTree({ dataroomId: id, audienceType: 'general', groupId: null, allowDownload: false }) : null;
  if (!tree) return { rooms, tree: null };
  // Only what the room page draws; no storage keys (tiles show type icons: thumbnails come from a link's routes).
  const documents = tree.documents.map((d) => ({
    placementId: d.placementId, folderId: d.folderId, name: d.name, type: d.type, contentType: d.contentType,
    numPages: d.numPages, canDownload: d.canDownload, storageKey: null, pageWidth: d.pageWidth, pageHeight: d.pageHeight,
  }));
  return { rooms, tree: { ...tree, documents } };
}
