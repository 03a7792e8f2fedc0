'use client';
// One link: its URL to copy, what it shares and how it is protected, and every view of it.
import { Stat } from '../ui/stat';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ChevronLeft, Eye, Mail, Pencil } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { DateTime, RelativeTime } from '@/components/ui/time';
import { useToast } from '@/components/ui/toast';
import { useCursorPages } from '@/lib/trpc/cursor-pages';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC, useTRPCClient } from '@/lib/trpc/react';
import { linkTitle, type LinkItem } from './draft';
import { formatDuration, useLinkSummaries, useRefreshLinks } from './hooks';
import { ExpiryNote, StatusBadge } from './link-badges';
import { useAgreementName } from './agreement-name';
import { downloadWords, qaWords } from './effective-access';
import { LinkDialog } from './link-dialog';
import { LinkMenu, TargetCell } from './links-list';
import { ViewsTable, type Acceptances } from './views-table';
import { InviteDialog } from './invite-dialog';
import { UnprovenListWarning } from './unproven-list-warning';
import { unprovenList } from '@/lib/shared/link-settings';
import { LinkInvitations } from './link-invitations';
import { AccessRequests } from '@/components/access-requests/access-requests';
import { LinkAnalytics } from '@/components/analytics/link-analytics';
import { AccessDenied } from '@/components/analytics/access-denied';

export function LinkDetail({ initial }: { initial: LinkItem }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const router = useRouter();
  const notify = useToast();
  const refresh = useRefreshLinks();
  const link = useQuery({ ...trpc.links.get.queryOptions({ id: initial.id }), initialData: initial }).data;
  const summary = useLinkSummaries([link.id]);
  const s = summary.map.get(link.id);
  const input = { id: link.id, limit: 25 };
  const views = useCursorPages([...trpc.links.views.infiniteQueryKey(input)], (cursor) => client.links.views.query({ ...input, cursor }));
  const rows = views.data?.pages.flatMap((p) => p.data);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [inviting, setInviting] = useState(false);
  const del = useMutation(
    trpc.links.delete.mutationOptions({
      onSuccess: async () => {
        notify('Link deleted. It stopped working at once.');
        router.push('/links');
        await refresh();
      },
    }),
  );
  const brands = useQuery({ ...trpc.brands.list.queryOptions({}), enabled: !!link.brand_id });
  const brandName = brands.data?.data.find((b) => b.id === link.brand_id)?.name;
  const agreementName = useAgreementName(link.agreement_id);
  const unproven = unprovenList({ emailAuthenticated: link.email_authenticated, allowList: link.allow_list, groupDecides: !!link.group_id });
  const accepted = useQuery({ ...trpc.agreements.acceptances.queryOptions({ id: link.agreement_id ?? '', limit: 100 }), enabled: !!link.agreement_id });
  const acceptances: Acceptances | null = accepted.data
    ? (() => {
        const mine = accepted.data.data.filter((a) => a.link_id === link.id);
        return {
          byView: new Map(mine.filter((a) => a.view_id).map((a) => [a.view_id!, a.accepted_at])),
          byEmail: new Map(mine.filter((a) => a.email).map((a) => [a.email!.toLowerCase(), a.accepted_at])),
        };
      })()
    : null;
  const accessQuery = useQuery(trpc.links.access.queryOptions({ id: link.id }));
  const access = accessQuery.data;
  const pendingWord = accessQuery.isError ? 'Could not be loaded' : '…';
  const download = access ? downloadWords(access.download, !!link.watermark_config) : null;
  const totalTime = rows?.reduce((a, v) => a + v.duration_seconds, 0) ?? 0;

  return (
    <div>
      <Link href="/links" className="mb-3 inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800">
        <ChevronLeft className="h-4 w-4" aria-hidden />
        Links
      </Link>
      <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="flex flex-wrap items-center gap-2 text-xl font-semibold tracking-tight text-zinc-900 sm:text-2xl">
            <span className="min-w-0 truncate">{linkTitle(link)}</span>
            <StatusBadge link={link} />
          </h1>
          <div className="mt-1 text-sm text-zinc-500">
            <TargetCell link={link} summary={s} pending={summary.isPending} />
          </div>
        </div>
        <div className="flex items-center gap-2">
          <Button variant="secondary" onClick={() => setInviting(true)}>
            <Mail className="h-4 w-4" aria-hidden />
            Invite people
          </Button>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            <Pencil className="h-4 w-4" aria-hidden />
            Edit
          </Button>
          <LinkMenu link={link} onEdit={() => setEditing(true)} onDelete={() => setDeleting(true)} showDetails={false} />
        </div>
      </div>

      <Card className="mb-5 p-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <code data-testid="link-url" className="block min-w-0 flex-1 truncate rounded-lg bg-zinc-50 px-3 py-2 font-mono text-[13px] text-zinc-800 ring-1 ring-zinc-200 select-all">
            {link.url}
          </code>
          <CopyButton value={link.url} label="Copy link" />
        </div>
      </Card>

      <div className="grid gap-5 2xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-5">
          <dl className="grid grid-cols-3 gap-3">
            <Stat label="Visits, all time">{s ? s.views : '—'}</Stat>
            <Stat label="Last viewed">{s?.last_viewed_at ? <RelativeTime iso={s.last_viewed_at} /> : 'Never'}</Stat>
            <Stat label="Time spent, all time">{rows && rows.length > 0 && !views.hasNextPage ? formatDuration(totalTime) : '—'}</Stat>
          </dl>
          {link.allow_access_requests && (
            <AccessRequests linkId={link.id} title="Access requests" description="Visitors this link refused, asking to be let in. Approving adds them to the allow list or the group." />
          )}
          <LinkAnalytics linkId={link.id} isRoom={!!link.dataroom_id} documentId={link.document_id} />
          <Card>
            <CardHeader title="Views" description="Newest first: each visit, and each document opened inside a room visit on its own row." />
            <ViewsTable
              label="Views"
              views={rows}
              columns={[
                'visitor',
                ...(link.dataroom_id ? (['opened'] as const) : []),
                'when',
                ...(link.agreement_id ? (['agreement'] as const) : []),
                'duration',
                'pages',
                'download',
                'answers',
              ]}
              acceptances={acceptances}
              pending={views.isPending}
              error={views.error}
              onRetry={() => views.refetch()}
              empty={
                <EmptyState icon={Eye} title="No views yet" action={<CopyButton value={link.url} label="Copy link" />}>
                  Views appear here when someone opens the link: who it was, when, for how long, what they downloaded and what they answered.
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
          <LinkInvitations linkId={link.id} onInvite={() => setInviting(true)} />
          <AccessDenied target={{ link_id: link.id }} />
        </div>

        <Card className="h-fit">
          <CardHeader title="Settings" action={<Button variant="ghost" size="sm" onClick={() => setEditing(true)}>Change</Button>} />
          {unproven && (
            <UnprovenListWarning
              group={!!link.group_id}
              testId="unverified-summary-warning"
              className="mx-5 mb-4"
              action={
                <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                  Review access
                </Button>
              }
            />
          )}
          <dl className="-mt-px grid text-sm sm:grid-cols-2 2xl:grid-cols-1" data-testid="link-settings">
            <Row label="Email">{link.email_authenticated ? 'Required, verified by code' : link.email_protected || unproven ? 'Required, not verified' : 'Not asked'}</Row>
            <Row label="Password">{link.is_password_protected ? 'Required' : 'None'}</Row>
            <Row label="Expiry">
              {link.expires_at ? (
                <>
                  <DateTime iso={link.expires_at} />
                  <ExpiryNote link={link} />
                </>
              ) : (
                'Never'
              )}
            </Row>
            <Row label="Lists">
              {link.allow_list.length === 0 && link.deny_list.length === 0 && 'None'}
              {link.allow_list.length > 0 && <span className="block">Allows {link.allow_list.length}</span>}
              {link.deny_list.length > 0 && <span className="block">Blocks {link.deny_list.length}</span>}
            </Row>
            <Row label="Download">
              <span data-testid="link-download">{download?.value ?? pendingWord}</span>
              {download?.note && <span className="block text-xs text-zinc-500">{download.note}</span>}
            </Row>
            <Row label="Agreement">
              <span data-testid="link-agreement">{link.agreement_id ? `“${agreementName ?? '…'}” before access` : 'None'}</span>
            </Row>
            <Row label="Watermark">{link.watermark_config ? <span className="break-words">“{link.watermark_config.text}”</span> : 'None'}</Row>
            <Row label="Brand">{link.brand_id ? (brandName ?? '…') : 'Automatic'}</Row>
            {link.dataroom_id && (
              <Row label="Q&A">
                <span data-testid="link-qa">{access ? qaWords(access.qa) : pendingWord}</span>
              </Row>
            )}
            <Row label="Visitor form">{link.custom_fields.length ? link.custom_fields.map((f) => f.label).join(', ') : 'None'}</Row>
            <Row label="Requests">{link.allow_access_requests ? 'Refused visitors may ask' : 'Off'}</Row>
            <Row label="Notify me">{link.enable_notification ? 'On each new visitor' : 'Off'}</Row>
            <Row label="Created">
              <RelativeTime iso={link.created} />
            </Row>
          </dl>
        </Card>
      </div>

      <LinkDialog open={editing} onOpenChange={setEditing} link={link} />
      <InviteDialog open={inviting} onOpenChange={setInviting} link={link} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={(o) => {
          setDeleting(o);
          if (!o) del.reset();
        }}
        title={`Delete “${linkTitle(link)}”?`}
        confirmLabel="Delete link"
        pending={del.isPending}
        error={del.error ? errorMessage(del.error) : null}
        onConfirm={() => del.mutate({ id: link.id })}
      >
        <p>The link stops working at once for everyone who has it. Its past views stay in Visitors.</p>
      </ConfirmDialog>
    </div>
  );
}


function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-3 border-t border-zinc-100 px-5 py-2.5">
      <dt className="text-zinc-500">{label}</dt>
      <dd className="min-w-0 text-zinc-800">{children}</dd>
    </div>
  );
}
