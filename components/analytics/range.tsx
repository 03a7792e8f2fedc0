'use client';
// The dashboard's analytics range: 7/30/90 days, a year, or custom dates, kept in the page's URL
// (range-params.ts) so a reload, the back button or a shared link shows the same range.
import * as Popover from '@radix-ui/react-popover';
import '@/components/ui/style-nonce';
import { CalendarRange } from 'lucide-react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { MAX_RANGE_DAYS } from '@/lib/shared/analytics-range';
import { customLabel, customRangeError, parseRange, RANGE_DAYS, rangeKey, rangeOf, utcDate, withRange, type RangeChoice } from './range-params';

export function useRange() {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const choice = parseRange(params);
  const key = rangeKey(choice);
  // Fixed when chosen (or when the page opened), so the query keys stay put while it is shown.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const range = useMemo(() => rangeOf(choice), [key]);
  const onChange = (c: RangeChoice) => router.replace(`${pathname}${withRange(params.toString(), c)}`, { scroll: false });
  return { range, picker: { choice, onChange } };
}

const segment = (active: boolean) =>
  cn(
    'inline-flex items-center gap-1.5 rounded-md px-2.5 py-1 font-medium focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
    active ? 'bg-white text-zinc-900 shadow-sm' : 'text-zinc-600 hover:text-zinc-900',
  );

export function RangePicker({ choice, onChange, label = 'Date range' }: { choice: RangeChoice; onChange: (c: RangeChoice) => void; label?: string }) {
  const custom = 'from' in choice ? choice : null;
  const [open, setOpen] = useState(false);
  return (
    <div role="radiogroup" aria-label={label} className="inline-flex flex-wrap rounded-lg bg-zinc-100 p-0.5 text-sm">
      {RANGE_DAYS.map((d) => {
        const active = !custom && 'days' in choice && choice.days === d;
        return (
          <button key={d} type="button" role="radio" aria-checked={active} onClick={() => onChange({ days: d })} className={segment(active)}>
            {d === 365 ? '1 year' : `${d} days`}
          </button>
        );
      })}
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <button type="button" role="radio" aria-checked={!!custom} aria-haspopup="dialog" className={segment(!!custom)}>
            <CalendarRange className="h-3.5 w-3.5" aria-hidden />
            {custom ? customLabel(custom.from, custom.to) : 'Custom'}
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={6}
            collisionPadding={12}
            aria-label="Custom date range"
            className="z-50 w-80 max-w-[calc(100vw-24px)] rounded-xl bg-white p-4 shadow-lg ring-1 ring-zinc-200 focus:outline-none"
          >
            <CustomRangeForm
              initial={custom}
              onCancel={() => setOpen(false)}
              onApply={(c) => {
                setOpen(false);
                onChange(c);
              }}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}

function CustomRangeForm({ initial, onApply, onCancel }: { initial: { from: string; to: string } | null; onApply: (c: { from: string; to: string }) => void; onCancel: () => void }) {
  const today = utcDate(Date.now());
  const [from, setFrom] = useState(initial?.from ?? utcDate(Date.now() - 29 * 86_400_000));
  const [to, setTo] = useState(initial?.to ?? today);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = customRangeError(from, to);
    if (problem) return setError(problem);
    onApply({ from, to });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div>
        <p className="text-sm font-semibold text-zinc-900">Custom range</p>
        <p className="text-xs text-zinc-500">Whole days in UTC, both included; at most {MAX_RANGE_DAYS} days.</p>
      </div>
      <div className="grid grid-cols-2 gap-2 max-[360px]:grid-cols-1">
        <Field label="From">
          {(f) => <Input {...f} type="date" value={from} max={today} onChange={(e) => (setFrom(e.target.value), setError(null))} invalid={!!error} />}
        </Field>
        <Field label="To">
          {(f) => <Input {...f} type="date" value={to} max={today} onChange={(e) => (setTo(e.target.value), setError(null))} invalid={!!error} />}
        </Field>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm">
          Apply
        </Button>
      </div>
    </form>
  );
}
