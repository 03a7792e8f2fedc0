// The real router called in process on the test server's database (the scratch PostgreSQL
// database, or the embedded PGlite the server started): for dashboard procedures, which have no
// HTTP route of their own.
import { inject } from 'vitest';
import type { Context } from '../../server/trpc';
import { rememberSpawnEnv } from './spawn-env';

/** Points this process's database client at the test server's database. */
export async function useTestServerDatabase(): Promise<void> {
  const env = inject('serverEnv');
  rememberSpawnEnv();
  if (env.DATABASE_URL) process.env.DATABASE_URL = env.DATABASE_URL;
  else {
    process.env.QUIRE_DATA_DIR = env.QUIRE_DATA_DIR;
    const { ensureEmbeddedDatabase } = await import('../../server/db/embedded');
    process.env.DATABASE_URL = (await ensureEmbeddedDatabase()).url;
  }
}

export async function inProcessCaller(): Promise<(ctx: Context) => any> {
  await useTestServerDatabase();
  const { appRouter } = await import('../../server/routers');
  const { createCallerFactory } = await import('../../server/trpc');
  const factory = createCallerFactory(appRouter);
  return (ctx) => factory(ctx);
}
