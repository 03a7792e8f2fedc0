// The one reading of an analytics range (DESIGN.md "Visitors, views and analytics"): unix ms,
// `since` inclusive, `until` exclusive, by default the 30 days up to now, at most 366 days.
import { invalid } from '../../errors';
import { DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS } from '../../../lib/shared/analytics-range';

const DAY_MS = 86_400_000;

export type AnalyticsRange = { since: number; until: number };

export function analyticsRange(q: { since?: number; until?: number }, now = Date.now()): AnalyticsRange {
  const until = q.until ?? (q.since !== undefined ? Math.max(now, q.since + 1) : now);
  const since = q.since ?? until - DEFAULT_RANGE_DAYS * DAY_MS;
  if (since >= until) throw invalid('since', 'must be earlier than until');
  if (until - since > MAX_RANGE_DAYS * DAY_MS) throw invalid('until', `the range may span at most ${MAX_RANGE_DAYS} days (${MAX_RANGE_DAYS * DAY_MS} ms)`);
  return { since, until };
}
