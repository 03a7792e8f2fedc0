'use client';
// A link's invitations: who was mailed, whether it went out, and when each first opened it.
import { useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { RelativeTime } from '@/components/ui/time';
import { useTRPC } from '@/lib/trpc/react';

export function LinkInvitations({ linkId, onInvite }: { linkId: string; onInvite: () => void }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.links.invitations.list.queryOptions({ id: linkId, limit: 100 }));
  return (
    <Card>
      <CardHeader
        title="Invitations"
        description="People this link was mailed to, newest first."
        action={
          <Button variant="ghost" size="sm" onClick={onInvite}>
            Invite people
          </Button>
        }
      />
      <DataTable
        label="Invitations"
        rowTestId="invitation-row"
        rows={list.data?.data}
        rowKey={(i) => i.id}
        pending={list.isPending}
        error={list.error}
        onRetry={() => list.refetch()}
        minWidth={480}
        columns={[
          { key: 'email', header: 'Email', cell: (i) => <span className="text-zinc-900">{i.email}</span> },
          {
            key: 'status',
            header: 'Status',
            cell: (i) =>
              i.status === 'sent' ? <Badge tone="green">Sent</Badge> : i.status === 'failed' ? <Badge tone="red">Failed</Badge> : <Badge>Sending</Badge>,
          },
          { key: 'sent', header: 'Sent', cell: (i) => (i.sent_at ? <RelativeTime iso={i.sent_at} /> : '—') },
          { key: 'viewed', header: 'First viewed', cell: (i) => (i.first_viewed_at ? <RelativeTime iso={i.first_viewed_at} /> : <span className="text-zinc-400">Not yet</span>) },
        ]}
        empty={
          <EmptyState icon={Mail} title="No invitations yet" action={<Button onClick={onInvite}>Invite people</Button>}>
            Mail the link to a list of people from your team’s name, with a message, and see who opened it.
          </EmptyState>
        }
      />
    </Card>
  );
}
