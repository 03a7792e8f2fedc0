'use client';
// A data room's Analytics tab, with what a document's page has: visits, viewers and time; visits
// per day; time per document; the room's visitors (time, documents opened) and its groups; the
// visitors as CSV; what visitors searched for; and, apart, the attempts its links refused.
import { useQuery } from '@tanstack/react-query';
import { ChartColumn } from 'lucide-react';
import Link from 'next/link';
import { Card, CardHeader } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/spinner';
import { RelativeTime } from '@/components/ui/time';
import { formatDuration } from '@/components/links/hooks';
import { useTRPC } from '@/lib/trpc/react';
import { AccessDenied } from './access-denied';
import { BarChart } from './bar-chart';
import { dailyBars } from './daily';
import { ExportLink } from './export-link';
import { RangePicker, useRange } from './range';
import { SearchAnalytics } from './search-analytics';
import { Stat } from '../ui/stat';

const emptyRow = (text: string) => <p className="px-4 py-6 text-center text-sm text-zinc-500">{text}</p>;

export function RoomAnalytics({ roomId }: { roomId: string }) {
  const trpc = useTRPC();
  const { range, picker } = useRange();
  const input = { id: roomId, ...range };
  const q = useQuery(trpc.analytics.roomDocuments.queryOptions(input));
  const detail = useQuery(trpc.analytics.roomDetail.queryOptions(input));
  const a = q.data;
  const d = detail.data;
  return (
    <div className="space-y-5" data-testid="room-analytics">
      <Card>
        <CardHeader
          title="Analytics"
          description="Visits that began in the range, with the time spent in the documents opened during them"
          action={
            <div className="flex flex-wrap items-center gap-2">
              {!!a?.total_views && <ExportLink label="Visitors as CSV" params={{ kind: 'room_visitors', dataroom_id: roomId, ...range }} />}
              <RangePicker {...picker} />
            </div>
          }
        />
        <div className="space-y-6 p-5">
          {q.isPending ? (
            <Skeleton className="h-48 w-full" />
          ) : q.isError ? (
            <p className="text-sm text-red-700">Analytics could not be loaded. {q.error.message}</p>
          ) : (
            <>
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                <Stat surface="inset" label="Visits" testId="room-stat-visits">{a!.total_views}</Stat>
                <Stat surface="inset" label="Unique viewers" testId="room-stat-viewers">{a!.unique_viewers}</Stat>
                <Stat surface="inset" label="Reading time" testId="room-stat-time">{formatDuration(a!.total_duration_seconds)}</Stat>
                <Stat surface="inset" label="Downloads">{a!.downloads}</Stat>
              </dl>
              {!a!.total_views ? (
                <EmptyState icon={ChartColumn} title="No visits in this range">Share the room with a link: every visit, the documents opened and the time in each show here.</EmptyState>
              ) : (
                <div className="grid gap-6 lg:grid-cols-2">
                  <div className="min-w-0">
                    <h3 className="mb-2 text-sm font-semibold text-zinc-900">Visits per day</h3>
                    <BarChart data={dailyBars(d?.days ?? [], range)} title="Visits per day, with unique viewers" valueLabel="Visits" format={(v) => String(Math.round(v))} integer testId="room-days-chart" />
                  </div>
                  <div className="min-w-0">
                    <h3 className="mb-2 text-sm font-semibold text-zinc-900">Time per document</h3>
                    <BarChart
                      data={a!.documents.slice(0, 12).map((x) => ({ key: x.name.length > 12 ? `${x.name.slice(0, 11)}…` : x.name, label: x.name, value: x.duration_seconds, note: `${x.views} view${x.views === 1 ? '' : 's'}` }))}
                      title="Reading time per document, in seconds"
                      valueLabel="Reading time"
                      format={(v) => formatDuration(v)}
                      testId="room-documents-chart"
                    />
                  </div>
                </div>
              )}
            </>
          )}
        </div>
      </Card>

      <Card>
        <CardHeader title="Visitors" description="Who visited in the range, most time first" />
        <DataTable
          label="Visitors of this room"
          rows={d?.visitors}
          pending={detail.isPending}
          error={detail.error}
          onRetry={() => detail.refetch()}
          rowKey={(r) => `${r.visitor_id ?? r.email ?? ''}-${r.first_viewed_at}`}
          rowTestId="room-visitor-row"
          minWidth={560}
          empty={emptyRow('Nobody visited this room in the range.')}
          columns={[
            {
              key: 'who',
              header: 'Visitor',
              cell: (r) => (r.visitor_id ? <Link className="text-brand-600 hover:underline" href={`/visitors/${r.visitor_id}`}>{r.email}</Link> : <span className="text-zinc-500">{r.email ?? 'Anonymous'}</span>),
            },
            { key: 'visits', header: 'Visits', className: 'tabular-nums', cell: (r) => r.visits },
            { key: 'docs', header: 'Documents opened', className: 'tabular-nums', cell: (r) => r.documents_opened },
            { key: 'time', header: 'Time', className: 'tabular-nums', cell: (r) => formatDuration(r.duration_seconds) },
            { key: 'last', header: 'Last visit', cell: (r) => <RelativeTime iso={r.last_viewed_at} /> },
          ]}
        />
      </Card>

      {/* min-w-0: a grid item is otherwise as wide as its table's minimum, past a phone's width. */}
      <div className="grid gap-5 xl:grid-cols-2">
        <Card className="min-w-0">
          <CardHeader title="Documents" description="Opened inside the room, most viewed first" />
          <DataTable
            label="Documents read in this room"
            rows={a?.documents}
            pending={q.isPending}
            error={q.error}
            onRetry={() => q.refetch()}
            rowKey={(x) => x.document_id}
            rowTestId="room-document-row"
            minWidth={360}
            empty={emptyRow('No document of this room was opened in the range.')}
            columns={[
              { key: 'name', header: 'Document', cell: (x) => <Link className="text-brand-600 hover:underline" href={`/documents/${x.document_id}`}>{x.name}</Link> },
              { key: 'views', header: 'Views', className: 'tabular-nums', cell: (x) => x.views },
              { key: 'time', header: 'Time', className: 'tabular-nums', cell: (x) => formatDuration(x.duration_seconds) },
            ]}
          />
        </Card>
        <Card className="min-w-0">
          <CardHeader title="Groups" description="Visits through each group's links" />
          <DataTable
            label="Groups of this room"
            rows={d?.groups}
            pending={detail.isPending}
            error={detail.error}
            onRetry={() => detail.refetch()}
            rowKey={(g) => g.group_id ?? 'general'}
            rowTestId="room-group-row"
            minWidth={420}
            empty={emptyRow('No group visited this room in the range.')}
            columns={[
              { key: 'name', header: 'Group', cell: (g) => g.name ?? <span className="text-zinc-500">General links</span> },
              { key: 'visits', header: 'Visits', className: 'tabular-nums', cell: (g) => g.visits },
              { key: 'viewers', header: 'Viewers', className: 'tabular-nums', cell: (g) => g.viewers },
              { key: 'time', header: 'Time', className: 'tabular-nums', cell: (g) => formatDuration(g.duration_seconds) },
            ]}
          />
        </Card>
      </div>

      <SearchAnalytics target={{ dataroomId: roomId }} />

      <AccessDenied target={{ dataroom_id: roomId }} />
    </div>
  );
}
