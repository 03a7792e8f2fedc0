// The pg connection under a Prisma interactive transaction. Every statement of the transaction
// goes out through it here, so a transaction needs no round trip of its own: its BEGIN waits and
// leaves with the first statement, and the one statement every write runs beside its change, the
// audit event (server/services/events/emit.ts), is queued with `sendWithNextStatement` and leaves
// with the next one, most often the COMMIT, pipelined in one write; the order of the statements
// is unchanged. (Through Prisma a raw statement would also pay its client and query interpreter.)
//
// `db.$transaction(fn)` runs in a slot (AsyncLocalStorage). The adapter's startTransaction, which
// Prisma calls from that context, hands over the connection it took from the pool, and `fn`'s
// argument records which transaction client it is: a statement is queued only through the exact
// `tx` it was given, so nothing can run on another transaction's connection.
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

type Queued = { query: pg.QueryConfig; onResult: (r: pg.QueryResult) => void };
type Slot = { client?: pg.PoolClient; tx?: unknown; afterCommit?: (() => void)[]; queued?: Queued[]; begun?: boolean };

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
type Send = (this: pg.PoolClient, config: pg.QueryConfig) => Promise<pg.QueryResult>;
const originalQuery = (client: pg.PoolClient) => Object.getPrototypeOf(client).query as Send;
const NOTHING_SENT = { command: '', rowCount: 0, rows: [], fields: [], oid: 0 } as pg.QueryResult;

/**
 * Called by the adapter with the connection a transaction has just taken from the pool, before its
 * BEGIN (in the transaction's slot). Until `release`, every statement on it goes through
 * `sendInTransaction`: BEGIN waits for the first statement and leaves with it, so a transaction
 * costs no round trip of its own. Returns `release`, to call before the connection goes back.
 */
export function holdTransactionConnection(client: pg.PoolClient): (() => void) | undefined {
  const slot = slots.getStore();
  if (!slot || slot.client) return undefined;
  slot.client = client;
  const own = client as { query: unknown };
  own.query = (config: pg.QueryConfig) => sendInTransaction(slot, client, config);
  return () => void delete own.query;
}

/**
 * One statement of the transaction in `slot`, with the statements queued ahead of it, pipelined in
 * one write (pg's pipeline mode, the stream corked). BEGIN is queued, answered at once; a ROLLBACK
 * drops what is queued (and is not sent when the BEGIN was not); a failure of a queued statement is
 * the error this statement rejects with.
 */
async function sendInTransaction(slot: Slot, client: pg.PoolClient, config: pg.QueryConfig): Promise<pg.QueryResult> {
  const send = originalQuery(client);
  if (config.text === 'BEGIN' && !slot.begun) {
    slot.begun = true;
    (slot.queued ??= []).push({ query: { text: 'BEGIN' }, onResult: () => {} });
    return { ...NOTHING_SENT, command: 'BEGIN' };
  }
  const queued = slot.queued;
  if (!queued?.length) return send.call(client, config);
  slot.queued = undefined;
  if (/^\s*ROLLBACK\b/i.test(config.text)) return queued[0]!.query.text === 'BEGIN' ? { ...NOTHING_SENT, command: 'ROLLBACK' } : send.call(client, config);
  const stream = (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
  // In pipeline mode pg writes each query without waiting for the one before; corked, they leave
  // in one write. Back to one at a time once every answer is in.
  setPipeline(client, true);
  stream.cork();
  const sent: Promise<pg.QueryResult>[] = [];
  try {
    for (const q of [...queued.map((x) => x.query), config]) sent.push(send.call(client, q));
  } finally {
    stream.uncork();
  }
  const results = await Promise.allSettled(sent);
  setPipeline(client, false);
  for (const r of results) if (r.status === 'rejected') throw r.reason;
  // In the slot, for what onResult leaves to run after the commit (afterCommit).
  slots.run(slot, () => queued.forEach((q, i) => q.onResult((results[i] as PromiseFulfilledResult<pg.QueryResult>).value)));
  return (results[queued.length] as PromiseFulfilledResult<pg.QueryResult>).value;
}
