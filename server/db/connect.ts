// Where the database is: DATABASE_URL when set, else the embedded PGlite under the data dir
// (started here if no other process has started it, with migrations applied).
import { ensureEmbeddedDatabase, type EmbeddedDb } from './embedded';
import { applyMigrations } from './migrate';
import { config } from '../config';

export async function connectDatabase(opts: { migrate?: boolean } = {}): Promise<EmbeddedDb> {
  const url = config.databaseUrl;
  if (url) {
    if (opts.migrate) await applyMigrations(url);
    return { url, owned: false, stop: async () => {} };
  }
  const db = await ensureEmbeddedDatabase();
  if (db.owned || opts.migrate) await applyMigrations(db.url);
  return db;
}
