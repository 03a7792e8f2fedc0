'use client';
// One agreement: what it asks, its current version, and who accepted it (name, email, when,
// which version, from where), newest first, with each acceptance's PDF receipt and the whole
// list as CSV. Edit and delete from here too.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Download, FileDown, FileSignature, Pencil, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardHeader, PageHeader } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { RelativeTime } from '@/components/ui/time';
import { UnverifiedMark } from '@/components/ui/unverified-mark';
import { useCursorPages } from '@/lib/trpc/cursor-pages';
import { useTRPC, useTRPCClient } from '@/lib/trpc/react';
import { DeleteAgreementDialog } from './agreement-actions';
import { AgreementDialog } from './agreement-editor';
import { shortVersion } from './agreements-list';
import { CONTENT_LABEL, type AcceptanceItem, type AgreementItem } from './model';

const base = (id: string) => `/api/agreements/${encodeURIComponent(id)}/acceptances`;

export function AgreementDetail({ initial }: { initial: AgreementItem }) {
  const trpc = useTRPC();
  const router = useRouter();
  const query = useQuery({ ...trpc.agreements.get.queryOptions({ id: initial.id }), initialData: initial });
  const a = query.data;
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  return (
    <>
      <Link href="/agreements" className="mb-3 inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Agreements
      </Link>
      <PageHeader
        title={a.name}
        description="Visitors accept it after giving their email and before the link opens."
        actions={
          <>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Pencil className="h-4 w-4" aria-hidden />
              Edit
            </Button>
            <Button variant="secondary" onClick={() => setDeleting(true)} aria-label={`Delete ${a.name}`}>
              <Trash2 className="h-4 w-4" aria-hidden />
              Delete
            </Button>
          </>
        }
      />
      <Card className="mb-5 px-5 py-4">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-zinc-500">Terms</dt>
          <dd className="min-w-0 text-zinc-700">
            <Badge>{CONTENT_LABEL[a.content_type]}</Badge>
            {a.content_type === 'url' && a.url && (
              <a href={a.url} target="_blank" rel="noopener noreferrer" className="ml-2 break-all text-brand-700 hover:underline">
                {a.url}
              </a>
            )}
            {a.content_type === 'text' && a.text && <span className="ml-2 text-zinc-500">{a.text.length.toLocaleString('en')} characters</span>}
          </dd>
          <dt className="font-medium text-zinc-500">Full name</dt>
          <dd className="text-zinc-700">{a.require_name ? 'Required to accept' : 'Not asked'}</dd>
          <dt className="font-medium text-zinc-500">Current version</dt>
          <dd className="text-zinc-700">
            <span className="font-mono text-xs" data-testid="agreement-version" title={a.version}>
              {shortVersion(a.version)}
            </span>
            <span className="ml-2 text-zinc-500">A new version whenever the terms change: visitors who accepted an earlier one are asked again.</span>
          </dd>
          <dt className="font-medium text-zinc-500">Updated</dt>
          <dd className="text-zinc-700">
            <RelativeTime iso={a.updated_at} />
          </dd>
        </dl>
      </Card>
      <Acceptances agreement={a} />
      <AgreementDialog open={editing} onOpenChange={setEditing} agreement={a} />
      <DeleteAgreementDialog agreement={deleting ? a : null} onClose={() => setDeleting(false)} onDeleted={() => router.push('/agreements')} />
    </>
  );
}

function Acceptances({ agreement }: { agreement: AgreementItem }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const input = { id: agreement.id };
  const pages = useCursorPages([...trpc.agreements.acceptances.infiniteQueryKey(input)], (cursor) => client.agreements.acceptances.query({ ...input, limit: 50, cursor }));
  const rows = pages.data?.pages.flatMap((p) => p.data);
  const exportLink = (
    <a href={`${base(agreement.id)}/export`} download className={buttonClass('secondary', 'sm')} data-testid="acceptances-export">
      <Download className="h-4 w-4" aria-hidden />
      Export CSV
    </a>
  );
  return (
    <Card>
      <CardHeader title="Acceptances" description="Newest first, each with a PDF receipt; only verified emails are mailed theirs." action={rows?.length ? exportLink : undefined} />
      <DataTable
        label="Acceptances"
        rows={rows}
        rowKey={(r) => r.id}
        rowTestId="acceptance-row"
        minWidth={760}
        pending={pages.isPending}
        error={pages.error}
        onRetry={() => pages.refetch()}
        errorTitle="Acceptances could not be loaded"
        empty={
          <EmptyState icon={FileSignature} title="No acceptances yet">
            Pick this agreement in a link’s access settings. Everyone who accepts it appears here.
          </EmptyState>
        }
        columns={[
          { key: 'name', header: 'Name', cell: (r: AcceptanceItem) => (r.name ? <span className="font-medium text-zinc-900">{r.name}</span> : <span className="text-zinc-400">Not asked</span>) },
          {
            key: 'email',
            header: 'Email',
            cell: (r: AcceptanceItem) =>
              r.email ? (
                <span className="flex max-w-80 min-w-0 items-baseline gap-1.5">
                  <span className="truncate" title={r.email}>
                    {r.email}
                  </span>
                  {!r.email_verified && <UnverifiedMark />}
                </span>
              ) : (
                <span className="text-zinc-400">No email asked</span>
              ),
          },
          { key: 'when', header: 'Accepted', className: 'whitespace-nowrap text-zinc-600', cell: (r: AcceptanceItem) => <RelativeTime iso={r.accepted_at} /> },
          {
            key: 'version',
            header: 'Version',
            className: 'whitespace-nowrap',
            cell: (r: AcceptanceItem) => (
              <span className="flex items-center gap-1.5">
                <span className="font-mono text-xs text-zinc-600" title={r.agreement_version}>
                  {shortVersion(r.agreement_version)}
                </span>
                {r.agreement_version === agreement.version ? <Badge tone="green">Current</Badge> : <Badge>Earlier</Badge>}
              </span>
            ),
          },
          { key: 'address', header: 'Address', className: 'whitespace-nowrap font-mono text-xs text-zinc-600', cell: (r: AcceptanceItem) => r.ip_address ?? '—' },
          {
            key: 'receipt',
            header: 'Receipt',
            className: 'text-right',
            cell: (r: AcceptanceItem) => (
              <a href={`${base(agreement.id)}/${encodeURIComponent(r.id)}/receipt`} download className="inline-flex items-center gap-1 text-sm font-medium whitespace-nowrap text-brand-700 hover:underline" data-testid="acceptance-receipt">
                <FileDown className="h-4 w-4" aria-hidden />
                PDF
              </a>
            ),
          },
        ]}
      />
      {pages.hasNextPage && (
        <div className="border-t border-zinc-100 px-5 py-3 text-center">
          <Button variant="secondary" size="sm" loading={pages.isFetchingNextPage} onClick={() => pages.fetchNextPage()}>
            Show more
          </Button>
        </div>
      )}
    </Card>
  );
}
