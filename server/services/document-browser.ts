// The dashboard's document list: newest first as documents.list serves it, oldest first and by
// name each with its own keyset cursor so deep pages stay as fast as the first, and a video's
// length beside each page's videos. Scoping, folder checks and the document shape are the
// documents service's.
import { db } from '../db/client';
import { Prisma } from '../db/generated/client';
import { invalid } from '../errors';
import { cursorInstant, decodeCursor, page } from '../schemas/common';
import { listDocuments, toDocument } from './documents';
import { likeEscape, NAME_MATCH } from './document-sql';
import { getFolder } from './folders';
import type { Actor } from '../auth/actor';

export const DOCUMENT_SORTS = ['created_desc', 'created_asc', 'name_asc', 'name_desc'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

type Query = { sort: DocumentSort; limit: number; cursor?: string; folderId?: string; query?: string };

type Listed = ReturnType<typeof toDocument>;

/**
 * A page of the library with each video's length (its primary version's duration_ms, null when
 * the file does not state it; absent for other files): the library shows a video's length, never
 * a page count. One read for the page's videos.
 */
async function withDurations(p: { data: Listed[]; next_cursor: string | null }) {
  const videos = p.data.filter((d) => d.type === 'video').map((d) => d.id);
  const rows = videos.length
    ? await db.$queryRaw<{ documentId: string; durationMs: number | null }[]>`
        SELECT document_id AS "documentId", duration_ms AS "durationMs" FROM document_versions WHERE document_id = ANY(${videos}::text[]) AND is_primary`
    : [];
  const ms = new Map(rows.map((r) => [r.documentId, r.durationMs]));
  return { data: p.data.map((d) => ({ ...d, duration_ms: d.type === 'video' ? (ms.get(d.id) ?? null) : null })), next_cursor: p.next_cursor };
}

export async function browseDocuments(actor: Actor, q: Query) {
  return withDurations(await browsePage(actor, q));
}

async function browsePage(actor: Actor, q: Query): Promise<{ data: Listed[]; next_cursor: string | null }> {
  if (q.sort === 'created_desc') {
    return listDocuments(actor, { limit: q.limit, cursor: q.cursor, folderId: q.folderId, query: q.query });
  }
  if (q.folderId && q.folderId !== 'root') await getFolder(actor, q.folderId);

  const byName = q.sort !== 'created_asc';
  const desc = q.sort === 'name_desc';
  const key = byName ? Prisma.sql`name_lower` : Prisma.sql`created_at`;
  const cmp = desc ? Prisma.sql`<` : Prisma.sql`>`;
  const dir = desc ? Prisma.sql`DESC` : Prisma.sql`ASC`;

  const conds: Prisma.Sql[] = [Prisma.sql`team_id = ${actor.teamId}`];
  if (q.folderId === 'root') conds.push(Prisma.sql`folder_id IS NULL`);
  else if (q.folderId) conds.push(Prisma.sql`folder_id = ${q.folderId}`);
  if (q.query) conds.push(Prisma.sql([...NAME_MATCH], likeEscape(q.query)));
  const c = decodeCursor(q.cursor, 'string', byName ? 'string' : 'number', 'string') as [string, string | number, string] | null;
  if (c) {
    if (c[0] !== q.sort) throw invalid('cursor', 'belongs to another sort order');
    const k = byName ? c[1] : new Date(cursorInstant(c[1] as number));
    conds.push(Prisma.sql`(${key}, id) ${cmp} (${k}, ${c[2]})`);
  }

  const keys = await db.$queryRaw<{ id: string; name_key: string; created_at: Date }[]>`
    SELECT id, name_lower AS name_key, created_at FROM documents WHERE ${Prisma.join(conds, ' AND ')}
    ORDER BY ${key} ${dir}, id ${dir} LIMIT ${q.limit + 1}`;
  // The cursor carries the database's own sort key, so JS and SQL never disagree on case folding.
  const ids = page(keys, q.limit, (k) => k.id, (k) => [q.sort, byName ? k.name_key : k.created_at.getTime(), k.id]);
  const rows = await db.document.findMany({ where: { id: { in: ids.data }, teamId: actor.teamId } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  // A document deleted between the two reads drops out of the page.
  const items = ids.data.map((id) => byId.get(id)).filter((r) => r !== undefined);
  return { data: items.map(toDocument), next_cursor: ids.next_cursor };
}
