'use client';
// A list of views (a link's or a visitor's): who, when, how long, how many pages, downloads and
// the answers to the link's questions.
import { Download, ShieldCheck } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/spinner';
import { RelativeTime } from '@/components/ui/time';
import type { ViewDetail, ViewItem } from './draft';
import { formatDuration, useViewDetails } from './hooks';

type Col = 'visitor' | 'link' | 'opened' | 'when' | 'duration' | 'pages' | 'download' | 'answers' | 'agreement';

/** A link's agreement acceptances, to show beside its views: by view id and by email. */
export type Acceptances = { byView: Map<string, string>; byEmail: Map<string, string> };

export function ViewsTable({
  label,
  views,
  columns,
  pending,
  error,
  onRetry,
  empty,
  acceptances,
}: {
  label: string;
  views: ViewItem[] | undefined;
  columns: Col[];
  pending: boolean;
  error: unknown;
  onRetry: () => void;
  empty: ReactNode;
  acceptances?: Acceptances | null;
}) {
  const details = useViewDetails(views?.map((v) => v.id) ?? []);
  const d = (v: ViewItem) => details.map.get(v.id);
  const wait = (node: (x: ViewDetail) => ReactNode, w = 'w-16') => (v: ViewItem) => {
    const x = d(v);
    return x ? node(x) : details.isPending ? <Skeleton className={`h-4 ${w}`} /> : '—';
  };

  const all: Record<Col, Column<ViewItem>> = {
    visitor: {
      key: 'visitor',
      header: 'Visitor',
      cell: (v) => (
        <span className="flex min-w-0 items-center gap-1.5">
          {v.viewer_email ? (
            v.visitor_id ? (
              <Link href={`/visitors/${v.visitor_id}`} className="max-w-56 truncate font-medium text-zinc-900 hover:underline">
                {v.viewer_email}
              </Link>
            ) : (
              <span className="max-w-56 truncate font-medium text-zinc-900">{v.viewer_email}</span>
            )
          ) : (
            <span className="text-zinc-500">Anonymous</span>
          )}
          {v.verified && (
            <span title="Verified by a one-time code" className="inline-flex text-emerald-600">
              <ShieldCheck className="h-3.5 w-3.5" aria-hidden />
              <span className="sr-only">Verified</span>
            </span>
          )}
        </span>
      ),
    },
    link: {
      key: 'link',
      header: 'Link',
      cell: (v) => {
        const x = d(v);
        if (!x) return details.isPending ? <Skeleton className="h-4 w-24" /> : '—';
        const name = x.link_name ?? 'Untitled link';
        return x.link_deleted ? (
          <span className="block max-w-48 truncate text-zinc-500">{name} (deleted)</span>
        ) : (
          <Link href={`/links/${v.link_id}`} className="block max-w-48 truncate font-medium text-zinc-900 hover:underline">
            {name}
          </Link>
        );
      },
    },
    opened: {
      key: 'opened',
      header: 'Opened',
      cell: wait(
        (x) => (
          <span className="block max-w-56 truncate text-zinc-700">
            {x.document_name ?? (x.dataroom_name ? `Room: ${x.dataroom_name}` : '—')}
          </span>
        ),
        'w-28',
      ),
    },
    when: { key: 'when', header: 'When', className: 'whitespace-nowrap text-zinc-600', cell: (v) => <RelativeTime iso={v.viewed_at} /> },
    duration: { key: 'duration', header: 'Time spent', className: 'whitespace-nowrap tabular-nums text-zinc-700', cell: (v) => formatDuration(v.duration_seconds) },
    pages: { key: 'pages', header: 'Pages', className: 'tabular-nums text-zinc-700', cell: wait((x) => x.pages_viewed, 'w-6') },
    download: {
      key: 'download',
      header: 'Download',
      className: 'whitespace-nowrap',
      cell: (v) =>
        v.downloaded_at ? (
          <Badge tone="brand">
            <Download className="h-3 w-3" aria-hidden />
            <RelativeTime iso={v.downloaded_at} />
          </Badge>
        ) : (
          <span className="text-zinc-400">—</span>
        ),
    },
    agreement: {
      key: 'agreement',
      header: 'NDA',
      cell: (v) => {
        const at = acceptances?.byView.get(v.id) ?? (v.viewer_email ? acceptances?.byEmail.get(v.viewer_email.toLowerCase()) : undefined);
        if (!acceptances) return <Skeleton className="h-4 w-16" />;
        return at ? (
          <span className="text-xs text-emerald-700" data-testid="view-accepted">
            Accepted <RelativeTime iso={at} />
          </span>
        ) : (
          <span className="text-zinc-400">—</span>
        );
      },
    },
    answers: {
      key: 'answers',
      header: 'Answers',
      cell: wait((x) => {
        if (!x.answers.length) return <span className="text-zinc-400">—</span>;
        return (
          <dl className="max-w-64 space-y-0.5 text-xs">
            {x.answers.map((a) => (
              <div key={a.identifier} className="flex gap-1">
                <dt className="shrink-0 text-zinc-500">{a.label}:</dt>
                <dd className="truncate text-zinc-800" title={a.value}>
                  {a.value || '—'}
                </dd>
              </div>
            ))}
          </dl>
        );
      }),
    },
  };

  return (
    <DataTable
      label={label}
      rows={views}
      rowKey={(v) => v.id}
      rowTestId="view-row"
      minWidth={720}
      pending={pending}
      error={error}
      onRetry={onRetry}
      errorTitle="Views could not be loaded"
      empty={empty}
      columns={columns.map((c) => all[c])}
    />
  );
}
