'use client';
// Access requests with approve and deny: a link's pending ones on its page, and the team's inbox.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
import { ApproveDialog, type Approvable } from './approve-dialog';

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
  const approve = useMutation(
    trpc.accessRequests.approve.mutationOptions({
      onSuccess: async (r) => {
        const where = r.granted?.type === 'group' ? `joined “${r.granted.group_name ?? 'the group'}”` : 'joined the allow list';
        await done(`Approved: ${r.email} ${where} and was told by email.`)();
      },
    }),
  );
  const deny = useMutation(trpc.accessRequests.deny.mutationOptions({ onSuccess: done('Denied. They were told by email.'), onError }));
  return { approve, deny };
}

export function AccessRequests({ linkId, status = 'pending', title, description }: { linkId?: string; status?: Status; title: string; description: string }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.accessRequests.list.queryOptions({ status, link_id: linkId, limit: 100 }));
  const { approve, deny } = useDecide();
  const [approving, setApproving] = useState<Approvable | null>(null);
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
            : [
                {
                  key: 'link',
                  header: 'Link',
                  cell: (r: { link_id: string; link_name: string | null; dataroom_name: string | null }) => (
                    <div className="min-w-0">
                      <Link href={`/links/${r.link_id}`} className="block truncate text-brand-700 hover:underline">
                        {r.link_name || 'Untitled link'}
                      </Link>
                      {r.dataroom_name && <span className="block truncate text-xs text-zinc-500">Room: {r.dataroom_name}</span>}
                    </div>
                  ),
                },
              ]),
          {
            key: 'joins',
            header: status === 'approved' ? 'Joined' : 'Joins',
            cell: (r) => {
              const group = r.granted?.type === 'group' ? r.granted.group_name : r.granted ? null : r.link_group?.name;
              return <span className="text-zinc-700" data-testid="access-request-joins">{group ? `Group “${group}”` : 'Allow list'}</span>;
            },
          },
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
                  <Button size="sm" disabled={busy(r.id)} onClick={() => (approve.reset(), setApproving(r))}>
                    Approve…
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
      <ApproveDialog
        request={approving}
        onOpenChange={(o) => !o && setApproving(null)}
        pending={approve.isPending}
        error={approve.error ? errorMessage(approve.error) : null}
        onApprove={(groupId) => approving && approve.mutate({ id: approving.id, ...(groupId ? { group_id: groupId } : {}) }, { onSuccess: () => setApproving(null) })}
      />
    </Card>
  );
}

/** The count beside "Access requests" in the navigation. */
export function usePendingAccessRequests() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.accessRequests.pendingCount.queryOptions(), refetchInterval: 60_000 }).data?.count ?? 0;
}
