'use client';
// A link's analytics on its page: visits, viewers, time, downloads and, for a document link, the
// time per page; below it, what the link's visitors searched for.
import { useQuery } from '@tanstack/react-query';
import { Card, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/spinner';
import { formatDuration } from '@/components/links/hooks';
import { useTRPC } from '@/lib/trpc/react';
import { BarChart } from './bar-chart';
import { ExportLink } from './export-link';
import { RangePicker, useRange } from './range';
import { Stat } from '../ui/stat';
import { pageBars } from './page-bars';
import { SearchAnalytics } from './search-analytics';

/** `documentId`: a document link's document (a video's chart is by 10-second segment). */
export function LinkAnalytics({ linkId, isRoom, documentId = null }: { linkId: string; isRoom: boolean; documentId?: string | null }) {
  const trpc = useTRPC();
  const { range, picker } = useRange();
  const q = useQuery(trpc.analytics.link.queryOptions({ id: linkId, ...range }));
  const doc = useQuery({ ...trpc.documents.get.queryOptions({ id: documentId ?? '' }), enabled: !!documentId });
  const video = doc.data?.type === 'video';
  const a = q.data;
  return (
    <>
      <Card>
        <CardHeader title="Analytics" description="Visits that began in the range" action={<RangePicker {...picker} />} />
        <div className="space-y-5 p-5" data-testid="link-analytics">
          {q.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : q.isError ? (
            <p className="text-sm text-red-700">Analytics could not be loaded. {q.error.message}</p>
          ) : (
            <>
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                <Stat surface="inset" label="Visits">{a!.total_views}</Stat>
                <Stat surface="inset" label="Unique viewers">{a!.unique_viewers}</Stat>
                <Stat surface="inset" label="Reading time">{formatDuration(a!.total_duration_seconds)}</Stat>
                <Stat surface="inset" label="Downloads">{a!.downloads}</Stat>
              </dl>
              {a!.total_views > 0 && <ExportLink label="Views as CSV" params={{ kind: 'views', link_id: linkId, ...range }} />}
              {!isRoom && a!.avg_page_duration_seconds.length > 0 && (
                <div>
                  <h3 className="mb-1 text-sm font-semibold text-zinc-900">{video ? 'Average watch time per 10-second segment' : 'Average time per page'}</h3>
                  <p className="mb-2 text-sm text-zinc-500">Over this link's visits that reached each {video ? 'segment' : 'page'}.</p>
                  <BarChart
                    data={pageBars(a!.avg_page_duration_seconds, video).filter((b) => b.value > 0)}
                    title={`Average time per ${video ? 'segment' : 'page'}, in seconds`}
                    valueLabel="Average time"
                    format={(v) => `${Math.round(v * 10) / 10} s`}
                    testId="link-page-chart"
                  />
                </div>
              )}
          </>
        )}
      </div>
    </Card>
    <SearchAnalytics target={{ linkId }} />
    </>
  );
}
