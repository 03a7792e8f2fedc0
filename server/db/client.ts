// The Prisma client (Rust-free, through the pg driver adapter). DATABASE_URL is set by the
// environment, or by scripts/with-db.ts when it serves the embedded database.
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/client';

export type Db = PrismaClient;
export type Tx = Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

const g = globalThis as unknown as { __quirePrisma?: PrismaClient };

export function getDb(): PrismaClient {
  if (!g.__quirePrisma) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set: start the app with `npm run dev` / `npm start`');
    const adapter = new PrismaPg({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE) || 10 });
    g.__quirePrisma = new PrismaClient({ adapter });
  }
  return g.__quirePrisma;
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get: (_t, prop) => (getDb() as any)[prop],
});
