// A direct connection to the test server's database (the scratch PostgreSQL database, or the
// embedded PGlite the server started), for tests that must age a row the way time would.
import pg from 'pg';
import { inject } from 'vitest';

/** `env`: another server's environment (its QUIRE_DATA_DIR or DATABASE_URL); the suite's server by default. */
export async function withTestDb<T>(f: (c: pg.Client) => Promise<T>, env: Record<string, string | undefined> = inject('serverEnv')): Promise<T> {
  let url = env.DATABASE_URL;
  if (!url) {
    process.env.QUIRE_DATA_DIR = env.QUIRE_DATA_DIR;
    const { ensureEmbeddedDatabase } = await import('../../server/db/embedded');
    url = (await ensureEmbeddedDatabase()).url;
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await f(c);
  } finally {
    await c.end();
  }
}
