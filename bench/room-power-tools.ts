// `npm run bench:room-tools`: the room power tools of issue 42 on PostgreSQL, in process through
// the services (the procedures' bodies), printed, never asserted (docs/benchmarks.md):
// - the permission matrix of 50 groups × 2,000 items (100 folders, 1,900 documents): read;
// - 5,000 matrix changes over 50 groups applied in one transaction (one event per group);
// - reordering in a folder of 1,000 documents (first to last and back), and a folder among 100.
// A scratch database (BENCH_TOOLS_DATABASE, default quire_bench_tools) is made fresh each run.
import pg from 'pg';
import type { UserActor } from '../server/auth/actor';
import { applyMigrations } from '../server/db/migrate';
import { dbUrl } from './seed';

const ADMIN_URL = process.env.BENCH_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.BENCH_TOOLS_DATABASE || 'quire_bench_tools';
const TEAM = 'benchtoolsteam0000000000';
const ROOM = 'benchtoolsroom0000000000';
const ORDER_ROOM = 'benchtoolsorder000000000';
const log = (s = '') => process.stdout.write(s + '\n');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function time(n: number, f: (i: number) => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await f(i);
    ms.push(performance.now() - t0);
  }
  return { median: median(ms), min: Math.min(...ms), max: Math.max(...ms) };
}

async function seed(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`INSERT INTO teams (id, slug, name, plan, created_at, updated_at) VALUES ($1, 'bench-tools', 'Bench tools', 'datarooms-plus', now(), now())`, [TEAM]);
  await c.query(`
    INSERT INTO documents (id, team_id, name, type, content_type, num_pages, file_size, created_at, updated_at)
    SELECT 'bt' || lpad(n::text, 6, '0'), $1, 'Document ' || n || '.pdf', 'pdf', 'application/pdf', 1 + n % 40, 10000 + n, now(), now()
    FROM generate_series(0, 2999) n`, [TEAM]);
  for (const room of [ROOM, ORDER_ROOM]) {
    await c.query(`INSERT INTO datarooms (id, pid, team_id, name, created_at, updated_at) VALUES ($1, 'dr_' || $1, $2, 'Bench room', now(), now())`, [room, TEAM]);
  }
  // The matrix room: 100 folders (10 top, 9 under each), 19 documents in each: 2,000 items.
  await c.query(`
    INSERT INTO dataroom_folders (id, dataroom_id, parent_id, name, path, order_index, created_at, updated_at)
    SELECT 'tf' || lpad(t::text, 3, '0'), $1, NULL, 'Top ' || t, '/top-' || t, t, now(), now() FROM generate_series(0, 9) t`, [ROOM]);
  await c.query(`
    INSERT INTO dataroom_folders (id, dataroom_id, parent_id, name, path, order_index, created_at, updated_at)
    SELECT 'sf' || lpad(t::text, 3, '0') || s, $1, 'tf' || lpad(t::text, 3, '0'), 'Sub ' || s, '/top-' || t || '/sub-' || s, s, now(), now()
    FROM generate_series(0, 9) t, generate_series(0, 8) s`, [ROOM]);
  await c.query(`
    INSERT INTO dataroom_documents (id, dataroom_id, document_id, folder_id, order_index, created_at, updated_at)
    SELECT 'tp' || n, $1, 'bt' || lpad(n::text, 6, '0'), f.id, n / 100, now(), now()
    FROM generate_series(0, 1899) n
    JOIN LATERAL (SELECT id FROM dataroom_folders WHERE dataroom_id = $1 ORDER BY id OFFSET (n % 100) LIMIT 1) f ON true`, [ROOM]);
  await c.query(`
    INSERT INTO viewer_groups (id, dataroom_id, name, domains, created_at, updated_at)
    SELECT 'tg' || lpad(g::text, 2, '0'), $1, 'Group ' || g, '{}', now(), now() FROM generate_series(0, 49) g`, [ROOM]);
  await c.query(`
    INSERT INTO viewer_group_permissions (id, group_id, item_id, item_type, can_view, can_download, created_at, updated_at)
    SELECT 'p' || md5(g.id || ':' || i.id), g.id, i.id, i.t::"PermissionItemType", (hashtext(g.id || i.id) % 3) <> 0, (hashtext(g.id || i.id) % 5) = 0, now(), now()
    FROM viewer_groups g,
      (SELECT id, 'dataroom_folder' AS t FROM dataroom_folders WHERE dataroom_id = $1 UNION ALL SELECT id, 'dataroom_document' FROM dataroom_documents WHERE dataroom_id = $1) i
    WHERE g.dataroom_id = $1`, [ROOM]);
  // The reorder room: one folder of 1,000 documents, and 100 folders at the top.
  await c.query(`INSERT INTO dataroom_folders (id, dataroom_id, parent_id, name, path, order_index, created_at, updated_at) VALUES ('of0', $1, NULL, 'Big', '/big', 0, now(), now())`, [ORDER_ROOM]);
  await c.query(`
    INSERT INTO dataroom_folders (id, dataroom_id, parent_id, name, path, order_index, created_at, updated_at)
    SELECT 'of' || n, $1, NULL, 'Folder ' || n, '/folder-' || n, n, now(), now() FROM generate_series(1, 99) n`, [ORDER_ROOM]);
  await c.query(`
    INSERT INTO dataroom_documents (id, dataroom_id, document_id, folder_id, order_index, created_at, updated_at)
    SELECT 'op' || n, $1, 'bt' || lpad((2000 + n)::text, 6, '0'), 'of0', n, now(), now() FROM generate_series(0, 999) n`, [ORDER_ROOM]);
  await c.query('ANALYZE');
  await c.end();
}

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  const url = dbUrl(ADMIN_URL, DATABASE);
  await applyMigrations(url);
  await seed(url);
  process.env.DATABASE_URL = url;
  const { closeDb } = await import('../server/db/client');
  const { permissionMatrix, applyMatrix } = await import('../server/services/datarooms/permission-matrix');
  const { moveRoomDocument } = await import('../server/services/datarooms/documents');
  const { updateRoomFolder } = await import('../server/services/datarooms/folders');
  const actor: UserActor = { kind: 'user', userId: 'bench-user', teamId: TEAM, role: 'admin' as never, plan: 'datarooms-plus' as never };

  log('room power tools (PostgreSQL, in process through the services; median of runs)');
  const m = await permissionMatrix(actor, ROOM);
  log(`matrix: ${m.groups.length} groups × ${m.items.length} items`);
  const read = await time(7, () => permissionMatrix(actor, ROOM));
  log(`  read the matrix                  ${read.median.toFixed(0)} ms (min ${read.min.toFixed(0)}, max ${read.max.toFixed(0)})`);
  const write = await time(3, (run) => {
    const changes = Array.from({ length: 5000 }, (_, i) => {
      const g = m.groups[i % 50]!;
      const it = m.items[(Math.floor(i / 50) * 7 + run) % m.items.length]!;
      const v = (i + run) % 3;
      return { group_id: g.id, item_type: it.type, item_id: it.id, can_view: v > 0, can_download: v === 2 };
    });
    return applyMatrix(actor, ROOM, changes);
  });
  log(`  apply 5,000 changes (50 groups)  ${write.median.toFixed(0)} ms (min ${write.min.toFixed(0)}, max ${write.max.toFixed(0)})`);
  const reorder = await time(6, (i) => moveRoomDocument(actor, ORDER_ROOM, i % 2 ? 'op999' : 'op0', { order_index: i % 2 ? 0 : 999 }));
  log(`  reorder in a folder of 1,000     ${reorder.median.toFixed(0)} ms (min ${reorder.min.toFixed(0)}, max ${reorder.max.toFixed(0)})`);
  const folders = await time(6, (i) => updateRoomFolder(actor, ORDER_ROOM, 'of0', { order_index: i % 2 ? 0 : 99 }));
  log(`  reorder a folder among 100       ${folders.median.toFixed(0)} ms (min ${folders.min.toFixed(0)}, max ${folders.max.toFixed(0)})`);
  await closeDb();
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
