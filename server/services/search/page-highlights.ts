// Where a query's words are on a page (search inside documents): the page's text marked by
// ts_headline with HighlightAll (PostgreSQL's own matching, the rule the hits come from; the text
// comes back whole, so the marks are offsets into it), each marked range turned into the boxes of
// the words it covers (page-text.ts kept them). The caller has checked who may see the version.
import { db } from '../../db/client';
import { cleanText } from '../../media/page-text';
import { hasWords, positivePart, START, STOP } from './snippet';

/** A box on the page in thousandths of its width and height, origin top left: [x, y, width, height]. */
export type Box = [number, number, number, number];

/** Pages past this many are not returned by a find in one document. */
export const MAX_FIND_PAGES = 1_000;

const headline = (query: string) => `ts_headline(config::regconfig, body, websearch_to_tsquery(config::regconfig, ${query}), 'HighlightAll=true, StartSel=${START}, StopSel=${STOP}')`;

export async function pageHighlights(versionId: string, pageNumber: number, q: string): Promise<Box[]> {
  const positive = positivePart(q);
  if (!positive) return [];
  const rows = await db.$queryRawUnsafe<{ marked: string; words: number[] | null }[]>(
    `SELECT ${headline('$3')} AS marked, words FROM page_texts WHERE version_id = $1 AND page_number = $2`,
    versionId,
    pageNumber,
    positive,
  );
  const row = rows[0];
  return row ? boxesOf(row.marked, row.words) : [];
}

/**
 * Find in one document: every page of the version the query matches (the search's own rule,
 * exclusions included), in page order, with the boxes of its words.
 */
export async function versionHighlights(versionId: string, text: string): Promise<{ page_number: number; boxes: Box[] }[]> {
  const q = cleanText(text);
  if (!hasWords(q)) return [];
  const rows = await db.$queryRawUnsafe<{ page_number: number; marked: string; words: number[] | null }[]>(
    `SELECT page_number, ${headline('$3')} AS marked, words FROM page_texts
     WHERE version_id = $1 AND tsv @@ websearch_to_tsquery(config::regconfig, $2)
     ORDER BY page_number LIMIT ${MAX_FIND_PAGES}`,
    versionId,
    q,
    positivePart(q),
  );
  return rows.map((r) => ({ page_number: r.page_number, boxes: boxesOf(r.marked, r.words) })).filter((p) => p.boxes.length);
}

/** The boxes of the words a marked text's ranges cover (`words`: start, end, x, y, w, h per word). */
function boxesOf(marked: string, w: number[] | null): Box[] {
  if (!w) return [];
  const ranges: [number, number][] = [];
  let i = 0;
  let open = -1;
  for (const ch of marked) {
    if (ch === START) open = i;
    else if (ch === STOP) {
      if (open >= 0) ranges.push([open, i]);
      open = -1;
    } else i += ch.length;
  }
  const boxes: Box[] = [];
  for (let k = 0; k + 5 < w.length; k += 6) {
    const [s, e] = [w[k], w[k + 1]];
    if (ranges.some(([a, b]) => s < b && e > a)) boxes.push([w[k + 2], w[k + 3], w[k + 4], w[k + 5]]);
  }
  return boxes;
}
