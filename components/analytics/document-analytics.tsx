'use client';
// A document's analytics on its page (one version): visits, viewers and time, time per page as a
// bar chart (where readers stay, where they drop off), and who read it. A video's "pages" are its
// 10-second segments (0:00–0:10, 0:10–0:20, …), named so.
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
import { BarChart } from './bar-chart';
import { dailyBars } from './daily';
import { ExportLink } from './export-link';
import { RangePicker, useRange } from './range';
import { Stat } from '../ui/stat';
import { pageBars } from './page-bars';

export function DocumentAnalytics({
  documentId,
  versionId,
  versionLabel,
  numPages,
  video = false,
}: {
  documentId: string;
  versionId: string;
  versionLabel: string;
  /** A video's: its segments. */
  numPages: number;
  video?: boolean;
}) {
  const trpc = useTRPC();
  const { range, picker } = useRange();
  const input = { id: documentId, version_id: versionId, ...range };
  const figures = useQuery(trpc.analytics.document.queryOptions(input));
  const readers = useQuery(trpc.analytics.documentReaders.queryOptions(input));
  const a = figures.data;
  const bars = pageBars(a?.avg_page_duration_seconds ?? [], video, numPages);
  const unit = video ? 'segment' : 'page';
  return (
    <Card>
      <CardHeader title="Analytics" description={`${versionLabel} · visits that began in the range`} action={<RangePicker {...picker} />} />
      <div className="space-y-6 p-5" data-testid="document-analytics">
        {figures.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : figures.isError ? (
          <p className="text-sm text-red-700">Analytics could not be loaded. {figures.error.message}</p>
        ) : !a?.total_views ? (
          <EmptyState icon={ChartColumn} title="No visits in this range">Share the document with a link: every visit and the time on each {unit} show here.</EmptyState>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <Stat surface="inset" label="Visits" testId="stat-visits">{a.total_views}</Stat>
              <Stat surface="inset" label="Unique viewers" testId="stat-viewers">{a.unique_viewers}</Stat>
              <Stat surface="inset" label={video ? 'Watch time' : 'Reading time'} testId="stat-time">{formatDuration(a.total_duration_seconds)}</Stat>
              <Stat surface="inset" label="Per visit">{formatDuration(a.total_duration_seconds / a.total_views)}</Stat>
            </dl>
            <div className="flex flex-wrap gap-2">
              <ExportLink label="Views as CSV" params={{ kind: 'views', document_id: documentId, ...range }} />
              <ExportLink label={`Time per ${unit} as CSV`} params={{ kind: 'pages', document_id: documentId, version_id: versionId, ...range }} />
            </div>
            <div>
              <h3 className="mb-2 text-sm font-semibold text-zinc-900">Visits per day</h3>
              <BarChart data={dailyBars(readers.data?.days ?? [], range)} title="Visits per day, with unique viewers" valueLabel="Visits" format={(v) => String(Math.round(v))} integer testId="document-days-chart" />
            </div>
            <div>
              <h3 className="mb-1 text-sm font-semibold text-zinc-900">{video ? 'Average watch time per 10-second segment' : 'Average time per page'}</h3>
              <p className="mb-2 text-sm text-zinc-500">
                {video ? 'Over the visits that watched each segment: where viewers replay, and where they stop watching.' : 'Over the visits that reached each page: the tall bars hold readers, the empty ones lost them.'}
              </p>
              <BarChart data={bars} title={`Average time per ${unit}, in seconds`} valueLabel="Average time" format={(v) => `${Math.round(v * 10) / 10} s`} testId="page-chart" />
            </div>
          </>
        )}
        <div>
          <h3 className="mb-2 text-sm font-semibold text-zinc-900">Readers</h3>
          <DataTable
            label="Readers of this version"
            rows={readers.data?.readers}
            pending={readers.isPending}
            error={readers.error}
            onRetry={() => readers.refetch()}
            rowKey={(r) => `${r.visitor_id ?? r.email ?? ''}-${r.last_viewed_at}`}
            rowTestId="reader-row"
            minWidth={480}
            empty={<p className="px-4 py-6 text-center text-sm text-zinc-500">Nobody has read this version in the range.</p>}
            columns={[
              {
                key: 'who',
                header: 'Visitor',
                cell: (r) => (r.visitor_id ? <Link className="text-brand-600 hover:underline" href={`/visitors/${r.visitor_id}`}>{r.email}</Link> : <span className="text-zinc-500">{r.email ?? 'Anonymous'}</span>),
              },
              { key: 'visits', header: 'Visits', cell: (r) => r.visits },
              { key: 'time', header: 'Time', cell: (r) => formatDuration(r.duration_seconds) },
              {
                key: 'completion',
                header: video ? 'Segments seen' : 'Pages seen',
                cell: (r) => (
                  <span className="flex items-center gap-2">
                    <span className="h-1.5 w-16 overflow-hidden rounded-full bg-zinc-100" aria-hidden>
                      <span className="block h-full bg-brand-500" style={{ width: `${Math.round(r.completion * 100)}%` }} />
                    </span>
                    {Math.round(r.completion * 100)} %
                  </span>
                ),
              },
              { key: 'last', header: 'Last visit', cell: (r) => <RelativeTime iso={r.last_viewed_at} /> },
            ]}
          />
        </div>
      </div>
    </Card>
  );
}
