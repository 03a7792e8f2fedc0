'use client';
// The team's agreements (NDAs visitors accept before a link opens): what each asks, its
// version, and the way to its acceptances; create, edit and delete.
import { useQuery } from '@tanstack/react-query';
import { FileSignature, MoreHorizontal, Pencil, Plus, Trash2, Users } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, PageHeader } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '@/components/ui/dropdown';
import { EmptyState } from '@/components/ui/empty-state';
import { RelativeTime } from '@/components/ui/time';
import { useTRPC } from '@/lib/trpc/react';
import { DeleteAgreementDialog } from './agreement-actions';
import { AgreementDialog } from './agreement-editor';
import { CONTENT_LABEL, type AgreementItem } from './model';

/** The version as people compare it: the hash's first 8 characters. */
export const shortVersion = (v: string) => v.slice(0, 8);

export function AgreementsList() {
  const trpc = useTRPC();
  const router = useRouter();
  const agreements = useQuery({ ...trpc.agreements.list.queryOptions({}), staleTime: 0 });
  const [dialog, setDialog] = useState<{ agreement: AgreementItem | null } | null>(null);
  const [deleting, setDeleting] = useState<AgreementItem | null>(null);
  const newButton = (
    <Button onClick={() => setDialog({ agreement: null })} data-testid="new-agreement">
      <Plus className="h-4 w-4" aria-hidden />
      New agreement
    </Button>
  );

  return (
    <>
      <PageHeader title="Agreements" description="Terms, such as an NDA, that visitors accept before a link opens. Pick one in a link’s or a preset’s access settings." actions={newButton} />
      <Card>
        <DataTable
          label="Agreements"
          rows={agreements.data?.data}
          rowKey={(a) => a.id}
          rowTestId="agreement-row"
          minWidth={640}
          pending={agreements.isPending}
          error={agreements.error}
          onRetry={() => agreements.refetch()}
          errorTitle="Agreements could not be loaded"
          empty={
            <EmptyState icon={FileSignature} title="No agreements yet" action={newButton}>
              Write your NDA once, in markdown or as a document, then ask for it on any link. Every acceptance is kept with a PDF receipt.
            </EmptyState>
          }
          columns={[
            {
              key: 'name',
              header: 'Name',
              cell: (a: AgreementItem) => (
                <Link href={`/agreements/${a.id}`} className="block max-w-64 truncate font-medium text-zinc-900 hover:underline">
                  {a.name}
                </Link>
              ),
            },
            {
              key: 'asks',
              header: 'Asks for',
              cell: (a: AgreementItem) => (
                <div className="flex flex-wrap gap-1">
                  <Badge>{CONTENT_LABEL[a.content_type]}</Badge>
                  {a.require_name && <Badge>Full name</Badge>}
                </div>
              ),
            },
            { key: 'version', header: 'Version', className: 'w-28 font-mono text-xs text-zinc-600', cell: (a: AgreementItem) => <span title={a.version}>{shortVersion(a.version)}</span> },
            { key: 'updated', header: 'Updated', className: 'w-32 whitespace-nowrap text-zinc-600', cell: (a: AgreementItem) => <RelativeTime iso={a.updated_at} /> },
            {
              key: 'actions',
              header: 'Actions',
              hiddenHeader: true,
              className: 'w-14 text-right',
              cell: (a: AgreementItem) => (
                <Menu>
                  <MenuTrigger asChild>
                    <Button variant="ghost" size="icon" aria-label={`Actions for ${a.name}`}>
                      <MoreHorizontal className="h-4 w-4" aria-hidden />
                    </Button>
                  </MenuTrigger>
                  <MenuContent>
                    <MenuItem icon={Users} onSelect={() => router.push(`/agreements/${a.id}`)}>
                      Acceptances
                    </MenuItem>
                    <MenuItem icon={Pencil} onSelect={() => setDialog({ agreement: a })}>
                      Edit agreement
                    </MenuItem>
                    <MenuSeparator />
                    <MenuItem icon={Trash2} danger onSelect={() => setDeleting(a)}>
                      Delete agreement
                    </MenuItem>
                  </MenuContent>
                </Menu>
              ),
            },
          ]}
        />
      </Card>
      <AgreementDialog open={!!dialog} onOpenChange={(o) => !o && setDialog(null)} agreement={dialog?.agreement ?? null} />
      <DeleteAgreementDialog agreement={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
