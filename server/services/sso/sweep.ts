// The sweep's part for single sign-on: the replay memory (spent assertion ids) and the requests
// sent to identity providers are kept only until an answer to them could no longer be accepted.
import { db } from '../../db/client';

/** Forgets spent assertion ids and unanswered requests past their time. */
export async function sweepSaml(now = new Date()): Promise<number> {
  const a = await db.samlAssertionUse.deleteMany({ where: { expiresAt: { lt: now } } });
  const r = await db.samlRequest.deleteMany({ where: { expiresAt: { lt: now } } });
  return a.count + r.count;
}
