import { describe, expect, it } from 'vitest';
import { customLabel, customRangeError, parseRange, rangeOf, withRange } from './range-params';

const NOW = Date.parse('2026-11-24T15:30:00Z');
const q = (s: string) => new URLSearchParams(s);
const DAY = 86_400_000;

describe('analytics range in the URL', () => {
  it('reads presets and custom ranges, and anything else as the 30-day default', () => {
    expect(parseRange(q(''), NOW)).toEqual({ days: 30 });
    expect(parseRange(q('range=7'), NOW)).toEqual({ days: 7 });
    expect(parseRange(q('range=365'), NOW)).toEqual({ days: 365 });
    expect(parseRange(q('from=2026-10-01&to=2026-10-31'), NOW)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    for (const bad of ['range=14', 'range=abc', 'from=2026-10-01', 'from=2026-02-30&to=2026-03-01', 'from=2026-10-31&to=2026-10-01', 'from=2025-01-01&to=2026-11-01', 'from=2026-12-01&to=2026-12-02', 'from=20261001&to=20261031']) {
      expect(parseRange(q(bad), NOW), bad).toEqual({ days: 30 });
    }
  });

  it('writes the choice and keeps the page parameters', () => {
    expect(withRange('tab=analytics', { days: 7 })).toBe('?tab=analytics&range=7');
    expect(withRange('tab=analytics&range=7', { days: 30 })).toBe('?tab=analytics');
    expect(withRange('range=90', { from: '2026-10-01', to: '2026-10-31' })).toBe('?from=2026-10-01&to=2026-10-31');
    expect(withRange('from=2026-10-01&to=2026-10-31', { days: 30 })).toBe('');
  });

  it('turns a custom range into whole UTC days, ending now at the latest', () => {
    expect(rangeOf({ from: '2026-10-01', to: '2026-10-31' }, NOW)).toEqual({ since: Date.parse('2026-10-01T00:00:00Z'), until: Date.parse('2026-11-01T00:00:00Z') });
    expect(rangeOf({ from: '2026-11-20', to: '2026-11-24' }, NOW)).toEqual({ since: Date.parse('2026-11-20T00:00:00Z'), until: NOW });
    expect(rangeOf({ days: 7 }, NOW)).toEqual({ since: NOW - 7 * DAY, until: NOW });
  });

  it('allows 366 days and no more, and names what is wrong', () => {
    expect(customRangeError('2025-11-24', '2026-11-24', NOW)).toBeNull();
    expect(customRangeError('2025-11-23', '2026-11-24', NOW)).toMatch(/at most 366 days/);
    expect(customRangeError('2026-11-02', '2026-11-01', NOW)).toMatch(/after the end date/);
    expect(customRangeError('', '2026-11-01', NOW)).toMatch(/both dates/);
    expect(customRangeError('2026-11-25', '2026-11-26', NOW)).toMatch(/future/);
  });

  it('labels custom ranges', () => {
    expect(customLabel('2026-10-03', '2026-11-30')).toBe('Oct 3 – Nov 30, 2026');
    expect(customLabel('2025-12-20', '2026-01-05')).toBe('Dec 20, 2025 – Jan 5, 2026');
    expect(customLabel('2026-11-04', '2026-11-04')).toBe('Nov 4, 2026');
  });
});
