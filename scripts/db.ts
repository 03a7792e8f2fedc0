// npm run db:migrate            apply prisma/migrations to DATABASE_URL (or the embedded database)
// npm run db:diff -- <name>     write prisma/migrations/<timestamp>_<name>/migration.sql from the schema
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureEmbeddedDatabase } from '../server/db/embedded';
import { connectDatabase } from '../server/db/connect';
import { applyMigrations, diffToSchema, migrationsDir } from '../server/db/migrate';

async function main() {
  const [cmd, name] = process.argv.slice(2);
  if (cmd === 'migrate') {
    const db = await connectDatabase();
    const applied = await applyMigrations(db.url);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
    await db.stop();
    return;
  }
  if (cmd === 'diff') {
    if (!name || !/^[a-z0-9_]+$/.test(name)) throw new Error('usage: npm run db:diff -- <name> (lowercase, digits, _)');
    process.env.QUIRE_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-diff-'));
    const scratch = await ensureEmbeddedDatabase();
    const { sql, schema } = await diffToSchema(scratch.url).finally(async () => {
      await scratch.stop();
      fs.rmSync(process.env.QUIRE_DATA_DIR!, { recursive: true, force: true });
    });
    if (!sql || /^-- This is an empty migration/.test(sql)) {
      console.log('schema and migrations agree: nothing to write');
      return;
    }
    const ts = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const dir = path.join(migrationsDir, `${ts}_${name}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'migration.sql'), sql + '\n');
    fs.writeFileSync(path.join(dir, 'schema.prisma'), schema);
    const lock = path.join(migrationsDir, 'migration_lock.toml');
    if (!fs.existsSync(lock)) fs.writeFileSync(lock, 'provider = "postgresql"\n');
    console.log(`wrote ${path.relative(process.cwd(), dir)}/migration.sql`);
    return;
  }
  throw new Error('usage: db.ts migrate | diff <name>');
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
