import type { Tx } from '../db/client';

/** Serializes writers of one key for the rest of the transaction (pg_advisory_xact_lock). */
export async function lockKey(tx: Tx, ...parts: (string | null | undefined)[]) {
  const key = parts.map((p) => p ?? '').join(':');
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
}

export async function lockKeys(tx: Tx, keys: (string | null | undefined)[][]) {
  const sorted = keys.map((k) => k.map((p) => p ?? '').join(':')).sort();
  for (const k of [...new Set(sorted)]) await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${k}, 0))`;
}

/** True for a Prisma unique-constraint violation (a race lost to a concurrent writer). */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string }; message?: string };
  return err?.code === 'P2002' || err?.cause?.code === '23505' || /unique constraint/i.test(err?.message ?? '');
}
