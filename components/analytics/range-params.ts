// An analytics range as the dashboard keeps it in the page's URL: `?range=7|30|90|365` (days up
// to now) or `?from=YYYY-MM-DD&to=YYYY-MM-DD` (whole UTC days, both included, as the per-day
// charts count them). The API's rule applies: at most MAX_RANGE_DAYS.
import { DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS } from '@/lib/shared/analytics-range';

export const RANGE_DAYS = [7, 30, 90, 365] as const;
export type RangeDays = (typeof RANGE_DAYS)[number];
export const DEFAULT_DAYS: RangeDays = DEFAULT_RANGE_DAYS;

export type RangeChoice = { days: RangeDays } | { from: string; to: string };

const DAY = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const utcDate = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Midnight UTC of a YYYY-MM-DD date, or NaN when it is no calendar date. */
function dayStart(d: string): number {
  if (!DATE.test(d)) return NaN;
  const t = Date.parse(`${d}T00:00:00Z`);
  return Number.isNaN(t) || utcDate(t) !== d ? NaN : t;
}

/** Why from–to cannot be a range (a sentence for the form), or null when it can. */
export function customRangeError(from: string, to: string, now = Date.now()): string | null {
  if (!from || !to) return 'Choose both dates.';
  const a = dayStart(from);
  const b = dayStart(to);
  if (Number.isNaN(a) || Number.isNaN(b)) return 'Enter dates as YYYY-MM-DD.';
  if (a > b) return 'The start date must not be after the end date.';
  if (a > now) return 'The start date is in the future.';
  if ((b - a) / DAY + 1 > MAX_RANGE_DAYS) return `A range may span at most ${MAX_RANGE_DAYS} days.`;
  return null;
}

/** The range a URL names; anything it cannot mean is the default. */
export function parseRange(params: { get(key: string): string | null }, now = Date.now()): RangeChoice {
  const from = params.get('from');
  const to = params.get('to');
  if (from && to && !customRangeError(from, to, now)) return { from, to };
  const days = Number(params.get('range'));
  return { days: (RANGE_DAYS as readonly number[]).includes(days) ? (days as RangeDays) : DEFAULT_DAYS };
}

/** The URL's search string for a choice, keeping the page's other parameters. */
export function withRange(current: string, choice: RangeChoice): string {
  const p = new URLSearchParams(current);
  for (const k of ['range', 'from', 'to']) p.delete(k);
  if ('from' in choice) {
    p.set('from', choice.from);
    p.set('to', choice.to);
  } else if (choice.days !== DEFAULT_DAYS) p.set('range', String(choice.days));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** since (inclusive) and until (exclusive) in unix ms; a custom range ends now at the latest. */
export function rangeOf(choice: RangeChoice, now = Date.now()): { since: number; until: number } {
  if ('days' in choice) return { since: now - choice.days * DAY, until: now };
  return { since: dayStart(choice.from), until: Math.min(dayStart(choice.to) + DAY, now) };
}

const fmt = (d: string, year: boolean) =>
  new Date(`${d}T00:00:00Z`).toLocaleDateString('en', { month: 'short', day: 'numeric', ...(year ? { year: 'numeric' } : {}), timeZone: 'UTC' });

/** A custom range as text: "Oct 3 – Nov 30, 2026", "Dec 20, 2025 – Jan 5, 2026", "Nov 4, 2026". */
export function customLabel(from: string, to: string): string {
  if (from === to) return fmt(from, true);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `${fmt(from, !sameYear)} – ${fmt(to, true)}`;
}

export const rangeKey = (c: RangeChoice) => ('days' in c ? String(c.days) : `${c.from}/${c.to}`);
