// What visitors searched for (DESIGN.md "Search inside documents"; no peer has it): a room's or a
// link's queries in a range, how often each was searched, by how many visits, how often it found
// nothing. Queries are compared lower-cased; the most searched first (at most 100).
import type { Actor } from '../../auth/actor';
import { db } from '../../db/client';
import { pgTimestamp, sqlRows } from '../../db/sql';
import { findLink } from '../link-lookup';
import { findRoom } from '../room-lookup';
import { analyticsRange } from './range';

/** Timestamps come back as ISO strings (server/db/sql.ts). */
type Row = { query: string; searches: number; visits: number; without_hits: number; last: string };
export type SearchAnalytics = {
  object: 'search_analytics';
  dataroom_id: string | null;
  link_id: string | null;
  total_searches: number;
  searches_without_hits: number;
  queries: { query: string; searches: number; visits: number; without_hits: number; last_searched_at: string }[];
  since: number;
  until: number;
};

const TOP = 100;

async function report(scope: { column: 'dataroom_id' | 'link_id'; id: string; teamId: string }, q: { since?: number; until?: number }) {
  const range = analyticsRange(q);
  const params = [scope.id, scope.teamId, pgTimestamp(range.since), pgTimestamp(range.until)];
  const where = `${scope.column} = $1 AND team_id = $2 AND created_at >= $3::timestamp AND created_at < $4::timestamp`;
  const [rows, totals] = await Promise.all([
    sqlRows<Row>(
      `SELECT min(query) AS query, count(*)::int AS searches, count(DISTINCT session_key)::int AS visits,
         count(*) FILTER (WHERE hits = 0)::int AS without_hits, max(created_at) AS last
       FROM search_queries WHERE ${where} GROUP BY lower(query) ORDER BY count(*) DESC, lower(query) LIMIT ${TOP}`,
      params,
    ),
    sqlRows<{ total: number; empty: number }>(`SELECT count(*)::int AS total, count(*) FILTER (WHERE hits = 0)::int AS empty FROM search_queries WHERE ${where}`, params),
  ]);
  return {
    range,
    total_searches: totals[0]?.total ?? 0,
    searches_without_hits: totals[0]?.empty ?? 0,
    queries: rows.map((r) => ({ query: r.query, searches: r.searches, visits: r.visits, without_hits: r.without_hits, last_searched_at: r.last })),
  };
}

export async function roomSearches(actor: Actor, roomId: string, q: { since?: number; until?: number }): Promise<SearchAnalytics> {
  const room = await findRoom(db, actor, roomId);
  const r = await report({ column: 'dataroom_id', id: room.id, teamId: actor.teamId }, q);
  return { object: 'search_analytics', dataroom_id: room.id, link_id: null, total_searches: r.total_searches, searches_without_hits: r.searches_without_hits, queries: r.queries, ...r.range };
}

export async function linkSearches(actor: Actor, linkId: string, q: { since?: number; until?: number }): Promise<SearchAnalytics> {
  const link = await findLink(db, actor, linkId);
  const r = await report({ column: 'link_id', id: link.id, teamId: actor.teamId }, q);
  return { object: 'search_analytics', dataroom_id: null, link_id: link.id, total_searches: r.total_searches, searches_without_hits: r.searches_without_hits, queries: r.queries, ...r.range };
}
