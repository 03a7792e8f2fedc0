'use client';
// The dashboard's one table for lists of things (members, invitations, tokens; rooms, links and
// brands to come): columns declared once, with the loading, error and empty states every list
// needs, scrolling sideways on narrow screens instead of squeezing its columns.
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/trpc/errors';

/** A list that could not be loaded: what went wrong, and a retry. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  return (
    <EmptyState
      icon={CircleAlert}
      title={title}
      action={onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      )}
    >
      {errorMessage(error)}
    </EmptyState>
  );
}

export type Column<T> = {
  key: string;
  /** Shown in the header; with `hiddenHeader` only to screen readers (e.g. "Actions"). */
  header: string;
  hiddenHeader?: boolean;
  cell: (row: T) => ReactNode;
  className?: string;
};

export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowTestId,
  pending = false,
  error = null,
  onRetry,
  errorTitle = 'This list could not be loaded',
  empty = null,
  minWidth = 560,
}: {
  /** The table's accessible name. */
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  rowTestId?: string;
  pending?: boolean;
  error?: unknown;
  onRetry?: () => void;
  errorTitle?: string;
  /** What to show when there are no rows (null: nothing at all). */
  empty?: ReactNode;
  minWidth?: number;
}) {
  if (pending) {
    return (
      <div className="space-y-3 p-5" aria-busy="true" aria-label={`${label}: loading`}>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (error) return <LoadError title={errorTitle} error={error} onRetry={onRetry} />;
  if (!rows?.length) return <>{empty}</>;
  const pad = (i: number) => (i === 0 ? 'pl-5 pr-3' : i === columns.length - 1 ? 'pl-3 pr-5' : 'px-3');
  return (
    // relative: screen-reader-only text inside the cells stays inside the scrolling box (absolutely
    // positioned, it would otherwise widen the page on phones).
    <div className="relative overflow-x-auto">
      <table className="w-full text-sm" style={{ minWidth }} aria-label={label}>
        <thead className="border-b border-zinc-100 text-left text-xs text-zinc-500">
          <tr>
            {columns.map((c, i) => (
              <th key={c.key} scope="col" className={cn('py-2.5 font-medium', pad(i))}>
                {c.hiddenHeader ? <span className="sr-only">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((c, i) => (
                <td key={c.key} className={cn('py-3 align-middle', pad(i), c.className)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
