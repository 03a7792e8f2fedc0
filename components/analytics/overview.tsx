'use client';
// The Analytics section: the team's visits over time, its most read documents and its latest
// visits, for a chosen range.
import { useQuery } from '@tanstack/react-query';
import { ChartColumn } from 'lucide-react';
import Link from 'next/link';
import { Card, CardHeader, PageHeader } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/spinner';
import { RelativeTime } from '@/components/ui/time';
import { formatDuration } from '@/components/links/hooks';
import { useTRPC } from '@/lib/trpc/react';
import { BarChart } from './bar-chart';
import { dailyBars } from './daily';
import { RangePicker, useRange } from './range';
import { Stat } from '../ui/stat';

export function AnalyticsOverview() {
  const trpc = useTRPC();
  const { range, picker } = useRange();
  const q = useQuery(trpc.analytics.overview.queryOptions(range));
  const o = q.data;
  const bars = dailyBars(o?.days ?? [], range);
  const visits = (o?.days ?? []).reduce((n, d) => n + d.views, 0);
  return (
    <>
      <PageHeader title="Analytics" description="Who opened what you shared, and how long they read." actions={<RangePicker {...picker} />} />
      {q.isPending ? (
        <Skeleton className="h-72 w-full" />
      ) : q.isError ? (
        <p className="text-sm text-red-700">Analytics could not be loaded. {q.error.message}</p>
      ) : !visits ? (
        <Card className="p-6">
          <EmptyState icon={ChartColumn} title="No visits in this range">
            Share a document or a data room with a link: visits show here as soon as someone opens it.
          </EmptyState>
        </Card>
      ) : (
        <div className="space-y-6" data-testid="analytics-overview">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Stat surface="inset" label="Visits" testId="overview-visits">{visits}</Stat>
            <Stat surface="inset" label="Documents read">{o!.top_documents.length}</Stat>
            <Stat surface="inset" label="Reading time, top documents">{formatDuration(o!.top_documents.reduce((n, d) => n + d.duration_seconds, 0))}</Stat>
          </dl>
          <Card>
            <CardHeader title="Visits per day" description="Visits to your links by the day they began (UTC)" />
            <div className="p-5">
              <BarChart data={bars} title="Visits per day" valueLabel="Visits" format={(v) => String(Math.round(v))} testId="visits-chart" integer />
            </div>
          </Card>
          <div className="grid gap-6 xl:grid-cols-2">
            <Card className="min-w-0">
              <CardHeader title="Top documents" />
              <DataTable
                label="Top documents"
                rows={o!.top_documents}
                rowKey={(d) => d.id}
                minWidth={420}
                columns={[
                  { key: 'name', header: 'Document', cell: (d) => <Link className="text-brand-600 hover:underline" href={`/documents/${d.id}`}>{d.name}</Link> },
                  { key: 'views', header: 'Visits', cell: (d) => d.views },
                  { key: 'viewers', header: 'Viewers', cell: (d) => d.viewers },
                  { key: 'time', header: 'Time', cell: (d) => formatDuration(d.duration_seconds) },
                ]}
              />
            </Card>
            <Card className="min-w-0">
              <CardHeader title="Top visitors" />
              <DataTable
                label="Top visitors"
                rows={o!.top_visitors}
                rowKey={(v) => v.id}
                minWidth={360}
                empty={<p className="px-4 py-6 text-center text-sm text-zinc-500">No visitor gave an email in this range.</p>}
                columns={[
                  { key: 'who', header: 'Visitor', cell: (v) => <Link className="text-brand-600 hover:underline" href={`/visitors/${v.id}`}>{v.email}</Link> },
                  { key: 'visits', header: 'Visits', cell: (v) => v.visits },
                  { key: 'time', header: 'Time', cell: (v) => formatDuration(v.duration_seconds) },
                ]}
              />
            </Card>
            <Card className="min-w-0 xl:col-span-2">
              <CardHeader title="Recent visits" />
              <DataTable
                label="Recent visits"
                rows={o!.recent}
                rowKey={(r) => r.id}
                minWidth={420}
                columns={[
                  {
                    key: 'who',
                    header: 'Visitor',
                    cell: (r) => (r.visitor_id ? <Link className="text-brand-600 hover:underline" href={`/visitors/${r.visitor_id}`}>{r.email}</Link> : <span className="text-zinc-500">Anonymous</span>),
                  },
                  { key: 'what', header: 'Opened', cell: (r) => <Link className="hover:underline" href={`/links/${r.link_id}`}>{r.target}</Link> },
                  { key: 'time', header: 'Time', cell: (r) => formatDuration(r.duration_seconds) },
                  { key: 'when', header: 'When', cell: (r) => <RelativeTime iso={r.viewed_at} /> },
                ]}
              />
            </Card>
          </div>
        </div>
      )}
    </>
  );
}
