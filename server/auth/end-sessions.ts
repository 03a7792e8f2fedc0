// Ending a user's dashboard sessions at once (SCIM deprovisioning). Sessions belong to the user,
// not to one team, so every session of the user ends: a user in other teams signs in again.
import type { Tx } from '../db/client';

export async function endSessionsOf(tx: Tx, userId: string): Promise<number> {
  return (await tx.session.deleteMany({ where: { userId } })).count;
}
