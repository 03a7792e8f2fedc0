'use client';
// Settings → Security → Sessions: where the member is signed in (browser, address, last seen),
// revoking one, and signing out everywhere. A revoked session is signed out on its next request.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Laptop } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import type { SessionView } from '@/server/services/security/sessions';
import { LastUsed, RevokeButton, RevokeConfirm } from '../revoke';

export function SessionsCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const [revoking, setRevoking] = useState<SessionView | null>(null);
  const [everywhere, setEverywhere] = useState(false);
  const sessions = useQuery({ ...trpc.security.sessions.list.queryOptions(), staleTime: 0 });
  const revoke = useMutation(
    trpc.security.sessions.revoke.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.security.sessions.list.queryFilter());
        notify('The session was signed out.');
        setRevoking(null);
      },
    }),
  );
  const revokeAll = useMutation(
    trpc.security.sessions.revokeAll.mutationOptions({
      // This browser's session went too: the sign-in page is all that is left.
      onSuccess: () => window.location.assign('/signin'),
    }),
  );

  return (
    <Card>
      <CardHeader
        title="Sessions"
        description="Browsers where you are signed in to Quire. Revoking one signs it out on its next request."
        action={
          <Button variant="secondary" size="sm" onClick={() => setEverywhere(true)} disabled={!sessions.data?.length}>
            Sign out everywhere
          </Button>
        }
      />
      <DataTable
        label="Sessions"
        rows={sessions.data}
        rowKey={(s) => s.id}
        rowTestId="session-row"
        minWidth={640}
        pending={sessions.isPending}
        error={sessions.error}
        onRetry={() => sessions.refetch()}
        errorTitle="Sessions could not be loaded"
        empty={<EmptyState icon={Laptop} title="No sessions">Sign-ins appear here with their browser and address.</EmptyState>}
        columns={[
          {
            key: 'browser',
            header: 'Browser',
            cell: (s: SessionView) => (
              <div className="flex min-w-40 items-center gap-2">
                <Laptop className="h-4 w-4 shrink-0 text-zinc-400" aria-hidden />
                <span className="font-medium text-zinc-900" title={s.user_agent ?? undefined}>
                  {s.browser}
                </span>
                {s.is_current && <Badge tone="brand">This browser</Badge>}
              </div>
            ),
          },
          { key: 'ip', header: 'Address', className: 'whitespace-nowrap font-mono text-xs text-zinc-600', cell: (s: SessionView) => s.ip_address ?? '—' },
          { key: 'seen', header: 'Last seen', className: 'whitespace-nowrap text-zinc-600', cell: (s: SessionView) => <LastUsed iso={s.last_seen_at} /> },
          {
            key: 'actions',
            header: 'Actions',
            hiddenHeader: true,
            className: 'text-right',
            cell: (s: SessionView) => !s.is_current && <RevokeButton name={s.browser} onClick={() => setRevoking(s)} />,
          },
        ]}
      />
      <RevokeConfirm
        target={revoking}
        title="Sign out this session?"
        confirmLabel="Sign out"
        mutation={revoke}
        onClose={() => setRevoking(null)}
        onConfirm={(s) => revoke.mutate({ id: s.id })}
      >
        <p>
          {revoking?.browser}
          {revoking?.ip_address ? ` at ${revoking.ip_address}` : ''} is signed out on its next request.
        </p>
      </RevokeConfirm>
      <ConfirmDialog
        open={everywhere}
        onOpenChange={(o) => {
          setEverywhere(o);
          if (!o) revokeAll.reset();
        }}
        title="Sign out everywhere?"
        confirmLabel="Sign out everywhere"
        pending={revokeAll.isPending}
        error={revokeAll.error ? errorMessage(revokeAll.error) : null}
        onConfirm={() => revokeAll.mutate({ keep_current: false })}
      >
        <p>Every browser signed in as you is signed out, this one included. You sign in again with a new link.</p>
      </ConfirmDialog>
    </Card>
  );
}
