'use client';
// Access requests with approve and deny: a link's pending ones on its page, and the team's inbox.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { RelativeTime } from '@/components/ui/time';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';

type Status = 'pending' | 'approved' | 'denied';

function useDecide() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const notify = useToast();
  const done = (what: string) => async () => {
    notify(what);
    await Promise.all([
      qc.invalidateQueries({ queryKey: trpc.accessRequests.list.queryKey() }),
      qc.invalidateQueries({ queryKey: trpc.accessRequests.pendingCount.queryKey() }),
      qc.invalidateQueries({ queryKey: trpc.links.get.queryKey() }),
    ]);
  };
  const onError = (e: unknown) => notify(errorMessage(e));
  const approve = useMutation(trpc.accessRequests.approve.mutationOptions({ onSuccess: done('Approved. They can open the link now, and were told by email.'), onError }));
  const deny = useMutation(trpc.accessRequests.deny.mutationOptions({ onSuccess: done('Denied. They were told by email.'), onError }));
  return { approve, deny };
}

export function AccessRequests({ linkId, status = 'pending', title, description }: { linkId?: string; status?: Status; title: string; description: string }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.accessRequests.list.queryOptions({ status, link_id: linkId, limit: 100 }));
  const { approve, deny } = useDecide();
  const busy = (id: string) => (approve.isPending && approve.variables?.id === id) || (deny.isPending && deny.variables?.id === id);
  return (
    <Card>
      <CardHeader title={title} description={description} />
      <DataTable
        label={title}
        rowTestId="access-request-row"
        rows={list.data?.data}
        rowKey={(r) => r.id}
        pending={list.isPending}
        error={list.error}
        onRetry={() => list.refetch()}
        minWidth={560}
        columns={[
          {
            key: 'who',
            header: 'Who',
            cell: (r) => (
              <div className="min-w-0">
                <span className="block truncate text-zinc-900">{r.email}</span>
                {r.message && <span className="block max-w-md text-xs whitespace-pre-line text-zinc-500">{r.message}</span>}
              </div>
            ),
          },
          ...(linkId
            ? []
            : [{ key: 'link', header: 'Link', cell: (r: { link_id: string }) => <Link href={`/links/${r.link_id}`} className="text-brand-700 hover:underline">Open link</Link> }]),
          { key: 'when', header: 'Asked', cell: (r) => <RelativeTime iso={r.created} /> },
          {
            key: 'actions',
            header: 'Decision',
            hiddenHeader: true,
            className: 'text-right',
            cell: (r) =>
              r.status === 'pending' ? (
                <div className="flex justify-end gap-2">
                  <Button size="sm" variant="secondary" disabled={busy(r.id)} onClick={() => deny.mutate({ id: r.id })}>
                    Deny
                  </Button>
                  <Button size="sm" loading={approve.isPending && approve.variables?.id === r.id} disabled={busy(r.id)} onClick={() => approve.mutate({ id: r.id })}>
                    Approve
                  </Button>
                </div>
              ) : (
                <Badge tone={r.status === 'approved' ? 'green' : 'red'}>{r.status === 'approved' ? 'Approved' : 'Denied'}</Badge>
              ),
          },
        ]}
        empty={
          <EmptyState icon={Inbox} title={status === 'pending' ? 'No pending requests' : `Nothing ${status}`}>
            {status === 'pending'
              ? 'When a link lets refused visitors request access, their requests wait here for you.'
              : 'Decided requests appear here.'}
          </EmptyState>
        }
      />
    </Card>
  );
}

/** The count beside "Access requests" in the navigation. */
export function usePendingAccessRequests() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.accessRequests.pendingCount.queryOptions(), refetchInterval: 60_000 }).data?.count ?? 0;
}
