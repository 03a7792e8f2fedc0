// A direct connection to the test server's database (the scratch PostgreSQL database, or the
// embedded PGlite the server started), for tests that must age a row the way time would.
import pg from 'pg';
import { inject } from 'vitest';

export async function withTestDb<T>(f: (c: pg.Client) => Promise<T>): Promise<T> {
  const env = inject('serverEnv');
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
