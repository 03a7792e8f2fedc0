// `npm run bench:analytics`: analytics at 10 million page events (issue 12). Seeds its own
// database (BENCH_ANALYTICS_DATABASE, default quire_bench_analytics) once: 10,000 documents,
// one link each, 100,000 views over the last 400 days, 100 events each (10,000,000), one hot
// document holding 1,000,000 of them, and the per-(view, page) totals the ingest keeps. Then
// times the reports through the app's own services (SQL included, no HTTP), medians of 15.
// Timings are printed, never asserted. Ingest through the viewer's endpoint is in
// `npm run bench -- --parts viewer`.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { freePort, load, startApp, stopApp } from './http-app';
import { dbUrl, ensureSeeded, TEAM_ID, TEAM_SLUG } from './seed';

const ADMIN_URL = process.env.BENCH_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.BENCH_ANALYTICS_DATABASE || 'quire_bench_analytics';
const DOCS = 10_000;
const VIEWS = 100_000;
const HOT_VIEWS = 10_000;
const EVENTS_PER_VIEW = 100;
const PAGES = 20;
const DAY = 86_400_000;
const log = (s: string) => console.log(s);

async function seedEvents(c: pg.Client) {
  const done = await c.query(`SELECT COUNT(*)::int AS n FROM view_page_totals`);
  if (done.rows[0].n > 0) return log('reusing the seeded events');
  const t0 = performance.now();
  log('links: one per document...');
  await c.query(`
    INSERT INTO links (id, team_id, link_type, document_id, slug, allow_list, deny_list, created_at, updated_at)
    SELECT 'l' || substr(d.id, 2), d.team_id, 'document', d.id, 'bench' || substr(md5(d.id), 1, 20), '{}', '{}', now(), now()
    FROM documents d`);
  log('views: 100,000 (the first 10,000 on the hot document)...');
  // Documents in a fixed order: row 1 is the hot one, the rest share the other views.
  await c.query(`CREATE TEMP TABLE doc_order AS SELECT row_number() OVER (ORDER BY d.id) AS n, d.id, v.id AS version_id FROM documents d JOIN document_versions v ON v.document_id = d.id AND v.is_primary`);
  await c.query(`
    INSERT INTO views (id, team_id, link_id, document_id, version_id, viewer_email, view_type, viewed_at, session_id)
    SELECT 'v' || lpad(i::text, 23, '0'), $1, 'l' || substr(o.id, 2), o.id, o.version_id, NULL, 'DOCUMENT_VIEW',
           now() - (((i * 7919) % 400) * interval '1 day') - ((i % 86400) * interval '1 second'), 's' || (i % 50000)
    FROM generate_series(1, $2::int) i
    JOIN doc_order o ON o.n = CASE WHEN i <= $3::int THEN 1 ELSE 2 + (i % ($4::int - 1)) END`,
    [TEAM_ID, VIEWS, HOT_VIEWS, DOCS]);
  log('page events: 10,000,000...');
  await c.query(`
    INSERT INTO page_view_events (id, view_id, link_id, document_id, version_id, page_number, duration_ms, occurred_at, client_event_id)
    SELECT v.id || '-' || e, v.id, v.link_id, v.document_id, v.version_id, 1 + (e % ${PAGES}), 1000 + ((e * 131) % 14000),
           v.viewed_at + e * interval '10 seconds', 'e' || e
    FROM views v CROSS JOIN generate_series(0, ${EVENTS_PER_VIEW - 1}) e`);
  log('per-(view, page) totals...');
  await c.query(`
    INSERT INTO view_page_totals (view_id, page_number, link_id, document_id, version_id, viewed_at, duration_ms)
    SELECT e.view_id, e.page_number, v.link_id, v.document_id, v.version_id, v.viewed_at, SUM(e.duration_ms)::int
    FROM page_view_events e JOIN views v ON v.id = e.view_id GROUP BY 1, 2, 3, 4, 5, 6`);
  log('VACUUM ANALYZE...');
  await c.query('VACUUM ANALYZE');
  log(`seeded the events in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

async function time(label: string, f: () => Promise<unknown>, runs = 15) {
  await f();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    await f();
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  log(`  ${label.padEnd(44)} median ${t[Math.floor(t.length / 2)]!.toFixed(1).padStart(7)} ms   max ${t[t.length - 1]!.toFixed(1).padStart(7)} ms`);
}

async function main() {
  const t0 = performance.now();
  await ensureSeeded(ADMIN_URL, DATABASE, { documents: DOCS, folders: 20 }, { log });
  const url = dbUrl(ADMIN_URL, DATABASE);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await seedEvents(c);
  log(`setup took ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const counts = (await c.query(`SELECT (SELECT COUNT(*) FROM page_view_events)::int AS events, (SELECT COUNT(*) FROM views)::int AS views, (SELECT COUNT(*) FROM view_page_totals)::int AS totals`)).rows[0];
  const [hot, typical] = (await c.query(`SELECT id FROM documents ORDER BY id LIMIT 2`)).rows.map((r) => r.id as string);
  const hotLink = 'l' + hot!.slice(1);
  await c.end();
  log(`${counts.events.toLocaleString('en')} events, ${counts.views.toLocaleString('en')} views, ${counts.totals.toLocaleString('en')} per-page totals`);

  process.env.DATABASE_URL = url;
  const { documentAnalytics, linkAnalytics } = await import('../server/services/analytics/reports');
  const { listLinkViews } = await import('../server/services/links/views');
  const { SCOPES } = await import('../lib/shared/scopes');
  const actor = { kind: 'token', teamId: TEAM_ID, tokenId: 'bench', scopes: new Set(SCOPES), plan: 'business' } as never;
  const now = Date.now();
  const range = (days: number) => ({ since: now - days * DAY, until: now });
  log(`reports (load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' ')}):`);
  await time('hot document (1M events), 30 days  (< 150)', () => documentAnalytics(actor, hot!, range(30)));
  await time('hot document (1M events), 365 days (< 300)', () => documentAnalytics(actor, hot!, range(365)));
  await time('typical document, 30 days           (< 10)', () => documentAnalytics(actor, typical!, range(30)));
  await time('typical document, 365 days', () => documentAnalytics(actor, typical!, range(365)));
  await time('hot link, 30 days', () => linkAnalytics(actor, hotLink, range(30)));
  await time('hot link, 365 days', () => linkAnalytics(actor, hotLink, range(365)));
  await time('hot link views, first page of 25', () => listLinkViews(actor, hotLink, { limit: 25 }));
  // 16 at a time, as 16 connections would ask.
  const lat: number[] = [];
  const tEnd = performance.now() + 8000;
  await Promise.all(Array.from({ length: 16 }, async () => {
    while (performance.now() < tEnd) {
      const s = performance.now();
      await listLinkViews(actor, hotLink, { limit: 25 });
      lat.push(performance.now() - s);
    }
  }));
  lat.sort((a, b) => a - b);
  log(`  hot link views, 16 concurrent for 8 s: ${(lat.length / 8).toFixed(0)} lists/s, p50 ${lat[Math.floor(lat.length / 2)]!.toFixed(1)} ms, p99 ${lat[Math.floor(lat.length * 0.99)]!.toFixed(1)} ms (< 25)`);
  // The same list over HTTP through the production server (npm start), as a client sees it.
  const { adminCreateToken } = await import('../server/services/teams-admin');
  const { token } = await adminCreateToken({ team: TEAM_SLUG, plan: 'business', scopes: ['analytics.read'], name: 'bench analytics' });
  const port = await freePort();
  const app = await startApp(port, url, '/v1/analytics/views/x');
  try {
    const r = await load(`http://127.0.0.1:${port}/v1/links/${hotLink}/views?limit=25`, token);
    log(`  GET /v1/links/{hot}/views over HTTP, 16 connections: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms (< 25)`);
  } finally {
    stopApp(app);
  }
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
