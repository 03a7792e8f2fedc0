'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookOpen, CircleAlert, KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { useIdentity, useIsAdmin } from '@/components/shell/team-context';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/spinner';
import { RelativeTime } from '@/components/ui/time';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { CreateTokenDialog } from './create-token-dialog';
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
        {tokens.isPending ? (
          <div className="space-y-3 p-5">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : tokens.isError ? (
          <EmptyState icon={CircleAlert} title="Tokens could not be loaded" action={<Button variant="secondary" onClick={() => tokens.refetch()}>Try again</Button>}>
            {errorMessage(tokens.error)}
          </EmptyState>
        ) : tokens.data.length === 0 ? (
          <EmptyState icon={KeyRound} title="No API tokens yet" action={createButton}>
            Create a token to use the Quire API from your scripts, CI or integrations. You choose what it may read and change.
          </EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[640px] text-sm">
              <thead className="border-b border-zinc-100 text-left text-xs text-zinc-500">
                <tr>
                  <th className="px-5 py-2.5 font-medium">Name</th>
                  <th className="px-3 py-2.5 font-medium">Scopes</th>
                  <th className="px-3 py-2.5 font-medium">Token</th>
                  <th className="px-3 py-2.5 font-medium">Created</th>
                  <th className="px-3 py-2.5 font-medium">Last used</th>
                  <th className="px-5 py-2.5">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100">
                {tokens.data.map((t) => (
                  <tr key={t.id} data-testid="token-row">
                    <td className="max-w-48 truncate px-5 py-3 font-medium whitespace-nowrap text-zinc-900" title={t.name}>
                      {t.name}
                    </td>
                    <td className="px-3 py-3">
                      <div className="flex max-w-xs flex-wrap gap-1">
                        {scopeLabels(t.scopes).map((s) => (
                          <Badge key={s} tone={s === 'Full access' ? 'brand' : 'neutral'}>
                            {s}
                          </Badge>
                        ))}
                      </div>
                    </td>
                    <td className="px-3 py-3 font-mono text-xs whitespace-nowrap text-zinc-600">quire_live_…{t.last4}</td>
                    <td className="px-3 py-3 whitespace-nowrap text-zinc-600">
                      <RelativeTime iso={t.created} />
                      {t.created_by && <div className="text-xs text-zinc-400">by {t.created_by}</div>}
                    </td>
                    <td className="px-3 py-3 whitespace-nowrap text-zinc-600">{t.last_used_at ? <RelativeTime iso={t.last_used_at} /> : <span className="text-zinc-400">Never</span>}</td>
                    <td className="px-5 py-3 text-right">
                      {isAdmin && (
                        <Button variant="ghost" size="sm" className="text-red-600 hover:bg-red-50" onClick={() => setRevoking(t)} aria-label={`Revoke ${t.name}`}>
                          Revoke
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <CreateTokenDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={!!revoking}
        onOpenChange={(o) => {
          if (!o) {
            setRevoking(null);
            revoke.reset();
          }
        }}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        confirmLabel="Revoke token"
        pending={revoke.isPending}
        error={revoke.error ? errorMessage(revoke.error) : null}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
      >
        <p>Anything using this token will get 401 errors from its next request. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
