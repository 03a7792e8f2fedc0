// The pg connection under a Prisma interactive transaction, for the one statement every write
// runs beside its change: the audit event (server/services/events/emit.ts). Through Prisma a raw
// statement pays its client and query interpreter on top of pg (about as much CPU as pg itself);
// sent on the transaction's own connection it is the same statement in the same transaction.
//
// `db.$transaction(fn)` runs in a slot (AsyncLocalStorage). The adapter's startTransaction, which
// Prisma calls from that context, records the connection it took from the pool, and `fn`'s
// argument records which transaction client it is: a statement finds the connection only through
// the exact `tx` it was given, so nothing can run on another transaction's connection.
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

type Slot = { client?: pg.PoolClient; tx?: unknown; afterCommit?: (() => void)[] };

const slots = new AsyncLocalStorage<Slot>();

/** Runs `start(wrapped)` in a fresh slot; `wrapped` marks its argument as the slot's transaction. */
export function inTransactionSlot<Tx, R>(fn: (tx: Tx) => Promise<R>, start: (wrapped: (tx: Tx) => Promise<R>) => Promise<R>): Promise<R> {
  const slot: Slot = {};
  return slots.run(slot, async () => {
    const result = await start((tx) => {
      slot.tx = tx;
      return fn(tx);
    });
    // Committed: what waited for it may start now (a rollback threw above and drops it).
    for (const f of slot.afterCommit ?? []) f();
    return result;
  });
}

/**
 * Runs `f` once `tx` has committed: at the end of its `db.$transaction(fn)` when `tx` is that
 * transaction, else (a statement outside any transaction: already committed) on the next turn.
 */
export function afterCommit(tx: unknown, f: () => void): void {
  const slot = slots.getStore();
  if (slot && slot.tx === tx) (slot.afterCommit ??= []).push(f);
  else setImmediate(f);
}

/** Called by the adapter when it has begun a transaction on `client` (the first one in a slot wins). */
export function recordTransactionClient(client: pg.PoolClient) {
  const slot = slots.getStore();
  if (slot && !slot.client) slot.client = client;
}

/** The connection `tx` runs on, or undefined when it cannot be known (then use `tx` itself). */
export function transactionClient(tx: unknown): pg.PoolClient | undefined {
  const slot = slots.getStore();
  return slot && slot.tx === tx ? slot.client : undefined;
}
