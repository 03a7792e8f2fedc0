// The Prisma client (Rust-free, through the pg driver adapter) and the pg pool under it, which
// the hot read path (server/db/sql.ts) shares. DATABASE_URL is set by the environment, or by
// scripts/with-db.ts when it serves the embedded database.
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/client';
import { config } from '../config';
import { prismaStatementName } from './prepared';

export type Db = PrismaClient;
export type Tx = Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

const g = globalThis as unknown as { __quirePrisma?: PrismaClient; __quirePool?: pg.Pool };

export function getPool(): pg.Pool {
  if (!g.__quirePool) {
    const url = config.databaseUrl;
    if (!url) throw new Error('DATABASE_URL is not set: start the app with `npm run dev` / `npm start`');
    g.__quirePool = new pg.Pool({ connectionString: url, max: config.databasePoolSize });
  }
  return g.__quirePool;
}

export function getDb(): PrismaClient {
  if (!g.__quirePrisma) {
    // $disconnect ends the shared pool too.
    const adapter = new PrismaPg(getPool(), {
      disposeExternalPool: true,
      // Returning no name leaves a statement unnamed (pg's default); the type wants a string.
      statementNameGenerator: (q) => prismaStatementName(q.sql) as string,
    });
    g.__quirePrisma = new PrismaClient({ adapter });
  }
  return g.__quirePrisma;
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

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get: (_t, prop) => (getDb() as any)[prop],
});
