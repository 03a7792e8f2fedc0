import type { ReactNode } from 'react';

/** One headline figure of an analytics card. */
export function Stat({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="rounded-lg bg-zinc-50 px-4 py-3 ring-1 ring-zinc-100" data-testid={testId}>
      <dt className="text-xs font-medium text-zinc-500">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums text-zinc-900">{value}</dd>
    </div>
  );
}
