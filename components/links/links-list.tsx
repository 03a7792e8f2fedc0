'use client';
// The Links page: every live link of the team, newest first, with what it shares, whether it
// still works, its views and the last one; create, edit, copy and delete from here.
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { ExternalLink, FileText, FolderLock, Link2, MoreHorizontal, Pencil, Plus, Trash2, Users } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, PageHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { DataTable } from '@/components/ui/data-table';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '@/components/ui/dropdown';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/spinner';
import { RelativeTime } from '@/components/ui/time';
import { useToast } from '@/components/ui/toast';
import { useCursorPages, type CursorPage } from '@/lib/trpc/cursor-pages';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC, useTRPCClient } from '@/lib/trpc/react';
import { linkTitle, type LinkItem, type LinkSummary } from './draft';
import { useLinkSummaries } from './hooks';
import { ExpiryNote, ProtectionIcons, StatusBadge } from './link-badges';
import { LinkDialog } from './link-dialog';

const INPUT = { limit: 50 };

export function LinksList() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const notify = useToast();
  const key = [...trpc.links.list.infiniteQueryKey(INPUT)];
  const pages = useCursorPages(key, (cursor) => client.links.list.query({ ...INPUT, cursor }));
  const links = pages.data?.pages.flatMap((p) => p.data);
  const summaries = useLinkSummaries(links?.map((l) => l.id) ?? []);
  const [dialog, setDialog] = useState<{ link: LinkItem | null } | null>(null);
  const [deleting, setDeleting] = useState<LinkItem | null>(null);

  // Deleting removes the row at once and puts it back if the server refuses.
  const del = useMutation(
    trpc.links.delete.mutationOptions({
      onMutate: async ({ id }) => {
        setDeleting(null);
        await queryClient.cancelQueries({ queryKey: key });
        const before = queryClient.getQueryData<InfiniteData<CursorPage<LinkItem>>>(key);
        queryClient.setQueryData<InfiniteData<CursorPage<LinkItem>>>(key, (d) => d && { ...d, pages: d.pages.map((p) => ({ ...p, data: p.data.filter((l) => l.id !== id) })) });
        return { before };
      },
      onError: (e, _v, ctx) => {
        if (ctx?.before) queryClient.setQueryData(key, ctx.before);
        notify(errorMessage(e), 'error');
      },
      onSuccess: () => notify('Link deleted. It stopped working at once.'),
      onSettled: () => queryClient.invalidateQueries(trpc.links.pathFilter()),
    }),
  );

  const newButton = (
    <Button onClick={() => setDialog({ link: null })}>
      <Plus className="h-4 w-4" aria-hidden />
      New link
    </Button>
  );

  return (
    <>
      <PageHeader title="Links" description="Every link your team has shared: what it opens, whether it still works, and who viewed it." actions={newButton} />
      <Card>
        <DataTable
          label="Links"
          rows={links}
          rowKey={(l) => l.id}
          rowTestId="link-row"
          minWidth={760}
          pending={pages.isPending}
          error={pages.error}
          onRetry={() => pages.refetch()}
          errorTitle="Links could not be loaded"
          empty={
            <EmptyState icon={Link2} title="No links yet" action={newButton}>
              Share a document or a data room with a link: add a password, an expiry or a watermark, ask for an email, and see every view here.
            </EmptyState>
          }
          columns={[
            {
              key: 'name',
              header: 'Link',
              cell: (l: LinkItem) => (
                <div className="min-w-0">
                  <Link href={`/links/${l.id}`} className="block max-w-64 truncate font-medium text-zinc-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none">
                    {linkTitle(l)}
                  </Link>
                  <span className="mt-0.5 flex items-center gap-2">
                    <span className="max-w-44 truncate font-mono text-xs text-zinc-400">/view/{l.url.split('/view/')[1]?.slice(0, 10)}…</span>
                    <ProtectionIcons link={l} />
                  </span>
                </div>
              ),
            },
            { key: 'target', header: 'Shares', cell: (l: LinkItem) => <TargetCell link={l} summary={summaries.map.get(l.id)} pending={summaries.isPending} /> },
            {
              key: 'status',
              header: 'Status',
              className: 'w-32 whitespace-nowrap',
              cell: (l: LinkItem) => (
                <>
                  <StatusBadge link={l} />
                  <ExpiryNote link={l} />
                </>
              ),
            },
            {
              key: 'views',
              header: 'Visits',
              className: 'w-20 tabular-nums text-zinc-700',
              cell: (l: LinkItem) => {
                const s = summaries.map.get(l.id);
                return s ? s.views : summaries.isPending ? <Skeleton className="h-4 w-6" /> : '—';
              },
            },
            {
              key: 'last',
              header: 'Last viewed',
              className: 'w-32 whitespace-nowrap text-zinc-600',
              cell: (l: LinkItem) => {
                const s = summaries.map.get(l.id);
                if (!s) return summaries.isPending ? <Skeleton className="h-4 w-16" /> : '—';
                return s.last_viewed_at ? <RelativeTime iso={s.last_viewed_at} /> : <span className="text-zinc-400">Never</span>;
              },
            },
            {
              key: 'actions',
              header: 'Actions',
              hiddenHeader: true,
              className: 'w-40 text-right',
              cell: (l: LinkItem) => (
                <div className="flex items-center justify-end gap-1">
                  <CopyButton value={l.url} label="Copy" ariaLabel={`Copy the URL of ${linkTitle(l)}`} />
                  <LinkMenu link={l} onEdit={() => setDialog({ link: l })} onDelete={() => setDeleting(l)} />
                </div>
              ),
            },
          ]}
        />
        {pages.hasNextPage && (
          <div className="border-t border-zinc-100 p-3 text-center">
            <Button variant="ghost" loading={pages.isFetchingNextPage} onClick={() => pages.fetchNextPage()}>
              Show more links
            </Button>
          </div>
        )}
      </Card>
      <LinkDialog open={!!dialog} onOpenChange={(o) => !o && setDialog(null)} link={dialog?.link ?? null} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete “${deleting ? linkTitle(deleting) : ''}”?`}
        confirmLabel="Delete link"
        onConfirm={() => deleting && del.mutate({ id: deleting.id })}
      >
        <p>The link stops working at once for everyone who has it. Its past views stay in Visitors.</p>
      </ConfirmDialog>
    </>
  );
}

export function LinkMenu({ link, onEdit, onDelete, showDetails = true }: { link: LinkItem; onEdit: () => void; onDelete: () => void; showDetails?: boolean }) {
  const router = useRouter();
  return (
    <Menu>
      <MenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${linkTitle(link)}`}>
          <MoreHorizontal className="h-4 w-4" aria-hidden />
        </Button>
      </MenuTrigger>
      <MenuContent>
        <MenuItem icon={Pencil} onSelect={onEdit}>
          Edit settings
        </MenuItem>
        {showDetails && (
          <MenuItem icon={Link2} onSelect={() => router.push(`/links/${link.id}`)}>
            Views and details
          </MenuItem>
        )}
        <MenuItem icon={ExternalLink} onSelect={() => window.open(link.url, '_blank', 'noopener,noreferrer')}>
          Open as a visitor
        </MenuItem>
        <MenuSeparator />
        <MenuItem icon={Trash2} danger onSelect={onDelete}>
          Delete link
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}

export function TargetCell({ link, summary, pending }: { link: LinkItem; summary?: LinkSummary; pending?: boolean }) {
  const room = !!link.dataroom_id;
  const Icon = room ? FolderLock : FileText;
  const name = room ? summary?.dataroom_name : summary?.document_name;
  const href = room ? `/datarooms/${link.dataroom_id}` : `/documents/${link.document_id}`;
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Icon className="h-4 w-4 shrink-0 text-zinc-400" aria-label={room ? 'Data room' : 'Document'} />
      <div className="min-w-0">
        {name ? (
          <Link href={href} className="block max-w-56 truncate text-zinc-800 hover:underline">
            {name}
          </Link>
        ) : pending ? (
          <Skeleton className="h-4 w-28" />
        ) : (
          <span className="text-zinc-400">{room ? 'Data room' : 'Document'}</span>
        )}
        {room && (
          <span className="flex items-center gap-1 text-xs text-zinc-500">
            {link.group_id ? (
              <>
                <Users className="h-3 w-3" aria-hidden />
                {summary?.group_name ?? 'Group'}
              </>
            ) : (
              'Anyone with the link'
            )}
          </span>
        )}
      </div>
    </div>
  );
}
