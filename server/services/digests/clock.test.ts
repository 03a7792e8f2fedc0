import { describe, expect, it } from 'vitest';
import { isTimeZone, isWeeklyDay, nextDigestAt, periodBefore } from './clock';

const iso = (ms: number) => new Date(ms).toISOString();

describe('the digest clock', () => {
  it('next 08:00 in the member’s zone', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(iso(nextDigestAt(now, 'UTC'))).toBe('2026-03-11T08:00:00.000Z');
    expect(iso(nextDigestAt(now, 'Asia/Tokyo'))).toBe('2026-03-10T23:00:00.000Z');
    expect(iso(nextDigestAt(now, 'America/New_York'))).toBe('2026-03-11T12:00:00.000Z');
    // Exactly 08:00 is past: the next one is tomorrow's.
    expect(iso(nextDigestAt(Date.parse('2026-03-11T08:00:00Z'), 'UTC'))).toBe('2026-03-12T08:00:00.000Z');
  });

  it('a day across a clock change is 23 hours; weekly covers seven local days and goes out on Mondays', () => {
    // Europe moved its clocks on 2026-03-29.
    const at = Date.parse('2026-03-29T06:00:00Z'); // 08:00 CEST
    const p = periodBefore(at, 'Europe/Paris', 'daily');
    expect(iso(p.since)).toBe('2026-03-28T07:00:00.000Z'); // 08:00 CET
    expect((p.until - p.since) / 3600_000).toBe(23);
    const monday = Date.parse('2026-03-30T06:00:00Z');
    expect(isWeeklyDay(monday, 'Europe/Paris')).toBe(true);
    expect(isWeeklyDay(at, 'Europe/Paris')).toBe(false);
    expect(iso(periodBefore(monday, 'Europe/Paris', 'weekly').since)).toBe('2026-03-23T07:00:00.000Z');
  });

  it('knows zone names', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
