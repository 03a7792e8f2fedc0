// Finding the actor's live link: what the link rules (services/links) and the analytics of a link
// both start from, apart from the link rules themselves.
import type { Actor } from '../auth/actor';
import { db, type Tx } from '../db/client';
import { notFound } from '../errors';

export type LinkRow = NonNullable<Awaited<ReturnType<typeof db.link.findFirst>>>;

/** The actor's live link (404 otherwise: unknown, another team's, or deleted). */
export async function findLink(tx: Tx, actor: Actor, id: string): Promise<LinkRow> {
  const link = await tx.link.findFirst({ where: { id, teamId: actor.teamId, deletedAt: null } });
  if (!link) throw notFound('Link');
  return link;
}
