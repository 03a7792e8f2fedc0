// Where marks go (DESIGN.md "Redaction that removes, and proves it"), from a version's text layer
// as search stored it (page_texts: each page's text and its words' boxes, server/media/page-text.ts).
// A term matches every occurrence, case and accents ignored and any run of spaces or line breaks
// taken as one space (so "John Smith" matches across a line break); a pattern (patterns.ts) finds
// personal data. Either covers the whole words it touches, one rectangle per line, padded so
// descenders and anti-aliased edges are under the box too.
import { findPattern, type Pattern } from './patterns';

/** A page's text and its words: per word [start, end, x, y, width, height], thousandths of the page, origin top left. */
export type PageText = { page: number; body: string; words: number[] };
export type Rect = { x: number; y: number; width: number; height: number };
export type MarkSource = 'box' | 'term' | 'pattern';
export type FoundMark = Rect & { page: number; source: MarkSource; text: string };

type Word = { start: number; end: number; x: number; y: number; w: number; h: number };

function wordsOf(p: PageText): Word[] {
  const out: Word[] = [];
  for (let i = 0; i + 5 < p.words.length; i += 6) {
    const [start, end, x, y, w, h] = p.words.slice(i, i + 6) as [number, number, number, number, number, number];
    out.push({ start, end, x: x / 1000, y: y / 1000, w: w / 1000, h: h / 1000 });
  }
  return out;
}

/** Lower case, accents off, whitespace runs as one space; `map[i]` is the original offset of folded character i. */
export function fold(s: string): { text: string; map: number[] } {
  let text = '';
  const map: number[] = [];
  let i = 0;
  for (const ch of s) {
    if (/\s/.test(ch)) {
      if (text && !text.endsWith(' ')) {
        text += ' ';
        map.push(i);
      }
    } else {
      const f = ch.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase() || ch;
      for (let k = 0; k < f.length; k++) map.push(i);
      text += f;
    }
    i += ch.length;
  }
  return { text, map };
}

export const foldTerm = (term: string) => fold(term.trim()).text;

const clamp01 = (v: number) => Math.max(0, Math.min(1, v));

/** A rectangle around words: a tenth of the line's height to the sides, more above and below (accents, descenders). */
function padded(r: { x0: number; y0: number; x1: number; y1: number }): Rect {
  const h = r.y1 - r.y0;
  const x0 = clamp01(r.x0 - h * 0.1), y0 = clamp01(r.y0 - h * 0.15), x1 = clamp01(r.x1 + h * 0.1), y1 = clamp01(r.y1 + h * 0.3);
  return { x: round(x0), y: round(y0), width: round(x1 - x0), height: round(y1 - y0) };
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;

/** The words overlapping [start, end) of the body, one rectangle per line they sit on. */
function rectsFor(p: PageText, words: Word[], start: number, end: number): { rect: Rect; text: string }[] {
  const hit = words.filter((w) => w.start < end && w.end > start);
  const lines: Word[][] = [];
  for (const w of hit) {
    const line = lines.at(-1);
    const last = line?.at(-1);
    const sameLine = last && Math.min(last.y + last.h, w.y + w.h) - Math.max(last.y, w.y) > Math.min(last.h, w.h) * 0.5;
    if (line && sameLine) line.push(w);
    else lines.push([w]);
  }
  return lines.map((line) => {
    const box = { x0: Math.min(...line.map((w) => w.x)), y0: Math.min(...line.map((w) => w.y)), x1: Math.max(...line.map((w) => w.x + w.w)), y1: Math.max(...line.map((w) => w.y + w.h)) };
    const from = Math.max(start, line[0]!.start);
    const to = Math.min(end, line.at(-1)!.end);
    return { rect: padded(box), text: p.body.slice(from, to).replace(/\s+/g, ' ').trim() };
  });
}

/** Every occurrence of each term on the pages. */
export function findTerms(pages: PageText[], terms: string[]): FoundMark[] {
  const needles = [...new Set(terms.map(foldTerm).filter(Boolean))];
  const marks: FoundMark[] = [];
  for (const p of pages) {
    const words = wordsOf(p);
    const { text, map } = fold(p.body);
    for (const needle of needles) {
      for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
        const start = map[at]!;
        const end = map[at + needle.length - 1]! + 1;
        for (const r of rectsFor(p, words, start, end)) marks.push({ page: p.page, ...r.rect, source: 'term', text: r.text });
      }
    }
  }
  return marks;
}

/** Every hit of each pattern on the pages. */
export function findPatterns(pages: PageText[], patterns: Pattern[]): FoundMark[] {
  const marks: FoundMark[] = [];
  for (const p of pages) {
    const words = wordsOf(p);
    for (const pattern of new Set(patterns)) {
      for (const hit of findPattern(pattern, p.body)) {
        for (const r of rectsFor(p, words, hit.start, hit.end)) marks.push({ page: p.page, ...r.rect, source: 'pattern', text: r.text });
      }
    }
  }
  return marks;
}

/** Overlap of two rectangles, each side at least `tolerance` (fractions of the page). */
export function overlaps(a: Rect, b: Rect, tolerance = 0): boolean {
  return Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > tolerance && Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > tolerance;
}

/** The words of a page a box covers (any part of them), in reading order: what a box mark hides. */
export function textUnder(p: PageText | undefined, box: Rect): string {
  if (!p) return '';
  return wordsOf(p)
    .filter((w) => overlaps({ x: w.x, y: w.y, width: w.w, height: w.h }, box, 0.0005))
    .map((w) => p.body.slice(w.start, w.end))
    .join(' ');
}

/** The page's words that stay readable: every word clear of every mark. */
export function wordsOutside(p: PageText, marks: Rect[]): { text: string; x: number; y: number; width: number; height: number }[] {
  return wordsOf(p)
    .map((w) => ({ text: p.body.slice(w.start, w.end), x: w.x, y: w.y, width: w.w, height: w.h }))
    .filter((w) => w.text.trim() && !marks.some((m) => overlaps(w, m)));
}

/** The same mark found twice (a term and a pattern on the same words) is kept once. */
export function dedupe<T extends FoundMark>(marks: T[]): T[] {
  const seen = new Set<string>();
  return marks.filter((m) => {
    const key = `${m.page}:${m.x}:${m.y}:${m.width}:${m.height}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
