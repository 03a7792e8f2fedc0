'use client';
// The attempts a link's gates refused, on the link's page and the room's Analytics tab: who (the
// address given, if any), when, why and from where. They are never visitors nor visits.
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { RelativeTime } from '@/components/ui/time';
import { useTRPC } from '@/lib/trpc/react';

const REASONS: Record<string, string> = {
  not_allowed: 'Not on the access list',
  wrong_password: 'Wrong password',
  wrong_code: 'Wrong code',
  expired_code: 'Expired code',
};

export function AccessDenied({ target }: { target: { link_id: string } | { dataroom_id: string } }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.analytics.accessDenials.queryOptions(target));
  const inRoom = 'dataroom_id' in target;
  const total = q.data?.total ?? 0;
  const shown = q.data?.data.length ?? 0;
  return (
    <Card>
      <CardHeader
        title="Access denied"
        description={
          total > shown
            ? `The latest ${shown} of ${total} refused attempts. They are not visitors and not counted as visits.`
            : `Attempts ${inRoom ? "this room's links" : 'this link'} refused. They are not visitors and not counted as visits.`
        }
      />
      <DataTable
        label="Access denied"
        rows={q.data?.data}
        pending={q.isPending}
        error={q.error}
        onRetry={() => q.refetch()}
        rowKey={(r) => r.id}
        rowTestId="denial-row"
        minWidth={inRoom ? 620 : 480}
        empty={
          <EmptyState icon={ShieldCheck} title="No refused attempts">
            A wrong password or code, or an address the link does not admit, shows here with the time and the reason.
          </EmptyState>
        }
        columns={[
          { key: 'who', header: 'Email given', cell: (r) => (r.email ? <span className="text-zinc-900">{r.email}</span> : <span className="text-zinc-500">None given</span>) },
          { key: 'why', header: 'Reason', cell: (r) => <Badge tone={r.reason === 'not_allowed' ? 'red' : 'amber'}>{REASONS[r.reason] ?? r.reason}</Badge> },
          ...(inRoom
            ? [{ key: 'link', header: 'Link', cell: (r: { link_id: string; link_name: string | null }) => <Link className="text-brand-600 hover:underline" href={`/links/${r.link_id}`}>{r.link_name ?? 'Untitled link'}</Link> }]
            : []),
          { key: 'when', header: 'When', cell: (r) => <RelativeTime iso={r.created} /> },
          { key: 'from', header: 'From', className: 'text-zinc-500 tabular-nums', cell: (r) => r.ip_address ?? '—' },
        ]}
      />
    </Card>
  );
}
