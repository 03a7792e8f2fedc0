// Snippets of search hits: PostgreSQL's ts_headline marks the matched words with \u0001 and
// \u0002 (characters page text never holds: page-text.ts cleans them out); here the marks become
// [start, end) offsets into the plain snippet, cut to at most 240 characters around the first hit.

export const SNIPPET_MAX = 240;
export const START = '\u0001';
export const STOP = '\u0002';

export type Snippet = { snippet: string; highlights: [number, number][] };

/** Plain text and highlight offsets from a marked headline. */
export function fromMarked(marked: string, max = SNIPPET_MAX): Snippet {
  let text = '';
  const highlights: [number, number][] = [];
  let open = -1;
  for (const ch of marked) {
    if (ch === START) open = text.length;
    else if (ch === STOP) {
      if (open >= 0 && text.length > open) highlights.push([open, text.length]);
      open = -1;
    } else text += ch;
  }
  return cut(joinAdjacent(collapse({ snippet: text, highlights })), max);
}

/** Matched words next to each other (a quoted phrase, or two words of the query) are one highlight. */
function joinAdjacent(s: Snippet): Snippet {
  const joined: [number, number][] = [];
  for (const [a, b] of s.highlights) {
    const last = joined.at(-1);
    if (last && /^\s*$/.test(s.snippet.slice(last[1], a))) last[1] = b;
    else joined.push([a, b]);
  }
  return { snippet: s.snippet, highlights: joined };
}

/** Runs of whitespace (line breaks of the page) become one space, offsets kept true. */
function collapse(s: Snippet): Snippet {
  const map: number[] = [];
  let out = '';
  for (let i = 0; i < s.snippet.length; i++) {
    const ch = s.snippet[i];
    map.push(out.length);
    if (/\s/.test(ch)) {
      if (out && !out.endsWith(' ')) out += ' ';
    } else out += ch;
  }
  map.push(out.length);
  const snippet = out.trimEnd();
  const highlights = s.highlights.map(([a, b]) => [map[a], Math.min(snippet.length, map[b])] as [number, number]).filter(([a, b]) => b > a);
  return { snippet, highlights };
}

/** At most `max` characters, starting a little before the first highlight, cut at spaces. */
function cut(s: Snippet, max: number): Snippet {
  if (s.snippet.length <= max) return s;
  const first = s.highlights[0]?.[0] ?? 0;
  let start = Math.max(0, first - 60);
  if (start > 0) {
    const space = s.snippet.indexOf(' ', start);
    if (space !== -1 && space < first) start = space + 1;
  }
  const lead = start > 0 ? '…' : '';
  let end = Math.min(s.snippet.length, start + max - lead.length);
  let tail = '';
  if (end < s.snippet.length) {
    end = start + max - lead.length - 1;
    const space = s.snippet.lastIndexOf(' ', end);
    if (space > start + max / 2) end = space;
    tail = '…';
  }
  const shift = lead.length - start;
  const snippet = lead + s.snippet.slice(start, end).trimEnd() + tail;
  const highlights = s.highlights
    .map(([a, b]) => [a + shift, Math.min(b + shift, snippet.length - tail.length)] as [number, number])
    .filter(([a, b]) => a >= lead.length && b > a);
  return { snippet, highlights };
}

/**
 * The part of a search box's query that should be highlighted: everything but its exclusions
 * (`-word`, `-"a phrase"`). Empty when nothing is left to match with (only exclusions, only
 * operators or punctuation): such a query finds nothing rather than every page.
 */
export function positivePart(q: string): string {
  const rest = q.replace(/(^|\s)-"[^"]*("|$)/g, ' ').replace(/(^|\s)-\S+/g, ' ');
  return rest.replace(/\s+/g, ' ').trim();
}

export const hasWords = (q: string) => /[\p{L}\p{N}]/u.test(positivePart(q).replace(/(^|\s)or(?=\s|$)/gi, ' '));
