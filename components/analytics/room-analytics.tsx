'use client';
// A data room's Analytics tab: visits to the room, and views and time per document opened in it.
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { Card, CardHeader } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { formatDuration } from '@/components/links/hooks';
import { useTRPC } from '@/lib/trpc/react';
import { BarChart } from './bar-chart';
import { RangePicker, useRange } from './range';
import { Stat } from './stat';

export function RoomAnalytics({ roomId }: { roomId: string }) {
  const trpc = useTRPC();
  const { range, picker } = useRange();
  const q = useQuery(trpc.analytics.roomDocuments.queryOptions({ id: roomId, ...range }));
  const a = q.data;
  return (
    <div className="space-y-5" data-testid="room-analytics">
      <div className="flex justify-end">
        <RangePicker {...picker} />
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Visits" value={a ? a.total_views : '—'} />
        <Stat label="Unique viewers" value={a ? a.unique_viewers : '—'} />
        <Stat label="Reading time" value={a ? formatDuration(a.total_duration_seconds) : '—'} />
        <Stat label="Downloads" value={a ? a.downloads : '—'} />
      </dl>
      {a && a.documents.length > 0 && (
        <Card>
          <CardHeader title="Time per document" description="Documents opened inside the room, most viewed first" />
          <div className="p-5">
            <BarChart
              data={a.documents.slice(0, 20).map((d) => ({ key: d.name.length > 14 ? `${d.name.slice(0, 13)}…` : d.name, label: d.name, value: d.duration_seconds }))}
              title="Reading time per document, in seconds"
              valueLabel="Reading time"
              format={(v) => formatDuration(v)}
            />
          </div>
        </Card>
      )}
      <Card>
        <CardHeader title="Documents" />
        <DataTable
          label="Documents read in this room"
          rows={a?.documents}
          pending={q.isPending}
          error={q.error}
          onRetry={() => q.refetch()}
          rowKey={(d) => d.document_id}
          minWidth={420}
          empty={<p className="px-4 py-6 text-center text-sm text-zinc-500">No document of this room was opened in the range.</p>}
          columns={[
            { key: 'name', header: 'Document', cell: (d) => <Link className="text-brand-600 hover:underline" href={`/documents/${d.document_id}`}>{d.name}</Link> },
            { key: 'views', header: 'Views', cell: (d) => d.views },
            { key: 'time', header: 'Time', cell: (d) => formatDuration(d.duration_seconds) },
          ]}
        />
      </Card>
    </div>
  );
}
