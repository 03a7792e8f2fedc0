import { describe, expect, it } from 'vitest';
import { apiFilters, exportUrl, localDayStart, readFilters, withFilters } from './audit-filters';

const params = (s: string) => new URLSearchParams(s);

describe('the audit log filters in the URL', () => {
  it('keeps what the log can mean and drops the rest', () => {
    expect(readFilters(params('type=folder.*&actor_type=user&actor_email=%20a@b.example%20&resource_id=f1&dataroom_id=dr_1&from=2026-01-02&to=2026-01-05'))).toEqual({
      type: 'folder.*',
      actor_type: 'user',
      actor_email: 'a@b.example',
      resource_id: 'f1',
      dataroom_id: 'dr_1',
      from: '2026-01-02',
      to: '2026-01-05',
    });
    expect(readFilters(params('type=nope.*&actor_type=robot&from=2026-02-30&to=2026-13-01'))).toEqual({});
    expect(readFilters(params('type=*'))).toEqual({});
    // An end before the start is dropped.
    expect(readFilters(params('from=2026-01-05&to=2026-01-02'))).toEqual({ from: '2026-01-05' });
  });

  it('writes the filters into the URL, keeping other parameters', () => {
    expect(withFilters('tab=activity&type=folder.*', { actor_type: 'visitor' })).toBe('?tab=activity&actor_type=visitor');
    expect(withFilters('type=folder.*', {})).toBe('');
  });

  it('turns the days into since (their first instant) and until (the instant after the last), in local time', () => {
    const f = apiFilters({ type: 'folder.*', from: '2026-01-02', to: '2026-01-02' });
    expect(f.since).toBe(new Date(2026, 0, 2).getTime());
    expect(f.until).toBe(new Date(2026, 0, 3).getTime());
    expect(f).not.toHaveProperty('from');
    expect(localDayStart('2026-02-29')).toBeUndefined();
    expect(exportUrl({ type: 'folder.*', from: '2026-01-02' })).toBe(`/api/events/export?type=folder.*&since=${new Date(2026, 0, 2).getTime()}`);
    expect(exportUrl({})).toBe('/api/events/export');
  });
});
