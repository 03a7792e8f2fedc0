'use client';
// An endpoint's delivery log: newest first, filtered by status, paged with "Load more", each
// delivery retried on demand. While anything shown is pending, the log refreshes itself.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RefreshCw, RotateCcw, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { RelativeTime } from '@/components/ui/time';
import { useToast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { useDateFormat } from '@/lib/use-date-format';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from '@/lib/shared/webhooks';
import { errorMessage } from '@/lib/trpc/errors';
import { useDeliveryPages } from '@/lib/trpc/lists';
import { useTRPC } from '@/lib/trpc/react';
import { DeliveryStatus } from './badges';
import type { Delivery } from './model';

/** How often the log refreshes while a delivery is pending. */
export const PENDING_POLL_MS = 3000;

const FILTERS: { value: WebhookDeliveryStatus | undefined; label: string }[] = [
  { value: undefined, label: 'All' },
  ...WEBHOOK_DELIVERY_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
];

export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const [status, setStatus] = useState<WebhookDeliveryStatus | undefined>(undefined);
  const pages = useDeliveryPages(endpointId, status, {
    refetchInterval: (loaded) => (loaded?.some((p) => p.data.some((d) => d.status === 'pending')) ? PENDING_POLL_MS : false),
  });
  const rows = pages.data?.pages.flatMap((p) => p.data);
  const retry = useMutation(
    trpc.webhooks.retryDelivery.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.webhooks.deliveries.pathFilter());
        notify('Sending the delivery again now.');
      },
      onError: (e) => notify(errorMessage(e), 'error'),
    }),
  );
  const polling = !!rows?.some((d) => d.status === 'pending');

  return (
    <Card>
      <CardHeader
        title="Delivery log"
        description={polling ? 'Deliveries on their way: this list refreshes every few seconds.' : 'Every event sent to this endpoint, newest first.'}
        action={
          <div className="flex flex-wrap items-center gap-2">
            <div role="group" aria-label="Show deliveries" className="inline-flex rounded-lg bg-zinc-100 p-0.5">
              {FILTERS.map((f) => (
                <button
                  key={f.label}
                  type="button"
                  aria-pressed={status === f.value}
                  onClick={() => setStatus(f.value)}
                  className={cn(
                    'rounded-md px-2.5 py-1 text-xs font-medium transition-colors',
                    status === f.value ? 'bg-white text-zinc-900 shadow-sm ring-1 ring-zinc-200' : 'text-zinc-600 hover:text-zinc-900',
                  )}
                >
                  {f.label}
                </button>
              ))}
            </div>
            <Button variant="ghost" size="icon" aria-label="Refresh the delivery log" onClick={() => pages.refetch()} disabled={pages.isFetching}>
              <RefreshCw className={cn('h-4 w-4', pages.isFetching && !pages.isPending && 'animate-spin')} aria-hidden />
            </Button>
          </div>
        }
      />
      <DataTable
        label="Deliveries"
        rows={rows}
        rowKey={(d) => d.id}
        rowTestId="delivery-row"
        minWidth={960}
        pending={pages.isPending}
        error={pages.error}
        onRetry={() => pages.refetch()}
        errorTitle="The delivery log could not be loaded"
        empty={
          <EmptyState icon={ScrollText} title={status ? `No ${status} deliveries` : 'No deliveries yet'}>
            {status
              ? 'Choose All to see every delivery.'
              : 'Events this endpoint subscribes to appear here as they are sent. Send a test event to check the receiver.'}
          </EmptyState>
        }
        columns={[
          { key: 'status', header: 'Status', cell: (d: Delivery) => <DeliveryStatus status={d.status} /> },
          {
            key: 'event',
            header: 'Event',
            cell: (d: Delivery) => (
              <div className="min-w-40">
                <div className="font-mono text-xs font-medium text-zinc-900">{d.event_type}</div>
                <div className="truncate font-mono text-[11px] text-zinc-400" title={d.event_id}>
                  {d.event_id}
                </div>
              </div>
            ),
          },
          {
            key: 'response',
            header: 'Response',
            className: 'whitespace-nowrap tabular-nums',
            cell: (d: Delivery) => <Response delivery={d} />,
          },
          { key: 'attempts', header: 'Attempts', className: 'text-zinc-700 tabular-nums', cell: (d: Delivery) => d.attempts },
          {
            key: 'error',
            header: 'Last error',
            cell: (d: Delivery) =>
              d.last_error ? (
                <p className="line-clamp-2 max-w-56 text-xs break-words text-red-700" title={d.last_error}>
                  {d.last_error}
                </p>
              ) : (
                <span className="text-zinc-400">—</span>
              ),
          },
          {
            key: 'next',
            header: 'Next attempt',
            className: 'whitespace-nowrap text-zinc-600',
            cell: (d: Delivery) => (d.next_attempt_at ? <NextAttempt iso={d.next_attempt_at} /> : <span className="text-zinc-400">—</span>),
          },
          { key: 'created', header: 'Created', className: 'whitespace-nowrap text-zinc-600', cell: (d: Delivery) => <RelativeTime iso={d.created} /> },
          {
            key: 'actions',
            header: 'Actions',
            hiddenHeader: true,
            className: 'text-right',
            cell: (d: Delivery) => (
              <Button
                variant="secondary"
                size="sm"
                loading={retry.isPending && retry.variables?.deliveryId === d.id}
                onClick={() => retry.mutate({ id: endpointId, deliveryId: d.id })}
                aria-label={`Retry ${d.event_type} delivery ${d.id}`}
              >
                {!(retry.isPending && retry.variables?.deliveryId === d.id) && <RotateCcw className="h-3.5 w-3.5" aria-hidden />}
                {d.status === 'pending' ? 'Send now' : 'Retry'}
              </Button>
            ),
          },
        ]}
      />
      {pages.hasNextPage && (
        <div className="border-t border-zinc-100 p-3 text-center">
          <Button variant="secondary" size="sm" loading={pages.isFetchingNextPage} onClick={() => pages.fetchNextPage()}>
            Load more
          </Button>
        </div>
      )}
    </Card>
  );
}

function Response({ delivery: d }: { delivery: Delivery }) {
  if (d.last_response_status === null && d.last_response_ms === null) return <span className="text-zinc-400">{d.attempts ? 'No answer' : '—'}</span>;
  const ok = d.last_response_status !== null && d.last_response_status >= 200 && d.last_response_status < 300;
  return (
    <span data-testid="delivery-response">
      {d.last_response_status !== null && <span className={cn('font-mono font-medium', ok ? 'text-emerald-700' : 'text-red-700')}>{d.last_response_status}</span>}
      {d.last_response_ms !== null && <span className="text-zinc-500"> · {d.last_response_ms} ms</span>}
    </span>
  );
}

/** A time soon to come reads "in a few seconds" (the relative format calls it "just now"). */
function NextAttempt({ iso }: { iso: string }) {
  const fmt = useDateFormat();
  const ms = new Date(iso).getTime() - Date.now();
  if (ms > -45_000 && ms < 45_000) return <span title={fmt.dateTime(iso)}>{ms > 0 ? 'in a few seconds' : 'now'}</span>;
  return <RelativeTime iso={iso} />;
}
