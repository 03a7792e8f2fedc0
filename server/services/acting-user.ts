// The person behind a team actor: the signed-in user, or whoever made the token that acts. Kept on
// decisions by people (an answer, an approval) as they were then.
import type { Actor } from '../auth/actor';
import type { Tx } from '../db/client';

export async function actingUser(tx: Tx, actor: Actor): Promise<{ id: string | null; email: string | null }> {
  const userId =
    actor.kind === 'user' ? actor.userId : (actor.userId ?? (await tx.apiToken.findUnique({ where: { id: actor.tokenId }, select: { createdById: true } }))?.createdById ?? null);
  if (!userId) return { id: null, email: null };
  const u = await tx.user.findUnique({ where: { id: userId }, select: { email: true } });
  return { id: userId, email: u?.email ?? null };
}
