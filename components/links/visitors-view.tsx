'use client';
// Visitors: everyone who gave an email to open a link or was added to a room's group, whether
// they proved the address with a code, how often they came and when last; one visitor's views.
import { Stat } from '../ui/stat';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, Eye, Search, ShieldCheck, UserRound, X } from 'lucide-react';
import Link from 'next/link';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, PageHeader } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { RelativeTime } from '@/components/ui/time';
import { useCursorPages } from '@/lib/trpc/cursor-pages';
import { useTRPC, useTRPCClient } from '@/lib/trpc/react';
import type { VisitorItem } from './draft';
import { ViewsTable } from './views-table';

function useRoomNames() {
  const trpc = useTRPC();
  const rooms = useQuery(trpc.datarooms.list.queryOptions({ limit: 100 }));
  return new Map((rooms.data?.data ?? []).map((r) => [r.id, r.name]));
}

export function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <Badge tone="green">
      <ShieldCheck className="h-3 w-3" aria-hidden />
      Verified
    </Badge>
  ) : (
    <Badge>Not verified</Badge>
  );
}

export function VisitorsList() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [query, setQuery] = useState('');
  const [email, setEmail] = useState<string | null>(null);
  const input = { limit: 50, ...(email ? { email } : {}) };
  const pages = useCursorPages([...trpc.visitors.list.infiniteQueryKey(input)], (cursor) => client.visitors.list.query({ ...input, cursor }));
  const rows = pages.data?.pages.flatMap((p) => p.data);
  const rooms = useRoomNames();
  const search = (e: FormEvent) => {
    e.preventDefault();
    setEmail(query.trim() || null);
  };

  return (
    <>
      <PageHeader
        title="Visitors"
        description="Everyone who gave an email to open one of your links, or whom you added to a room’s group."
        actions={
          <form onSubmit={search} className="flex items-center gap-2" role="search">
            <div className="relative">
              <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-zinc-400" aria-hidden />
              <Input type="email" aria-label="Find a visitor by email" placeholder="Find by email" className="w-60 pl-9" value={query} onChange={(e) => setQuery(e.target.value)} />
            </div>
            <Button type="submit" variant="secondary">
              Find
            </Button>
          </form>
        }
      />
      {email && (
        <p className="mb-3 flex items-center gap-2 text-sm text-zinc-600">
          Showing <strong className="font-medium text-zinc-900">{email}</strong>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setEmail(null);
              setQuery('');
            }}
          >
            <X className="h-4 w-4" aria-hidden />
            Show everyone
          </Button>
        </p>
      )}
      <Card>
        <DataTable
          label="Visitors"
          rows={rows}
          rowKey={(v) => v.id}
          rowTestId="visitor-row"
          minWidth={720}
          pending={pages.isPending}
          error={pages.error}
          onRetry={() => pages.refetch()}
          errorTitle="Visitors could not be loaded"
          empty={
            <EmptyState icon={UserRound} title={email ? 'No visitor with this email' : 'No visitors yet'}>
              {email
                ? 'Nobody with this address has opened a link that asks for an email, or been added to a group.'
                : 'Visitors appear when someone gives their email to open a link, or when you add people to a data room’s group.'}
            </EmptyState>
          }
          columns={[
            {
              key: 'email',
              header: 'Visitor',
              cell: (v: VisitorItem) => (
                <Link href={`/visitors/${v.id}`} className="block max-w-72 truncate font-medium text-zinc-900 hover:underline">
                  {v.email}
                </Link>
              ),
            },
            { key: 'verified', header: 'Email', className: 'w-32', cell: (v: VisitorItem) => <VerifiedBadge verified={v.verified} /> },
            { key: 'views', header: 'Visits', className: 'w-20 tabular-nums text-zinc-700', cell: (v: VisitorItem) => v.total_views },
            {
              key: 'last',
              header: 'Last viewed',
              className: 'w-32 whitespace-nowrap text-zinc-600',
              cell: (v: VisitorItem) => (v.last_viewed_at ? <RelativeTime iso={v.last_viewed_at} /> : <span className="text-zinc-400">Never</span>),
            },
            {
              key: 'room',
              header: 'First seen in',
              className: 'text-zinc-600',
              cell: (v: VisitorItem) =>
                v.dataroom_id ? (
                  <Link href={`/datarooms/${v.dataroom_id}`} className="block max-w-48 truncate hover:underline">
                    {v.invited_at ? `Invited to ${rooms.get(v.dataroom_id) ?? 'a data room'}` : (rooms.get(v.dataroom_id) ?? 'A data room')}
                  </Link>
                ) : (
                  <span className="text-zinc-500">A document link</span>
                ),
            },
            { key: 'added', header: 'Added', className: 'w-28 whitespace-nowrap text-zinc-600', cell: (v: VisitorItem) => <RelativeTime iso={v.created} /> },
          ]}
        />
        {pages.hasNextPage && (
          <div className="border-t border-zinc-100 p-3 text-center">
            <Button variant="ghost" loading={pages.isFetchingNextPage} onClick={() => pages.fetchNextPage()}>
              Show more visitors
            </Button>
          </div>
        )}
      </Card>
    </>
  );
}

export function VisitorDetail({ initial }: { initial: VisitorItem }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const v = useQuery({ ...trpc.visitors.get.queryOptions({ id: initial.id }), initialData: initial }).data;
  const input = { id: v.id, limit: 25 };
  const views = useCursorPages([...trpc.visitors.views.infiniteQueryKey(input)], (cursor) => client.visitors.views.query({ ...input, cursor }));
  const rows = views.data?.pages.flatMap((p) => p.data);
  const rooms = useRoomNames();

  return (
    <div>
      <Link href="/visitors" className="mb-3 inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800">
        <ChevronLeft className="h-4 w-4" aria-hidden />
        Visitors
      </Link>
      <div className="mb-5">
        <h1 className="flex flex-wrap items-center gap-2 text-xl font-semibold tracking-tight break-all text-zinc-900 sm:text-2xl">
          {v.email}
          <VerifiedBadge verified={v.verified} />
        </h1>
        <p className="mt-1 text-sm text-zinc-500">
          Added <RelativeTime iso={v.created} />
          {' · '}
          {v.dataroom_id ? (
            <>
              {v.invited_at ? 'invited to ' : 'first seen in '}
              <Link href={`/datarooms/${v.dataroom_id}`} className="text-brand-600 hover:underline">
                {rooms.get(v.dataroom_id) ?? 'a data room'}
              </Link>
            </>
          ) : (
            'first seen on a document link'
          )}
        </p>
      </div>
      <dl className="mb-5 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Stat label="Visits">{v.total_views}</Stat>
        <Stat label="Last viewed">{v.last_viewed_at ? <RelativeTime iso={v.last_viewed_at} /> : 'Never'}</Stat>
        <Stat label="Email">{v.verified ? 'Verified by code' : 'Not verified'}</Stat>
      </dl>
      <Card>
        <CardHeader title="Views" description="Newest first, across every link: each visit, and each document opened inside a room visit." />
        <ViewsTable
          label="Views"
          views={rows}
          columns={['link', 'opened', 'when', 'duration', 'pages', 'download', 'answers']}
          pending={views.isPending}
          error={views.error}
          onRetry={() => views.refetch()}
          empty={
            <EmptyState icon={Eye} title="No views yet">
              {v.invited_at ? 'They were added to a group but have not opened a link yet.' : 'Their views appear here when they open one of your links.'}
            </EmptyState>
          }
        />
        {views.hasNextPage && (
          <div className="border-t border-zinc-100 p-3 text-center">
            <Button variant="ghost" loading={views.isFetchingNextPage} onClick={() => views.fetchNextPage()}>
              Show more views
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}

