// The pg connection under a Prisma interactive transaction, for the one statement every write
// runs beside its change: the audit event (server/services/events/emit.ts). Through Prisma a raw
// statement pays its client and query interpreter on top of pg (about as much CPU as pg itself);
// sent on the transaction's own connection it is the same statement in the same transaction.
// Better still, it need not be a round trip of its own: queued with `sendWithNextStatement`, it
// goes out pipelined ahead of the transaction's next statement, most often its COMMIT, in one
// write; its order among the transaction's statements is unchanged.
//
// `db.$transaction(fn)` runs in a slot (AsyncLocalStorage). The adapter's startTransaction, which
// Prisma calls from that context, records the connection it took from the pool, and `fn`'s
// argument records which transaction client it is: a statement finds the connection only through
// the exact `tx` it was given, so nothing can run on another transaction's connection.
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

type Queued = { query: pg.QueryConfig; onResult: (r: pg.QueryResult) => void };
export type Slot = { client?: pg.PoolClient; tx?: unknown; afterCommit?: (() => void)[]; queued?: Queued[] };

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

/**
 * Called by the adapter when it has begun a transaction on `client` (the first one in a slot
 * wins); returns the slot when `client` is its connection, for `sendQueuedWith`.
 */
export function recordTransactionClient(client: pg.PoolClient): Slot | undefined {
  const slot = slots.getStore();
  if (slot && !slot.client) slot.client = client;
  return slot?.client === client ? slot : undefined;
}

/**
 * Queues `query` on `tx`'s connection, to be sent with the transaction's next statement; then
 * `onResult` gets its result. A failure fails that next statement (a COMMIT then rolls back).
 * False when the connection is not known: send it yourself.
 */
export function sendWithNextStatement(tx: unknown, query: pg.QueryConfig, onResult: (r: pg.QueryResult) => void): boolean {
  const slot = slots.getStore();
  if (!slot || slot.tx !== tx || !slot.client) return false;
  (slot.queued ??= []).push({ query, onResult });
  return true;
}

const setPipeline = (client: pg.PoolClient, on: boolean) => ((client as { pipeline: boolean }).pipeline = on);

/**
 * Runs `send` (the transaction's next statement, `sql`, on the slot's connection) with the queued
 * statements ahead of it, pipelined in one write. A ROLLBACK drops them. When a queued statement
 * fails, its error is the one thrown (through `fail`, as the adapter reports errors).
 */
export async function sendQueuedWith<R>(slot: Slot, sql: string, send: () => Promise<R>, fail: (e: unknown) => never): Promise<R> {
  const queued = slot.queued;
  if (!queued?.length) return send();
  slot.queued = undefined;
  if (/^\s*ROLLBACK\b/i.test(sql)) return send();
  const client = slot.client!;
  const stream = (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
  // In pipeline mode pg writes each query without waiting for the one before; corked, the
  // queries leave in one write. Back to one at a time once every answer is in.
  setPipeline(client, true);
  stream.cork();
  let sent: Promise<pg.QueryResult>[];
  let last: Promise<R>;
  try {
    sent = queued.map((q) => client.query(q.query));
    last = send();
  } finally {
    stream.uncork();
  }
  const results = await Promise.allSettled([...sent, last]);
  setPipeline(client, false);
  for (let i = 0; i < queued.length; i++) {
    const r = results[i]!;
    if (r.status === 'rejected') fail(r.reason);
  }
  // In the slot, for what onResult leaves to run after the commit (afterCommit).
  slots.run(slot, () => {
    for (let i = 0; i < queued.length; i++) queued[i]!.onResult((results[i] as PromiseFulfilledResult<pg.QueryResult>).value);
  });
  const own = results[queued.length] as PromiseSettledResult<R>;
  if (own.status === 'rejected') throw own.reason;
  return own.value;
}

