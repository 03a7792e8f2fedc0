// With DATABASE_URL given, the suite runs on that PostgreSQL server in a fresh database of its
// own (never on the named database itself); without it, on the embedded PGlite.
import pg from 'pg';

export async function createScratchDatabase(baseUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
      await c.end();
    },
  };
}

/**
 * A test server with a data directory of its own needs a database of its own on the PostgreSQL
 * pass: on the suite's, its job poller would take the suite's jobs (conversions of files it does
 * not hold, mail the suite reads from its own log) and the suite's server its. Embedded, the data
 * directory already holds the database. Sets env.DATABASE_URL; answers how to drop it.
 */
export async function ownDatabase(env: Record<string, string | undefined>, name: string): Promise<() => Promise<void>> {
  if (!env.DATABASE_URL || !process.env.DATABASE_URL) return async () => {};
  const scratch = await createScratchDatabase(process.env.DATABASE_URL, `quire_${name}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`);
  env.DATABASE_URL = scratch.url;
  return scratch.drop;
}
