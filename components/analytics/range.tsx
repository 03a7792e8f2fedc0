'use client';
// The date ranges the dashboard's analytics offer (DESIGN.md: at most 366 days), as a segmented
// control; `useRange` turns the chosen number of days into since/until, fixed when chosen.
import { useMemo, useState } from 'react';
import { cn } from '@/lib/cn';

export const RANGE_DAYS = [7, 30, 90, 365] as const;
export type RangeDays = (typeof RANGE_DAYS)[number];

export function useRange(initial: RangeDays = 30) {
  const [days, setDays] = useState<RangeDays>(initial);
  const range = useMemo(() => {
    const until = Date.now();
    return { since: until - days * 86_400_000, until };
  }, [days]);
  return { days, setDays, range };
}

export function RangePicker({ days, onChange, label = 'Date range' }: { days: RangeDays; onChange: (d: RangeDays) => void; label?: string }) {
  return (
    <div role="radiogroup" aria-label={label} className="inline-flex rounded-lg bg-zinc-100 p-0.5 text-sm">
      {RANGE_DAYS.map((d) => (
        <button
          key={d}
          type="button"
          role="radio"
          aria-checked={d === days}
          onClick={() => onChange(d)}
          className={cn('rounded-md px-2.5 py-1 font-medium', d === days ? 'bg-white text-zinc-900 shadow-sm' : 'text-zinc-600 hover:text-zinc-900')}
        >
          {d === 365 ? '1 year' : `${d} days`}
        </button>
      ))}
    </div>
  );
}
