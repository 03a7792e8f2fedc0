// The bench database: one team with DOCS documents (one primary version each) and FOLDERS
// folders, written with INSERT ... SELECT generate_series. Re-runs reuse it when the marker in
// the database comment says it holds the same seed over the same migrations.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { applyMigrations, migrationsDir } from '../server/db/migrate';

export const TEAM_ID = 'bench0team0000000000000';
export const TEAM_SLUG = 'bench';

/** Document kinds: each name starts with one (about 1 in 24 names each). */
const KINDS = [
  'Invoice', 'Contract', 'Report', 'Proposal', 'Budget', 'Forecast', 'Agreement', 'Memo',
  'Minutes', 'Presentation', 'Summary', 'Statement', 'Policy', 'Audit', 'Plan', 'Review',
  'Brief', 'Schedule', 'Roadmap', 'Deck', 'Letter', 'Receipt', 'Spec', 'Checklist',
];
/**
 * Project code names: each name carries one, so each matches about 1 % of the documents. None is
 * a substring of another word used in names, so a search for one matches exactly its documents.
 */
export const CODENAMES = [
  'Aurora', 'Basalt', 'Cobalt', 'Dahlia', 'Ember', 'Falcon', 'Glacier', 'Harbor', 'Indigo', 'Juniper',
  'Kestrel', 'Lagoon', 'Meadow', 'Nebula', 'Obsidian', 'Pebble', 'Quartz', 'Raven', 'Sierra', 'Tundra',
  'Umber', 'Velvet', 'Willow', 'Xenon', 'Yarrow', 'Zephyr', 'Acorn', 'Birch', 'Cedar', 'Delta',
  'Elm', 'Fjord', 'Garnet', 'Hazel', 'Iris', 'Jasper', 'Kelp', 'Lotus', 'Maple', 'Nectar',
  'Onyx', 'Pine', 'Quill', 'Reef', 'Sage', 'Thistle', 'Urchin', 'Violet', 'Walnut', 'Yucca',
  'Zinnia', 'Amber', 'Bison', 'Coral', 'Dune', 'Egret', 'Fern', 'Gecko', 'Heron', 'Ibis',
  'Jade', 'Koala', 'Lynx', 'Magpie', 'Newt', 'Otter', 'Puffin', 'Quokka', 'Robin', 'Salmon',
  'Tapir', 'Vole', 'Wren', 'Yak', 'Zebra', 'Alder', 'Bramble', 'Clover', 'Dingo', 'Eider',
  'Finch', 'Gull', 'Hornet', 'Ivy', 'Jackal', 'Kiwi', 'Larch', 'Marten', 'Nutmeg', 'Oriole',
  'Plover', 'Quince', 'Rook', 'Sorrel', 'Tern', 'Ursa', 'Vireo', 'Wombat', 'Aspen', 'Beacon',
];
const FOLDER_WORDS = ['Finance', 'Legal', 'Sales', 'Board', 'HR', 'Engineering', 'Marketing', 'Operations', 'Due diligence', 'Investors'];
const SEED_VERSION = 1;

export type SeedCounts = { documents: number; folders: number };

const sqlArray = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]::text[]`;

/** Identifies the migrations applied, so a changed schema reseeds. */
function migrationsFingerprint(): string {
  const h = crypto.createHash('sha256');
  for (const d of fs.readdirSync(migrationsDir).sort()) {
    const f = path.join(migrationsDir, d, 'migration.sql');
    if (fs.existsSync(f)) h.update(d).update(fs.readFileSync(f));
  }
  return h.digest('hex').slice(0, 16);
}

export function dbUrl(base: string, database: string): string {
  const u = new URL(base);
  u.pathname = '/' + database;
  return u.toString();
}

/**
 * Makes `database` hold the seed. Returns whether it was (re)seeded. The marker is written last,
 * so an interrupted seed is redone on the next run.
 */
export async function ensureSeeded(
  adminUrl: string,
  database: string,
  counts: SeedCounts,
  opts: { force?: boolean; log?: (s: string) => void } = {},
): Promise<{ reseeded: boolean; seconds: number }> {
  const log = opts.log ?? (() => {});
  const marker = `quire-bench seed v${SEED_VERSION} documents=${counts.documents} folders=${counts.folders} migrations=${migrationsFingerprint()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const t0 = Date.now();
  try {
    const r = await admin.query(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
      [database],
    );
    if (r.rowCount && r.rows[0].comment === marker && !opts.force) return { reseeded: false, seconds: 0 };
    const ident = pg.escapeIdentifier(database);
    log(`creating database ${database} (${counts.documents} documents, ${counts.folders} folders)...`);
    await admin.query(`DROP DATABASE IF EXISTS ${ident} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${ident}`);
    const url = dbUrl(adminUrl, database);
    await applyMigrations(url);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await seed(c, counts);
      log('ANALYZE...');
      await c.query('VACUUM ANALYZE');
    } finally {
      await c.end();
    }
    await admin.query(`COMMENT ON DATABASE ${ident} IS ${pg.escapeLiteral(marker)}`);
    return { reseeded: true, seconds: (Date.now() - t0) / 1000 };
  } finally {
    await admin.end();
  }
}

async function seed(c: pg.Client, { documents, folders }: SeedCounts) {
  // Seed-wide constants; md5 of the row number gives stable pseudo-random picks and ids
  // (24 lowercase characters like cuid2's, in no particular order against created_at).
  const base = `timestamp '2024-01-01 00:00:00'`;
  const topLevel = Math.max(1, Math.ceil(folders / 10));
  await c.query('BEGIN');
  await c.query(
    `INSERT INTO teams (id, slug, name, plan, created_at, updated_at)
     VALUES ($1, $2, 'Bench team', 'business', ${base}, ${base})`,
    [TEAM_ID, TEAM_SLUG],
  );
  // A tenth of the folders at the top level, the rest one level below them; paths are slugs of
  // the names, as the app derives them.
  const folderName = (i: string) => `(${sqlArray(FOLDER_WORDS)})[1 + ${i} % ${FOLDER_WORDS.length}] || ' ' || ${i}`;
  const slug = (name: string) => `lower(replace(${name}, ' ', '-'))`;
  await c.query(
    `INSERT INTO folders (id, team_id, parent_id, name, path, created_at, updated_at)
     SELECT 'f' || substr(md5('folder' || i), 1, 23), $1, NULL, n, '/' || ${slug('n')},
            ${base} + i * interval '1 minute', ${base} + i * interval '1 minute'
     FROM (SELECT i, ${folderName('i')} AS n FROM generate_series(1, $2::int) i) s`,
    [TEAM_ID, topLevel],
  );
  await c.query(
    `INSERT INTO folders (id, team_id, parent_id, name, path, created_at, updated_at)
     SELECT 'f' || substr(md5('folder' || i), 1, 23), $1, p.id, n, p.path || '/' || ${slug('n')},
            ${base} + i * interval '1 minute', ${base} + i * interval '1 minute'
     FROM (SELECT i, ${folderName('i')} AS n, (i - 1) % $2::int + 1 AS parent FROM generate_series($2::int + 1, $3::int) i) s
     JOIN folders p ON p.id = 'f' || substr(md5('folder' || s.parent), 1, 23)`,
    [TEAM_ID, topLevel, folders],
  );
  // Documents: one every ~37 s from 2024-01-01 (distinct created_at, millisecond precision),
  // a fifth at the root, the rest spread over the folders.
  await c.query(
    `INSERT INTO documents (id, team_id, folder_id, name, type, content_type, external_url, num_pages, file_size, created_at, updated_at)
     SELECT 'd' || substr(h, 1, 23), $1,
            CASE WHEN i % 5 = 0 THEN NULL ELSE 'f' || substr(md5('folder' || (1 + ('x' || substr(h, 25, 7))::bit(28)::int % $3::int)), 1, 23) END,
            (${sqlArray(KINDS)})[1 + ('x' || substr(h, 1, 4))::bit(16)::int % ${KINDS.length}] || ' ' ||
              (${sqlArray(CODENAMES)})[1 + ('x' || substr(h, 5, 4))::bit(16)::int % ${CODENAMES.length}] || ' ' ||
              (2015 + i % 11) || '-' || lpad(((i * 7919) % 10000)::text, 4, '0') || '.' || e.ext,
            e.type, e.ct, NULL, 1 + ('x' || substr(h, 9, 4))::bit(16)::int % 200,
            1000 + ('x' || substr(h, 13, 6))::bit(24)::int * 7,
            ${base} + i * interval '37 seconds' + (i % 997) * interval '1 millisecond',
            ${base} + i * interval '37 seconds' + (i % 997) * interval '1 millisecond'
     FROM (SELECT i, md5('doc' || i) AS h FROM generate_series(1, $2::int) i) s
     CROSS JOIN LATERAL (
       SELECT * FROM (VALUES
         (0, 'pdf', 'pdf', 'application/pdf'),
         (1, 'docx', 'docs', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
         (2, 'xlsx', 'sheet', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
         (3, 'pptx', 'slides', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'),
         (4, 'pdf', 'pdf', 'application/pdf')
       ) v(k, ext, type, ct) WHERE v.k = s.i % 5
     ) e`,
    [TEAM_ID, documents, folders],
  );
  await c.query(
    `INSERT INTO document_versions (id, document_id, version_number, is_primary, type, content_type, external_url, storage_key, num_pages, file_size, created_at)
     SELECT 'v' || substr(id, 2), id, 1, true, type, content_type, NULL, 'bench/' || id, num_pages, file_size, created_at
     FROM documents WHERE team_id = $1`,
    [TEAM_ID],
  );
  await c.query('COMMIT');
}
