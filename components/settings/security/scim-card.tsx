'use client';
// Settings → Security: SCIM provisioning. The base URL and the team's bearer token (shown once,
// stored hashed; making a new one retires the old).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIdentity, useIsAdmin } from '@/components/shell/team-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { Skeleton } from '@/components/ui/spinner';
import { RelativeTime } from '@/components/ui/time';
import { useToast } from '@/components/ui/toast';
import { useTRPC } from '@/lib/trpc/react';

export function ScimCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const isAdmin = useIsAdmin();
  const { appUrl } = useIdentity();
  const [shown, setShown] = useState<string | null>(null);
  const token = useQuery(trpc.sso.scimToken.queryOptions());
  const refresh = () => queryClient.invalidateQueries(trpc.sso.scimToken.queryFilter());
  const create = useMutation(trpc.sso.createScimToken.mutationOptions({ onSuccess: async (t) => (setShown(t.token), await refresh()) }));
  const revoke = useMutation(trpc.sso.revokeScimToken.mutationOptions({ onSuccess: async () => (setShown(null), notify('SCIM token revoked.'), await refresh()) }));
  const base = `${appUrl}/scim/v2`;
  return (
    <Card>
      <CardHeader
        title="SCIM provisioning"
        description="Your identity provider adds, updates and removes members automatically. Removing someone there signs them out here at once."
        action={token.data ? <Badge tone="green">Token active</Badge> : token.isSuccess ? <Badge>No token</Badge> : null}
      />
      <div className="space-y-4 px-5 py-4 text-sm">
        <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
          <span className="w-40 shrink-0 text-zinc-500">SCIM base URL</span>
          <span className="flex min-w-0 flex-1 items-center gap-2">
            <code className="min-w-0 flex-1 truncate rounded-md bg-zinc-50 px-2 py-1 font-mono text-xs text-zinc-800 ring-1 ring-zinc-200">{base}</code>
            <CopyButton value={base} ariaLabel="Copy SCIM base URL" />
          </span>
        </div>
        {token.isLoading && <Skeleton className="h-5 w-1/2" />}
        {token.data && !shown && (
          <p className="text-zinc-600">
            Token ending in <code className="font-mono">…{token.data.last4}</code>, made <RelativeTime iso={token.data.created} />
            {token.data.last_used_at ? (
              <>
                , last used <RelativeTime iso={token.data.last_used_at} />
              </>
            ) : (
              ', never used yet'
            )}
            .
          </p>
        )}
        {shown && (
          <div role="status" className="space-y-2 rounded-lg bg-emerald-50 p-3 ring-1 ring-emerald-200">
            <p className="font-medium text-emerald-900">Copy the token now: it is not shown again.</p>
            <div className="flex items-center gap-2">
              <code className="min-w-0 flex-1 break-all rounded-md bg-white px-2 py-1 font-mono text-xs text-zinc-900 ring-1 ring-emerald-200">{shown}</code>
              <CopyButton value={shown} ariaLabel="Copy SCIM token" />
            </div>
          </div>
        )}
        {create.error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-700">
            {create.error.message}
          </p>
        )}
        {isAdmin ? (
          <div className="flex flex-wrap gap-2">
            <Button variant={token.data ? 'secondary' : 'primary'} disabled={create.isPending} onClick={() => create.mutate()}>
              {token.data ? 'Make a new token' : 'Make a SCIM token'}
            </Button>
            {token.data && (
              <Button variant="ghost" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
                Revoke token
              </Button>
            )}
          </div>
        ) : (
          <p className="text-zinc-500">Only team admins can make SCIM tokens.</p>
        )}
      </div>
    </Card>
  );
}
