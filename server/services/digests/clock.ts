// The digest's calendar (DESIGN.md "Room power tools"): a member's digests go out at 08:00 in
// their time zone; a daily digest covers the 24 local hours before (from the previous day's
// 08:00, so a day of a clock change is 23 or 25 hours), a weekly one goes out on Mondays and
// covers the seven local days before. Plain Intl, no time zone library: only offsets are needed.

export const DIGEST_HOUR = 8;

/** An IANA zone name this runtime knows ("Europe/Paris"); anything else is refused. */
export function isTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

type Local = { year: number; month: number; day: number; hour: number; minute: number; weekday: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string) {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', weekday: 'short' });
    formatters.set(tz, f);
  }
  return f;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The wall clock in `tz` at `instant`. */
export function localTime(instant: number, tz: string): Local & { second: number } {
  const parts = Object.fromEntries(formatter(tz).formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday!),
  };
}

/** How far `tz` is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, tz: string): number {
  const l = localTime(instant, tz);
  return Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second) - Math.floor(instant / 1000) * 1000;
}

/** The instant the wall clock in `tz` reads year-month-day hour:00 (a skipped hour is read after the jump). */
export function zonedInstant(year: number, month: number, day: number, hour: number, tz: string): number {
  const wall = Date.UTC(year, month - 1, day, hour);
  let at = wall - offsetAt(wall, tz);
  at = wall - offsetAt(at, tz);
  return at;
}

/** The local calendar date `days` after the one of `instant` in `tz`, at DIGEST_HOUR there. */
function digestHourOf(instant: number, tz: string, days: number): number {
  const l = localTime(instant, tz);
  const d = new Date(Date.UTC(l.year, l.month - 1, l.day + days));
  return zonedInstant(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), DIGEST_HOUR, tz);
}

/** The first 08:00 in `tz` strictly after `now`. */
export function nextDigestAt(now: number, tz: string): number {
  const today = digestHourOf(now, tz, 0);
  return today > now ? today : digestHourOf(now, tz, 1);
}

/** The period a digest sent at `at` (an 08:00 in `tz`) covers: [since, at). */
export function periodBefore(at: number, tz: string, kind: 'daily' | 'weekly'): { since: number; until: number } {
  return { since: digestHourOf(at, tz, kind === 'daily' ? -1 : -7), until: at };
}

/** Weekly digests go out on Mondays. */
export const isWeeklyDay = (at: number, tz: string) => localTime(at, tz).weekday === 1;

/** The last 08:00 in `tz` at or before `now`: the digest a job running late still owes. */
export function lastDigestAt(now: number, tz: string): number {
  const today = digestHourOf(now, tz, 0);
  return today <= now ? today : digestHourOf(now, tz, -1);
}
