import type { ReactNode } from 'react';

const SURFACES = {
  /** A card of its own on the page (a link's or a visitor's headline figures). */
  card: 'rounded-xl bg-white shadow-sm ring-1 ring-zinc-200',
  /** Inside a card (the analytics cards' figures). */
  inset: 'rounded-lg bg-zinc-50 ring-1 ring-zinc-100',
} as const;

/** One headline figure: a label over its value, inside a `<dl>`. */
export function Stat({ label, children, surface = 'card', testId }: { label: string; children: ReactNode; surface?: keyof typeof SURFACES; testId?: string }) {
  return (
    <div className={`${SURFACES[surface]} px-4 py-3`} data-testid={testId}>
      <dt className="text-xs font-medium text-zinc-500">{label}</dt>
      <dd className="mt-1 truncate text-lg font-semibold tabular-nums text-zinc-900">{children}</dd>
    </div>
  );
}
