// The redaction editor's pure parts: a drag on a page becomes a box in the API's terms (fractions
// of the page, origin top left), marks are grouped by page for review, and what found by pattern
// waits for a person's yes before it can be applied.
export type Box = { page: number; x: number; y: number; width: number; height: number };
export type EditorMark = Box & { id: string; source: 'box' | 'term' | 'pattern'; text: string };

/** Smaller than this (a fraction of the page) is a click, not a box. */
export const MIN_SIDE = 0.005;

const clamp = (v: number) => Math.min(1, Math.max(0, v));
const round = (v: number) => Math.round(v * 1e6) / 1e6;

/**
 * The box between two points of a drag, each a fraction of the page (any order, clamped to the
 * page); null when it is too small to be meant.
 */
export function boxFromDrag(page: number, a: { x: number; y: number }, b: { x: number; y: number }): Box | null {
  const [x0, x1] = [clamp(Math.min(a.x, b.x)), clamp(Math.max(a.x, b.x))];
  const [y0, y1] = [clamp(Math.min(a.y, b.y)), clamp(Math.max(a.y, b.y))];
  if (x1 - x0 < MIN_SIDE || y1 - y0 < MIN_SIDE) return null;
  const x = round(x0);
  const y = round(y0);
  // Rounding must never push the box past the page's edge (the API refuses x + width > 1).
  return { page, x, y, width: round(Math.min(x1, 1) - x), height: round(Math.min(y1, 1) - y) };
}

/** Marks by page, in page order, each page's marks top to bottom then left to right. */
export function byPage<M extends Box>(marks: M[]): { page: number; marks: M[] }[] {
  const pages = new Map<number, M[]>();
  for (const m of marks) pages.set(m.page, [...(pages.get(m.page) ?? []), m]);
  return [...pages.entries()]
    .sort(([a], [b]) => a - b)
    .map(([page, list]) => ({ page, marks: [...list].sort((p, q) => p.y - q.y || p.x - q.x) }));
}

/** Marks found by pattern that nobody has accepted yet: they hold up applying. */
export function undecided(marks: EditorMark[], accepted: ReadonlySet<string>): EditorMark[] {
  return marks.filter((m) => m.source === 'pattern' && !accepted.has(m.id));
}

export const PATTERN_LABELS = {
  email: 'Email addresses',
  phone: 'Phone numbers',
  iban: 'IBANs',
  card: 'Card numbers',
  ssn: 'US social security numbers',
} as const;

export const SOURCE_LABELS = { box: 'Box', term: 'Term', pattern: 'Found' } as const;
