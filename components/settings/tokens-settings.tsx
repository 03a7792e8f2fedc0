'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookOpen, CircleAlert, KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { useIdentity, useIsAdmin } from '@/components/shell/team-context';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { DataTable } from '@/components/ui/data-table';
import { RelativeTime } from '@/components/ui/time';
import { useToast } from '@/components/ui/toast';
import { useTRPC } from '@/lib/trpc/react';
import { CreateTokenDialog } from './create-token-dialog';
import { LastUsed, RevokeButton, RevokeConfirm } from './revoke';
import { scopeLabels } from './scope-picker';

type Token = { id: string; name: string; scopes: string[]; last4: string; created: string; created_by: string | null; last_used_at: string | null };

export function TokensSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const { team } = useIdentity();
  const isAdmin = useIsAdmin();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<Token | null>(null);
  // Last-used times change outside the dashboard (on /v1), so refetch whenever the page opens.
  const tokens = useQuery({ ...trpc.tokens.list.queryOptions(), staleTime: 0 });
  const revoke = useMutation(
    trpc.tokens.revoke.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.tokens.list.queryFilter());
        notify(`Token “${revoking?.name}” revoked. It no longer works.`);
        setRevoking(null);
      },
    }),
  );

  const createButton = isAdmin ? (
    <Button onClick={() => setCreating(true)}>
      <Plus className="h-4 w-4" aria-hidden />
      Create token
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title="API tokens"
        description={
          <>
            Tokens let scripts and integrations call the Quire API on behalf of <strong className="font-medium text-zinc-800">{team.name}</strong>.
          </>
        }
        actions={
          <>
            <a href="/docs/api" target="_blank" rel="noreferrer" className={buttonClass('secondary')}>
              <BookOpen className="h-4 w-4" aria-hidden />
              API reference
            </a>
            <a href="/docs/api/errors" target="_blank" rel="noreferrer" className={buttonClass('ghost')}>
              Error codes
            </a>
            {createButton}
          </>
        }
      />
      {!isAdmin && (
        <p className="mb-4 flex items-center gap-2 rounded-lg bg-zinc-100 px-3 py-2 text-sm text-zinc-600">
          <CircleAlert className="h-4 w-4 shrink-0 text-zinc-400" aria-hidden />
          Only team admins can create and revoke tokens.
        </p>
      )}
      <Card>
        <DataTable
          label="API tokens"
          rows={tokens.data}
          rowKey={(t) => t.id}
          rowTestId="token-row"
          minWidth={640}
          pending={tokens.isPending}
          error={tokens.error}
          onRetry={() => tokens.refetch()}
          errorTitle="Tokens could not be loaded"
          empty={
            <EmptyState icon={KeyRound} title="No API tokens yet" action={createButton}>
              Create a token to use the Quire API from your scripts, CI or integrations. You choose what it may read and change.
            </EmptyState>
          }
          columns={[
            {
              key: 'name',
              header: 'Name',
              className: 'max-w-48 truncate font-medium whitespace-nowrap text-zinc-900',
              cell: (t: Token) => <span title={t.name}>{t.name}</span>,
            },
            {
              key: 'scopes',
              header: 'Scopes',
              cell: (t: Token) => (
                <div className="flex max-w-xs flex-wrap gap-1">
                  {scopeLabels(t.scopes).map((s) => (
                    <Badge key={s} tone={s === 'Full access' ? 'brand' : 'neutral'}>
                      {s}
                    </Badge>
                  ))}
                </div>
              ),
            },
            { key: 'token', header: 'Token', className: 'font-mono text-xs whitespace-nowrap text-zinc-600', cell: (t: Token) => `quire_live_…${t.last4}` },
            {
              key: 'created',
              header: 'Created',
              className: 'whitespace-nowrap text-zinc-600',
              cell: (t: Token) => (
                <>
                  <RelativeTime iso={t.created} />
                  {t.created_by && <div className="text-xs text-zinc-400">by {t.created_by}</div>}
                </>
              ),
            },
            {
              key: 'used',
              header: 'Last used',
              className: 'whitespace-nowrap text-zinc-600',
              cell: (t: Token) => <LastUsed iso={t.last_used_at} />,
            },
            {
              key: 'actions',
              header: 'Actions',
              hiddenHeader: true,
              className: 'text-right',
              cell: (t: Token) =>
                isAdmin && (
                  <RevokeButton name={t.name} onClick={() => setRevoking(t)} />
                ),
            },
          ]}
        />
      </Card>
      <CreateTokenDialog open={creating} onOpenChange={setCreating} />
      <RevokeConfirm
        target={revoking}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        confirmLabel="Revoke token"
        mutation={revoke}
        onClose={() => setRevoking(null)}
        onConfirm={(t) => revoke.mutate({ id: t.id })}
      >
        <p>Anything using this token will get 401 errors from its next request. This cannot be undone.</p>
      </RevokeConfirm>
    </>
  );
}
