import type { BarDatum } from './bar-chart';
import { utcDate } from './range-params';

const DAY = 86_400_000;

/** One bar per UTC day of the range, with the day's visits and unique viewers (0 for quiet days). */
export function dailyBars(days: { day: string; views: number; viewers: number }[], range: { since: number; until: number }): BarDatum[] {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const start = Math.floor(range.since / DAY) * DAY;
  return Array.from({ length: Math.ceil((range.until - start) / DAY) }, (_, i) => {
    const k = utcDate(start + i * DAY);
    const d = byDay.get(k);
    return {
      key: k.slice(5),
      label: new Date(k + 'T00:00:00Z').toLocaleDateString('en', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
      value: d?.views ?? 0,
      note: `${d?.viewers ?? 0} unique viewer${d?.viewers === 1 ? '' : 's'}`,
    };
  });
}
