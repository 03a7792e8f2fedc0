// The audit log's filters as the page keeps them in its URL (shareable; the back button steps
// through them): the API's filters by name, and the date range as `from`/`to` calendar days in
// the reader's time zone, both included. Values the log cannot mean are dropped.
import { ACTOR_TYPES, isEventPattern, type ActorType } from '@/lib/shared/event-types';

export type AuditFilters = {
  type?: string;
  actor_type?: ActorType;
  actor_email?: string;
  dataroom_id?: string;
  resource_id?: string;
  from?: string;
  to?: string;
};

export const FILTER_KEYS = ['type', 'actor_type', 'actor_email', 'dataroom_id', 'resource_id', 'from', 'to'] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Local midnight of a YYYY-MM-DD day, or undefined when it is no calendar date. */
export function localDayStart(day: string): number | undefined {
  if (!DATE.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(y, m - 1, d);
  return t.getFullYear() === y && t.getMonth() === m - 1 && t.getDate() === d ? t.getTime() : undefined;
}

/** The local day after (until is exclusive; daylight-saving days are 23 or 25 hours long). */
const localDayEnd = (day: string): number | undefined => {
  const start = localDayStart(day);
  if (start === undefined) return undefined;
  const t = new Date(start);
  return new Date(t.getFullYear(), t.getMonth(), t.getDate() + 1).getTime();
};

export function readFilters(params: { get(key: string): string | null }): AuditFilters {
  const text = (key: string) => params.get(key)?.trim().slice(0, 254) || undefined;
  const f: AuditFilters = {};
  const type = text('type');
  if (type && isEventPattern(type) && type !== '*') f.type = type;
  const actor = params.get('actor_type');
  if (actor && (ACTOR_TYPES as readonly string[]).includes(actor)) f.actor_type = actor as ActorType;
  f.actor_email = text('actor_email');
  f.dataroom_id = text('dataroom_id');
  f.resource_id = text('resource_id');
  const from = params.get('from');
  const to = params.get('to');
  if (from && localDayStart(from) !== undefined) f.from = from;
  if (to && localDayStart(to) !== undefined && !(f.from && to < f.from)) f.to = to;
  for (const k of FILTER_KEYS) if (f[k] === undefined) delete f[k];
  return f;
}

/** The URL's search string with these filters, keeping the page's other parameters (a room's tab). */
export function withFilters(current: string, f: AuditFilters): string {
  const p = new URLSearchParams(current);
  for (const k of FILTER_KEYS) {
    const v = f[k];
    if (v) p.set(k, v);
    else p.delete(k);
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}

export const hasFilters = (f: AuditFilters, except: (keyof AuditFilters)[] = []) => FILTER_KEYS.some((k) => !except.includes(k) && !!f[k]);

/** The filters as GET /v1/events, events.list and the CSV export take them (since/until in unix ms). */
export function apiFilters(f: AuditFilters) {
  const { from, to, ...rest } = f;
  const since = from ? localDayStart(from) : undefined;
  const until = to ? localDayEnd(to) : undefined;
  return { ...rest, ...(since !== undefined ? { since } : {}), ...(until !== undefined ? { until } : {}) };
}

/** The CSV export's URL for these filters. */
export function exportUrl(f: AuditFilters): string {
  const q = new URLSearchParams(Object.entries(apiFilters(f)).map(([k, v]) => [k, String(v)]));
  const s = q.toString();
  return `/api/events/export${s ? `?${s}` : ''}`;
}

/** The reader's time zone, as the dates and times of the log are read in it. */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
