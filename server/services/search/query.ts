// Search inside documents, the read side (DESIGN.md "Search inside documents"): names and every
// page's words of a team's primary versions, in one statement, best first: name matches, then
// pages by ts_rank_cd. Each page is matched in its own document's language (one branch a
// configuration, each served by the GIN index); snippets come from ts_headline on the few rows
// of the page asked for. The team's search (/v1, dashboard, MCP) and a visitor's (only the
// documents their link and group may view) are this one function with another scope.
import { sqlRows } from '../../db/sql';
import { invalid } from '../../errors';
import { decodeCursor, encodeCursor } from '../../schemas/common';
import { TEXT_SEARCH_CONFIG } from '../../../lib/shared/document-languages';
import { cleanText } from '../../media/page-text';
import { fromMarked, hasWords, positivePart, SNIPPET_MAX, START, STOP, type Snippet } from './snippet';

/** Hits past this many are not paged to (a search is refined, not read to the end). */
export const MAX_HITS = 1_000;

export type SearchScope = {
  teamId: string;
  /** Only these documents (a visitor's room); undefined: the whole team. */
  documentIds?: string[];
  dataroomId?: string;
  /** A library folder and its subfolders, by its path. */
  folderPath?: string;
  documentId?: string;
  type?: string;
};

export type SearchHit = {
  object: 'search_hit';
  document_id: string;
  document_name: string;
  version_id: string;
  page_number: number | null;
  snippet: string;
  highlights: [number, number][];
  score: number;
  match: 'name' | 'text';
};

const CONFIGS = [...new Set(Object.values(TEXT_SEARCH_CONFIG))];
const NAME_VECTOR = `to_tsvector('quire_simple'::regconfig, translate(d.name, '._-/', '    '))`;

/**
 * The query as each language reads it, languages that read it alike grouped ("escrow" is the same
 * in seven of them): the text branch makes one index scan a group, not one a language (each scan
 * of a common word costs milliseconds). A language that reads only stop words has no group.
 */
export const QUERY_GROUPS_SQL = `SELECT tq::text AS query, array_agg(c ORDER BY c) AS configs
  FROM (SELECT c, websearch_to_tsquery(c::regconfig, $1) AS tq FROM unnest($2::text[]) c) x
  WHERE numnode(tq) > 0 GROUP BY tq ORDER BY 1`;
export type QueryGroup = { query: string; configs: string[] };

const groupsSeen = new Map<string, QueryGroup[]>();

/** `q`'s groups (QUERY_GROUPS_SQL), remembered for the last thousand queries (they depend on nothing else). */
export async function queryGroups(q: string): Promise<QueryGroup[]> {
  let groups = groupsSeen.get(q);
  if (!groups) {
    groups = await sqlRows<QueryGroup>(QUERY_GROUPS_SQL, [q, CONFIGS], { prepare: true });
    if (groupsSeen.size >= 1_000) groupsSeen.clear();
    groupsSeen.set(q, groups);
  }
  return groups;
}
export const QUERY_GROUP_CONFIGS = CONFIGS;
const HEADLINE = `StartSel=${START}, StopSel=${STOP}, MaxWords=35, MinWords=15, ShortWord=2, MaxFragments=0`;

/** The scope as conditions on a document id column (`{doc}`), its values pushed once for both branches. */
function scopeFilter(scope: SearchScope, params: unknown[]): string {
  const p = (v: unknown) => `$${params.push(v)}`;
  let sql = '';
  if (scope.documentIds) sql += ` AND {doc} = ANY(${p(scope.documentIds)}::text[])`;
  if (scope.documentId) sql += ` AND {doc} = ${p(scope.documentId)}`;
  if (scope.type) sql += ` AND {doc} IN (SELECT id FROM documents WHERE team_id = $1 AND type = ${p(scope.type)})`;
  if (scope.dataroomId) sql += ` AND {doc} IN (SELECT document_id FROM dataroom_documents WHERE dataroom_id = ${p(scope.dataroomId)})`;
  if (scope.folderPath !== undefined) {
    const path = p(scope.folderPath);
    const sub = p(`${scope.folderPath.replace(/[\\%_]/g, (c) => '\\' + c)}/%`);
    sql += ` AND {doc} IN (SELECT id FROM documents WHERE team_id = $1 AND folder_id IN (SELECT id FROM folders WHERE team_id = $1 AND (path = ${path} OR path LIKE ${sub})))`;
  }
  return sql;
}

export type Row = { kind: number; document_id: string; name: string; version_id: string; page_number: number | null; score: number; marked: string | null };

/** The one statement of a search (the bench's bare handler sends it too). */
export function searchStatement(scope: SearchScope, q: string, groups: QueryGroup[], limit: number, offset: number): { text: string; values: unknown[] } {
  const values: unknown[] = [scope.teamId, q, positivePart(q)];
  const filter = scopeFilter(scope, values);
  const p = (v: unknown) => `$${values.push(v)}`;
  const g = groups.map((x) => ({ configs: p(x.configs), query: `${p(x.query)}::tsquery` }));
  const textMatch = g.length ? g.map((x) => `(pt.config = ANY(${x.configs}::text[]) AND pt.tsv @@ ${x.query})`).join(' OR ') : 'false';
  const textRank = `ts_rank_cd(pt.tsv, ${g.length === 1 ? g[0]!.query : `CASE ${g.map((x) => `WHEN pt.config = ANY(${x.configs}::text[]) THEN ${x.query}`).join(' ')} END`})`;
  const n = `$${values.push(limit + 1)}`;
  const off = `$${values.push(offset)}`;
  // Pages are ranked and cut to what this page of hits needs before any join (only primary
  // versions' rows are marked is_primary and indexed); names come from the documents after.
  const text = `WITH names AS (
       SELECT 0 AS kind, d.id AS document_id, v.id AS version_id, NULL::int AS page_number,
         ts_rank_cd(${NAME_VECTOR}, websearch_to_tsquery('quire_simple', $2)) AS score
       FROM documents d JOIN document_versions v ON v.document_id = d.id AND v.is_primary
       WHERE d.team_id = $1 AND ${NAME_VECTOR} @@ websearch_to_tsquery('quire_simple', $2)${filter.replaceAll('{doc}', 'd.id')}
     ), pages AS (
       SELECT 1 AS kind, pt.document_id, pt.version_id, pt.page_number, ${textRank} AS score
       FROM page_texts pt
       WHERE pt.team_id = $1 AND pt.is_primary AND (${textMatch})${filter.replaceAll('{doc}', 'pt.document_id')}
       ORDER BY score DESC, pt.document_id, pt.page_number LIMIT ${n}::int + ${off}::int
     ), picked AS (
       SELECT * FROM (SELECT * FROM names UNION ALL SELECT * FROM pages) h
       ORDER BY kind, score DESC, document_id, page_number LIMIT ${n}::int OFFSET ${off}::int
     )
     SELECT p.kind, p.document_id, d.name, p.version_id, p.page_number, p.score::float8 AS score,
       CASE WHEN p.kind = 0
         THEN ts_headline('quire_simple', translate(d.name, '._-/', '    '), websearch_to_tsquery('quire_simple', $3), 'HighlightAll=true, StartSel=${START}, StopSel=${STOP}')
         ELSE (SELECT ts_headline(pt.config::regconfig, pt.body, websearch_to_tsquery(pt.config::regconfig, $3), '${HEADLINE}')
               FROM page_texts pt WHERE pt.version_id = p.version_id AND pt.page_number = p.page_number)
       END AS marked
     FROM picked p JOIN documents d ON d.id = p.document_id
     ORDER BY p.kind, p.score DESC, p.document_id, p.page_number`;
  return { text, values };
}

/** One page of hits for `q` in `scope`; `cursor` from the previous page. */
export async function runSearch(scope: SearchScope, text: string, o: { limit: number; cursor?: string }) {
  const q = cleanText(text);
  const c = decodeCursor(o.cursor, 'string', 'number') as [string, number] | null;
  if (c && (c[0] !== 'search' || !Number.isInteger(c[1]) || c[1] < 0 || c[1] >= MAX_HITS)) throw invalid('cursor', 'is not a cursor returned by this API');
  const offset = c?.[1] ?? 0;
  if (!hasWords(q) || (scope.documentIds && !scope.documentIds.length)) return { data: [] as SearchHit[], next_cursor: null };
  const limit = Math.min(o.limit, MAX_HITS - offset);
  const statement = searchStatement(scope, q, await queryGroups(q), limit, offset);
  const rows = await sqlRows<Row>(statement.text, statement.values);
  return searchPage(rows, limit, offset);
}

/** The list envelope of a search's rows (limit + 1 of them tell whether there is more). */
export function searchPage(rows: Row[], limit: number, offset: number) {
  const more = rows.length > limit;
  const data = rows.slice(0, limit).map(toHit);
  const next = offset + limit;
  return { data, next_cursor: more && next < MAX_HITS ? encodeCursor('search', next) : null };
}

function toHit(r: Row): SearchHit {
  let s: Snippet = fromMarked(r.marked ?? '');
  // A name's marks were made on its punctuation-as-spaces twin, which has the name's length.
  if (r.kind === 0) s = nameSnippet(r.name, r.marked ?? '');
  return {
    object: 'search_hit',
    document_id: r.document_id,
    document_name: r.name,
    version_id: r.version_id,
    page_number: r.page_number,
    ...s,
    score: Math.round(Number(r.score) * 10_000) / 10_000,
    match: r.kind === 0 ? 'name' : 'text',
  };
}

function nameSnippet(name: string, marked: string): Snippet {
  const highlights: [number, number][] = [];
  let i = 0;
  let open = -1;
  for (const ch of marked) {
    if (ch === START) open = i;
    else if (ch === STOP) {
      if (open >= 0 && i > open) highlights.push([open, i]);
      open = -1;
    } else i += ch.length;
  }
  return { snippet: name.slice(0, SNIPPET_MAX), highlights: highlights.filter(([, b]) => b <= Math.min(name.length, SNIPPET_MAX)) };
}
