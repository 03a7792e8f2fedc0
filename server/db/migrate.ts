// Migrations without Prisma's native engine: the WebAssembly schema engine, driven through the
// same pg driver adapter the app uses. Keeps Prisma's layout (prisma/migrations/<ts>_<name>/
// migration.sql) and its `_prisma_migrations` table, so `prisma migrate deploy` stays usable.
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { config } from '../config';

const root = path.resolve(__dirname, '..', '..');
export const migrationsDir = path.join(root, 'prisma', 'migrations');
const schemaPath = path.join(root, 'prisma', 'schema.prisma');
const noFilters = { externalTables: [], externalEnums: [] };

type Engine = {
  diff(i: unknown): Promise<{ exitCode: number; stdout?: string | null }>;
  free(): void;
};

// The engine reports Rust panics through this global before throwing.
const panics = ((globalThis as any).PRISMA_WASM_PANIC_REGISTRY ??= {
  last: '',
  set_message(m: string) {
    this.last = m;
    console.error('[schema-engine panic]', m);
  },
});

async function loadEngine(url: string): Promise<Engine> {
  const require = createRequire(__filename);
  const pkgDir = path.dirname(require.resolve('@prisma/schema-engine-wasm'));
  const bg: any = await import(path.join(pkgDir, 'schema_engine_bg.js'));
  const bytes = fs.readFileSync(path.join(pkgDir, 'schema_engine_bg.wasm'));
  const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': bg });
  bg.__wbg_set_wasm(instance.exports);
  (instance.exports as any).__wbindgen_start?.();
  const factory = bindMigrationAwareSqlAdapterFactory(new PrismaPg({ connectionString: url }) as any);
  const log = (msg: string) => {
    if (config.migrateDebug) console.error('[schema-engine]', msg);
  };
  const schema = fs.readFileSync(schemaPath, 'utf8');
  return bg.SchemaEngine.new({ datamodels: [[schemaPath, schema]] }, log, factory);
}

function migrationsList() {
  const dirs = fs.existsSync(migrationsDir)
    ? fs.readdirSync(migrationsDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()
    : [];
  const lockPath = path.join(migrationsDir, 'migration_lock.toml');
  return {
    baseDir: migrationsDir,
    lockfile: { path: 'migration_lock.toml', content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: dirs.map((name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok', value: fs.readFileSync(path.join(migrationsDir, name, 'migration.sql'), 'utf8') },
      },
    })),
  };
}

/**
 * Applies pending migrations, each in its own transaction, recording them in Prisma's
 * `_prisma_migrations` table (same columns and checksums, so `prisma migrate deploy` agrees).
 * Written here rather than through the wasm engine, whose applyMigrations panics on PGlite.
 * An advisory lock makes concurrent starters (app, admin command, tests) apply each once.
 */
export async function applyMigrations(url: string): Promise<string[]> {
  const { migrationDirectories } = migrationsList();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock(72707369)');
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ, "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ, "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
    const done = await client.query(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const doneByName = new Map(done.rows.map((r) => [r.migration_name as string, r.checksum as string]));
    for (const m of migrationDirectories) {
      const sql = m.migrationFile.content.value;
      const checksum = crypto.createHash('sha256').update(sql).digest('hex');
      const prev = doneByName.get(m.path);
      if (prev) {
        if (prev !== checksum) console.warn(`migration ${m.path} was edited after it was applied`);
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
           VALUES ($1, $2, now(), $3, 1)`,
          [crypto.randomUUID(), checksum, m.path],
        );
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${m.path} failed: ${(e as Error).message}`);
      }
      applied.push(m.path);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(72707369)').catch(() => {});
    await client.end();
  }
  return applied;
}

/**
 * SQL that takes the schema as of the latest migration to the current schema. Each migration
 * folder keeps a copy of the schema it produced (schema.prisma beside migration.sql), so the
 * diff needs no database: introspecting PGlite through the wasm engine fails on its "char"
 * catalog columns, and a laptop may have nothing else.
 */
export function latestSnapshot(): string | null {
  const dirs = migrationsList().migrationDirectories.map((d) => d.path);
  for (const d of dirs.reverse()) {
    const p = path.join(migrationsDir, d, 'schema.prisma');
    if (fs.existsSync(p)) return fs.readFileSync(p, 'utf8');
  }
  return null;
}

export async function diffToSchema(url: string): Promise<{ sql: string; schema: string }> {
  // The engine connects when it starts, though diffing two datamodels reads no database.
  const engine = await loadEngine(url);
  try {
    const schema = fs.readFileSync(schemaPath, 'utf8');
    const prev = latestSnapshot();
    const out = await engine.diff({
      from: prev ? { tag: 'schemaDatamodel', files: [{ path: schemaPath, content: prev }] } : { tag: 'empty' },
      to: { tag: 'schemaDatamodel', files: [{ path: schemaPath, content: schema }] },
      script: true,
      exitCode: null,
      filters: noFilters,
    });
    return { sql: (out.stdout ?? '').trim(), schema };
  } finally {
    engine.free();
  }
}
