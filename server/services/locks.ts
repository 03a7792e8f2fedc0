import type { Tx } from '../db/client';

/** Serializes writers of one key for the rest of the transaction (pg_advisory_xact_lock). */
export async function lockKey(tx: Tx, ...parts: (string | null | undefined)[]) {
  const key = parts.map((p) => p ?? '').join(':');
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
}

/**
 * Locks the team's row for the rest of the transaction: writers of a team-wide rule (the default
 * brand, the last admin, a plan's caps on rooms and webhook endpoints) take turns.
 */
export async function lockTeam(tx: Tx, teamId: string) {
  await tx.$queryRawUnsafe(`SELECT id FROM teams WHERE id = $1 FOR UPDATE`, teamId);
}

/** True for a Prisma unique-constraint violation (a race lost to a concurrent writer). */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string }; message?: string };
  return err?.code === 'P2002' || err?.cause?.code === '23505' || /unique constraint/i.test(err?.message ?? '');
}
