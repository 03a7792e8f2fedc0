'use client';
// The audit log (DESIGN.md "Events"): the team's events newest first, filtered as the API is,
// the filters in the page's URL; more load as the end of the list comes into view. Settings →
// Audit log shows every room's; a room's Activity tab passes its room and hides that filter.
import { Download, ScrollText, SearchX } from 'lucide-react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useRef, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/spinner';
import { useCursorPages } from '@/lib/trpc/cursor-pages';
import { withTeam } from '@/lib/shared/dashboard-team';
import { useTabTeamId, useTRPC, useTRPCClient } from '@/lib/trpc/react';
import { useLoadOnScroll } from '@/lib/use-load-on-scroll';
import { apiFilters, exportUrl, hasFilters, readFilters, withFilters, type AuditFilters } from './audit-filters';
import { AuditFilterBar } from './audit-filter-bar';
import type { LogEvent } from './event-format';
import { EventRow } from './event-row';

const PAGE = 50;

function LoadingRows() {
  return (
    <div className="space-y-4 p-4" aria-busy="true" aria-label="Audit log: loading">
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="flex gap-4">
          <Skeleton className="h-9 flex-1" />
          <Skeleton className="hidden h-9 w-56 sm:block" />
        </div>
      ))}
    </div>
  );
}

export function AuditLogList({ roomId }: { roomId?: string }) {
  const trpc = useTRPC();
  const teamId = useTabTeamId();
  const client = useTRPCClient();
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const fromUrl = readFilters(params);
  const filters: AuditFilters = roomId ? { ...fromUrl, dataroom_id: roomId } : fromUrl;
  const input = { ...apiFilters(filters), limit: PAGE };
  // events.log: the list of GET /v1/events with the names of what each event refers to.
  const pages = useCursorPages([...trpc.events.log.infiniteQueryKey(input)], (cursor) => client.events.log.query({ ...input, cursor }));
  const rows = pages.data?.pages.flatMap((p) => p.data) ?? [];
  // "in <room>" after the item, unless the item is the room itself.
  const roomOf = (e: LogEvent) => (e.data.object.object !== 'dataroom' ? (e.names.dataroom_id ?? null) : null);
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const sentinel = useRef<HTMLDivElement>(null);
  useLoadOnScroll(sentinel, pages);

  // Each change of the filters is a step in the history: the back button undoes it.
  const onChange = (f: AuditFilters) => router.push(`${pathname}${withFilters(params.toString(), roomId ? { ...f, dataroom_id: undefined } : f)}`, { scroll: false });
  const toggle = (id: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const filtered = hasFilters(filters, roomId ? ['dataroom_id'] : []);

  let body;
  if (pages.isPending) body = <LoadingRows />;
  else if (pages.isError && !rows.length) body = <LoadError title="The audit log could not be loaded" error={pages.error} onRetry={() => pages.refetch()} />;
  else if (!rows.length)
    body = filtered ? (
      <EmptyState
        icon={SearchX}
        title="No events match these filters"
        action={
          <Button variant="secondary" onClick={() => onChange(roomId ? { dataroom_id: roomId } : {})}>
            Clear filters
          </Button>
        }
      >
        Try a wider date range or another event type.
      </EmptyState>
    ) : (
      <EmptyState icon={ScrollText} title={roomId ? 'No activity in this room yet' : 'No events yet'}>
        Every change to documents, folders, rooms, links and the team, and every visit, is recorded here with who did it, when and from where.
      </EmptyState>
    );
  else
    body = (
      <>
        <ol className="divide-y divide-zinc-100" aria-label="Events, newest first">
          {rows.map((e) => (
            <EventRow key={e.id} e={e} open={open.has(e.id)} onToggle={() => toggle(e.id)} roomName={roomId ? null : roomOf(e)} />
          ))}
        </ol>
        <div ref={sentinel} className="border-t border-zinc-100 p-3 text-center text-xs text-zinc-500" aria-live="polite">
          {pages.isFetchNextPageError ? (
            <Button variant="ghost" size="sm" onClick={() => pages.fetchNextPage()}>
              More events could not be loaded. Try again
            </Button>
          ) : pages.hasNextPage ? (
            <Button variant="ghost" size="sm" loading={pages.isFetchingNextPage} onClick={() => pages.fetchNextPage()}>
              Load more
            </Button>
          ) : (
            `${rows.length === 1 ? '1 event' : `All ${rows.length} events, newest first`}. The log keeps events for 365 days.`
          )}
        </div>
      </>
    );

  return (
    <Card>
      <AuditFilterBar
        filters={filters}
        onChange={onChange}
        hideRoom={!!roomId}
        actions={
          <a href={withTeam(exportUrl(filters), teamId)} download className={buttonClass('secondary', 'sm')}>
            <Download className="h-4 w-4" aria-hidden />
            Download CSV
          </a>
        }
      />
      {body}
    </Card>
  );
}
