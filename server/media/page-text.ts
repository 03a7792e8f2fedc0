// A page's words as pdf.js reads them from its text layer (search inside documents): the page's
// text in reading order, and each word's place in it and on the page, so a hit can be drawn on
// the page image. Runs on the render threads (render-jobs.ts), beside the parsed PDFs.

/** The parts of pdf.js's TextItem and PageViewport used here. */
export type TextRun = { str: string; transform: number[]; width: number; height: number; hasEOL?: boolean };
export type PageFrame = { width: number; height: number; convertToViewportPoint(x: number, y: number): number[] };

/**
 * `body`: the page's text. `words`: per word, six integers: its [start, end) in body, then its box
 * on the page (x, y, width, height) in thousandths of the page's width and height, origin top left.
 */
export type PageWords = { body: string; words: number[] };

/** Longest text kept of one page (a page of a few thousand words is under 40,000 characters). */
export const MAX_PAGE_CHARS = 200_000;

/** Characters PostgreSQL's text cannot hold or a snippet should not carry (NUL, controls, the highlight markers). */
export function cleanText(s: string): string {
  return s.toWellFormed().replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/g, ' ');
}

const thousandths = (v: number, of: number) => Math.max(0, Math.min(1000, Math.round((v / of) * 1000)));

// Helvetica's advance widths (thousandths of an em) for printable ASCII, from space to tilde.
// pdf.js gives a run's width, not its glyphs'; sharing it out by these (rather than evenly per
// character) puts a word's box on the word in proportional fonts ("il" is narrow, "MW" wide).
const ASCII_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
  611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
  222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** A character's likely advance: Helvetica's for ASCII (an accented letter as its base letter), a full em for wide scripts. */
function advance(ch: string): number {
  const c = ch.codePointAt(0)!;
  if (c >= 32 && c <= 126) return ASCII_WIDTHS[c - 32]!;
  if (c >= 0x1100 && (c <= 0x115f || (c >= 0x2e80 && c <= 0xa4cf) || (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff60) || c >= 0x20000)) return 1000;
  const base = ch.normalize('NFD').codePointAt(0)!;
  return base !== c && base >= 32 && base <= 126 ? ASCII_WIDTHS[base - 32]! : 556;
}

/** Where each UTF-16 offset of `str` falls along its run, from 0 to 1. */
function offsetsAlong(str: string): (i: number) => number {
  const at = new Float64Array(str.length + 1);
  let sum = 0;
  let i = 0;
  for (const ch of str) {
    at[i] = sum;
    if (ch.length === 2) at[i + 1] = sum;
    sum += advance(ch);
    i += ch.length;
  }
  at[str.length] = sum;
  return (k) => (sum ? at[k]! / sum : k / (str.length || 1));
}

/** The page's text and word boxes from its text runs. */
export function pageWords(runs: Iterable<TextRun | object>, frame: PageFrame): PageWords {
  let body = '';
  const words: number[] = [];
  let prev: { endX: number; endY: number; h: number } | null = null;
  let brokeLine = false;
  for (const item of runs) {
    if (!('str' in item) || typeof item.str !== 'string') continue;
    const run = item as TextRun;
    const str = cleanText(run.str);
    const [a, b, c, d, e, f] = run.transform;
    const along = Math.hypot(a, b) || 1;
    const up = Math.hypot(c, d) || 1;
    const ux = a / along, uy = b / along, vx = c / up, vy = d / up;
    const h = run.height || up;
    if (str.trim()) {
      // A space between runs unless this one continues the last on its line (a word split in two runs).
      if (body && !/\s$/.test(body) && !/^\s/.test(str)) {
        const sameLine = prev && Math.abs((e - prev.endX) * -uy + (f - prev.endY) * ux) < h * 0.5;
        const gap = prev ? (e - prev.endX) * ux + (f - prev.endY) * uy : Infinity;
        body += sameLine && !brokeLine && gap < h * 0.15 && gap > -h * 0.5 ? '' : sameLine && !brokeLine ? ' ' : '\n';
      }
      const share = offsetsAlong(str);
      for (const m of str.matchAll(/\S+/g)) {
        const s = share(m.index);
        const t = share(m.index + m[0].length);
        const corners = [
          [e + ux * run.width * s, f + uy * run.width * s],
          [e + ux * run.width * t, f + uy * run.width * t],
        ].flatMap(([x, y]) => [frame.convertToViewportPoint(x, y), frame.convertToViewportPoint(x + vx * h, y + vy * h)]);
        const xs = corners.map((p) => p[0]);
        const ys = corners.map((p) => p[1]);
        const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
        const start = body.length + m.index;
        if (start + m[0].length > MAX_PAGE_CHARS) break;
        words.push(start, start + m[0].length, thousandths(x0, frame.width), thousandths(y0, frame.height), thousandths(x1 - x0, frame.width), thousandths(y1 - y0, frame.height));
      }
      body += str;
      prev = { endX: e + ux * run.width, endY: f + uy * run.width, h };
      brokeLine = false;
    }
    if (run.hasEOL && body && !body.endsWith('\n')) {
      body += '\n';
      brokeLine = true;
    }
    if (body.length >= MAX_PAGE_CHARS) break;
  }
  return { body: body.slice(0, MAX_PAGE_CHARS).trimEnd(), words };
}

/** Too little text to be a text page: a scan (or a blank page), read by OCR when it can be. */
export const looksScanned = (body: string) => body.replace(/\s/g, '').length < 8;
