'use client';
// What visitors searched for, on a room's Analytics tab and a link's page: how many searches in
// the range, how many found nothing, and each query with its searches, visits and misses (most
// searched first), with a CSV of the same.
import { useQuery } from '@tanstack/react-query';
import { SearchX, TextSearch } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Stat } from '@/components/ui/stat';
import { RelativeTime } from '@/components/ui/time';
import { useTRPC } from '@/lib/trpc/react';
import type { RouterOutputs } from '@/lib/trpc/types';
import { ExportLink } from './export-link';
import { useRange } from './range';

type Report = RouterOutputs['analytics']['dataroomSearches'];
type Row = Report['queries'][number];

const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : '0%');

export function SearchAnalytics({ target }: { target: { dataroomId: string } | { linkId: string } }) {
  const trpc = useTRPC();
  const { range } = useRange();
  const room = 'dataroomId' in target;
  const id = room ? target.dataroomId : target.linkId;
  const q = useQuery(room ? trpc.analytics.dataroomSearches.queryOptions({ id, ...range }) : trpc.analytics.linkSearches.queryOptions({ id, ...range }));
  // A link that has search turned off says so (its earlier searches still show).
  const link = useQuery({ ...trpc.links.get.queryOptions({ id }), enabled: !room });
  const off = !room && link.data?.enable_search === false;
  const a = q.data;
  const csvParams = { kind: 'searches', ...(room ? { dataroom_id: id } : { link_id: id }), ...range };

  return (
    <Card>
      <CardHeader
        title="Searches"
        description={`What visitors searched for ${room ? 'in this room' : 'through this link'} in the range, most searched first`}
        action={!!a?.total_searches && <ExportLink label="Searches as CSV" params={csvParams} />}
      />
      <div data-testid="search-analytics">
        {off && (
          <p className="mx-5 mt-4 rounded-lg bg-zinc-50 px-3 py-2 text-sm text-zinc-600 ring-1 ring-zinc-200">
            Search is turned off for this link: visitors see no search box.
          </p>
        )}
        {!a?.total_searches ? null : (
          <dl className="grid grid-cols-3 gap-2 p-4 sm:gap-3 sm:p-5">
            <Stat surface="inset" label="Searches" testId="search-stat-total">
              {a.total_searches}
            </Stat>
            <Stat surface="inset" label="No results" testId="search-stat-empty">
              {a.searches_without_hits}
              {a.total_searches > 0 && <span className="ml-1.5 hidden text-sm font-normal text-zinc-500 sm:inline">{percent(a.searches_without_hits, a.total_searches)}</span>}
            </Stat>
            <Stat surface="inset" label="Queries">
              {a.queries.length}
              {a.queries.length >= 100 ? '+' : ''}
            </Stat>
          </dl>
        )}
        <DataTable<Row>
          label="What visitors searched for"
          rows={a?.queries}
          pending={q.isPending}
          error={q.error}
          onRetry={() => q.refetch()}
          errorTitle="Searches could not be loaded"
          rowKey={(r) => r.query.toLowerCase()}
          rowTestId="search-query-row"
          minWidth={560}
          empty={
            <EmptyState icon={TextSearch} title="No searches in this range" className="py-10">
              When visitors use the search box{room ? ' in this room' : ''}, what they looked for shows here, and which searches found nothing: the documents they expected and did not find.
            </EmptyState>
          }
          columns={[
            {
              key: 'query',
              header: 'Query',
              cell: (r) => (
                <span className="flex min-w-0 items-center gap-2">
                  <span className="truncate font-medium text-zinc-900" title={r.query}>
                    {r.query}
                  </span>
                  {r.without_hits === r.searches && (
                    <Badge tone="amber">
                      <SearchX className="h-3 w-3" aria-hidden /> Never found
                    </Badge>
                  )}
                </span>
              ),
              className: 'max-w-[16rem]',
            },
            { key: 'searches', header: 'Searches', className: 'tabular-nums', cell: (r) => r.searches },
            { key: 'visits', header: 'Visits', className: 'tabular-nums', cell: (r) => r.visits },
            {
              key: 'empty',
              header: 'No results',
              className: 'tabular-nums',
              cell: (r) => (r.without_hits ? <span className="text-amber-700">{r.without_hits}</span> : <span className="text-zinc-400">0</span>),
            },
            { key: 'last', header: 'Last searched', className: 'whitespace-nowrap text-zinc-600', cell: (r) => <RelativeTime iso={r.last_searched_at} /> },
          ]}
        />
      </div>
    </Card>
  );
}
