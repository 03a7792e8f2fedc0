// The Prisma client (Rust-free, through the pg driver adapter) and the pg pool under it, which
// the hot read path (server/db/sql.ts) shares. DATABASE_URL is set by the environment, or by
// scripts/with-db.ts when it serves the embedded database.
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/client';
import { config } from '../config';
import { prismaStatementName } from './prepared';
import { holdTransactionConnection, inTransactionSlot } from './tx-client';

export type Db = PrismaClient;
export type Tx = Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

const g = globalThis as unknown as { __quirePrisma?: PrismaClient; __quirePool?: pg.Pool };

export function getPool(): pg.Pool {
  if (!g.__quirePool) {
    const url = config.databaseUrl;
    if (!url) throw new Error('DATABASE_URL is not set: start the app with `npm run dev` / `npm start`');
    g.__quirePool = new pg.Pool({ connectionString: url, max: config.databasePoolSize });
    g.__quirePool.on('connect', turnOffJit);
  }
  return g.__quirePool;
}

/**
 * PostgreSQL compiles a statement with LLVM once its estimated cost passes `jit_above_cost`
 * (100,000): 0.7 s of compiling for a room's index numbers that run in 2 ms, when a bloated
 * table's statistics inflated the estimate (docs/decisions.md). Every statement here is a short
 * one, so each connection turns it off before its first query (queued ahead of it; a SET, so a
 * pooler in transaction mode keeps it on that server connection, which serves only this app).
 */
function turnOffJit(c: pg.PoolClient) {
  c.query('SET jit = off').catch(() => {});
}

export function getDb(): PrismaClient {
  if (!g.__quirePrisma) {
    // $disconnect ends the shared pool too.
    const adapter = new PrismaPg(getPool(), {
      disposeExternalPool: true,
      // Returning no name leaves a statement unnamed (pg's default); the type wants a string.
      statementNameGenerator: (q) => prismaStatementName(q.sql) as string,
    });
    holdTransactionConnections(adapter);
    g.__quirePrisma = new PrismaClient({ adapter });
  }
  return g.__quirePrisma;
}

/**
 * Hands server/db/tx-client.ts the pool connection each interactive transaction takes, before its
 * BEGIN, and takes it back before the adapter releases it.
 */
function holdTransactionConnections(factory: PrismaPg) {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    // adapter-pg's adapter keeps its pool as `client`; startTransaction takes a connection from it
    // before its first await, so swapping `client` around that synchronous start is race-free.
    const a = adapter as unknown as { client: pg.Pool };
    const start = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) => {
      const pool = a.client;
      let release: (() => void) | undefined;
      a.client = {
        connect: async () => {
          const conn = await pool.connect();
          release = holdTransactionConnection(conn);
          return conn;
        },
      } as unknown as pg.Pool;
      let started: ReturnType<typeof start>;
      try {
        started = start(isolationLevel);
      } finally {
        a.client = pool;
      }
      try {
        const tx = await started;
        if (release) {
          const done = release;
          const [commit, rollback] = [tx.commit.bind(tx), tx.rollback.bind(tx)];
          tx.commit = () => (done(), commit());
          tx.rollback = () => (done(), rollback());
        }
        return tx;
      } catch (e) {
        release?.();
        throw e;
      }
    };
    return adapter;
  };
}

type TransactionFn = (tx: Tx) => Promise<unknown>;

/**
 * Loads Prisma's query compiler (a WebAssembly module: ~150 ms on the event loop) and compiles a
 * first model query (~100 ms more, once a process), before a server takes requests; later model
 * queries compile in 5-20 ms each. A database that cannot be reached now is no reason not to start:
 * requests answer 503 until it can.
 */
export async function warmDatabaseClient(): Promise<void> {
  try {
    await getDb().$connect();
    await getDb().team.findFirst({ select: { id: true } });
  } catch (e) {
    console.error('[quire] the database client could not be warmed:', e instanceof Error ? e.message : e);
  }
}

/** Closes the client and its pool (scripts that must exit). */
export async function closeDb() {
  const client = g.__quirePrisma;
  const pool = g.__quirePool;
  g.__quirePrisma = undefined;
  g.__quirePool = undefined;
  if (client) await client.$disconnect();
  else if (pool) await pool.end();
}

// An interactive `db.$transaction(fn, options)` runs in its own slot (server/db/tx-client.ts);
// the array form and every other member pass straight through.
const transaction = (arg: unknown, options?: unknown) => {
  const client = getDb() as any;
  if (typeof arg !== 'function') return client.$transaction(arg, options);
  return inTransactionSlot(arg as TransactionFn, (fn) => client.$transaction(fn, options));
};

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get: (_t, prop) => (prop === '$transaction' ? transaction : (getDb() as any)[prop]),
});
