// Display formatting shared by the dashboard screens.
import { counted } from './shared/counted';

export { formatBytes } from './shared/bytes';

const dateFmt = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
const dateTimeFmt = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const utcDateFmt = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
const utcDateTimeFmt = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const rel = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** In the time zone of whoever runs it: in a component, through useDateFormat (lib/use-date-format.ts). */
export const formatDate = (iso: string) => dateFmt.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFmt.format(new Date(iso));
/** The same in UTC, named so: what the server and the hydrating browser both render. */
export const formatDateUtc = (iso: string) => utcDateFmt.format(new Date(iso));
export const formatDateTimeUtc = (iso: string) => `${utcDateTimeFmt.format(new Date(iso))} UTC`;

/** "just now", "5 minutes ago", "yesterday", then a date. */
export function formatRelative(iso: string, now = Date.now()): string {
  const s = Math.round((new Date(iso).getTime() - now) / 1000);
  const a = Math.abs(s);
  if (a < 45) return 'just now';
  if (a < 3600) return rel.format(Math.round(s / 60), 'minute');
  if (a < 86400) return rel.format(Math.round(s / 3600), 'hour');
  if (a < 7 * 86400) return rel.format(Math.round(s / 86400), 'day');
  return formatDate(iso);
}

export const PLAN_LABELS: Record<string, string> = {
  free: 'Free',
  pro: 'Pro',
  business: 'Business',
  datarooms: 'Data Rooms',
  'datarooms-plus': 'Data Rooms Plus',
};

export const ROLE_LABELS: Record<string, string> = { admin: 'Admin', manager: 'Manager', member: 'Member' };

/** "1 page", "12 pages". */
export const pagesLabel = (n: number) => counted(n, 'page');
