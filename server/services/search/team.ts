// A team's search (GET /v1/search, the dashboard's library box, the MCP tool): the filters are
// checked against the team (an unknown room, folder or document is a 404, never an empty list),
// then query.ts runs it.
import type { Actor } from '../../auth/actor';
import { requireScope } from '../../auth/require-scope';
import { db } from '../../db/client';
import { notFound } from '../../errors';
import { findRoom } from '../room-lookup';
import { runSearch, type SearchScope } from './query';
import { pageHighlights } from './page-highlights';
import { itemNumbers } from '../index-numbers';

export type TeamSearchInput = { q: string; limit: number; cursor?: string; dataroom_id?: string; folder_id?: string; document_id?: string; type?: string };

/** Hits, each with `index_number`: in a room's search, the room's number of its document (null elsewhere). */
export async function searchTeam(actor: Actor, input: TeamSearchInput) {
  const scope: SearchScope = { teamId: actor.teamId, type: input.type };
  let room: Awaited<ReturnType<typeof findRoom>> | null = null;
  if (input.dataroom_id) {
    requireScope(actor, 'datarooms.read');
    room = await findRoom(db, actor, input.dataroom_id);
    scope.dataroomId = room.id;
  }
  if (input.folder_id) {
    const folder = await db.folder.findFirst({ where: { id: input.folder_id, teamId: actor.teamId }, select: { path: true } });
    if (!folder) throw notFound('Folder');
    scope.folderPath = folder.path;
  }
  if (input.document_id) {
    const doc = await db.document.findFirst({ where: { id: input.document_id, teamId: actor.teamId }, select: { id: true } });
    if (!doc) throw notFound('Document');
    scope.documentId = doc.id;
  }
  const found = await runSearch(scope, input.q, input);
  const placements =
    room?.indexNumbers && found.data.length
      ? new Map(
          (await db.dataroomDocument.findMany({ where: { dataroomId: room.id, documentId: { in: found.data.map((h) => h.document_id) } }, select: { id: true, documentId: true } })).map(
            (p) => [p.documentId, p.id],
          ),
        )
      : null;
  const numbers = room && placements ? await itemNumbers(room.id, room.indexNumbers, { placements: [...placements.values()] }) : null;
  return { ...found, data: found.data.map((h) => ({ ...h, index_number: numbers?.get(placements?.get(h.document_id) ?? '') ?? null })) };
}

/** Where a query's words are on one page of a team document (its primary version, or `versionId`). */
export async function documentPageHighlights(actor: Actor, input: { id: string; version_id?: string; page: number; q: string }) {
  const v = await db.documentVersion.findFirst({
    where: { documentId: input.id, ...(input.version_id ? { id: input.version_id } : { isPrimary: true }), document: { teamId: actor.teamId } },
    select: { id: true },
  });
  if (!v) throw notFound('Document');
  return { boxes: await pageHighlights(v.id, input.page, input.q) };
}
