import { describe, expect, it } from 'vitest';
import { isoFromPg, pgTimestamp } from './sql';

describe('timestamps on the plain SQL path', () => {
  it('prints PostgreSQL timestamp text exactly as Date#toISOString would', () => {
    const cases: [string, string][] = [
      ['2026-11-21 20:17:37.123', '2026-11-21T20:17:37.123Z'],
      ['2026-11-21 20:17:37.12', '2026-11-21T20:17:37.120Z'], // trailing zeros are not printed
      ['2026-11-21 20:17:37.5', '2026-11-21T20:17:37.500Z'],
      ['2026-11-21 20:17:37', '2026-11-21T20:17:37.000Z'],
      ['2026-11-21 20:17:37.123456', '2026-11-21T20:17:37.123Z'], // microseconds: Date keeps ms
      ['0001-01-01 00:00:00', '0001-01-01T00:00:00.000Z'],
    ];
    for (const [pg, iso] of cases) {
      expect(isoFromPg(pg)).toBe(iso);
      if (!pg.endsWith('456')) expect(new Date(pg.replace(' ', 'T') + 'Z').toISOString()).toBe(iso);
    }
  });

  it('falls back to Date for text outside the plain four-digit-year form', () => {
    expect(isoFromPg('12026-01-01 00:00:00.5')).toBe('+012026-01-01T00:00:00.500Z');
    expect(isoFromPg('0044-03-15 12:00:00 BC')).toBe('-000043-03-15T12:00:00.000Z');
    expect(isoFromPg('infinity')).toBe('infinity');
  });

  it('sends UTC instants as timestamp text, whatever the process time zone', () => {
    expect(pgTimestamp(Date.UTC(2026, 10, 21, 20, 17, 37, 5))).toBe('2026-11-21 20:17:37.005');
    expect(isoFromPg(pgTimestamp(1_700_000_000_123))).toBe(new Date(1_700_000_000_123).toISOString());
  });
});
