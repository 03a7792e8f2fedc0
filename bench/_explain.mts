import pg from 'pg';
import { searchStatement } from '../server/services/search/query';
const [q, room] = [process.argv[2] ?? 'indemnity', process.argv[3]];
const TEAM = (await (async () => { const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/quire_bench' }); await c.connect(); return c; })());
const team = (await TEAM.query(`SELECT team_id FROM page_texts LIMIT 1`)).rows[0].team_id;
const s = searchStatement({ teamId: team, ...(room ? { dataroomId: room } : {}) }, q, 25, 0);
for (let i = 0; i < 2; i++) {
  const r = await TEAM.query('EXPLAIN (ANALYZE, BUFFERS) ' + s.text, s.values);
  if (i === 1) console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
}
await TEAM.end();
