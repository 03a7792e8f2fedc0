'use client';
// Settings → Connected apps: every device login of the team (the CLI and other OAuth clients),
// with who approved it, its scopes and last use; revoking ends it at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MonitorSmartphone, ShieldAlert, Terminal } from 'lucide-react';
import { useState } from 'react';
import { describeAgent } from '@/lib/shared/user-agent';
import { useIdentity, useIsAdmin } from '@/components/shell/team-context';
import { Badge } from '@/components/ui/badge';
import { Card, PageHeader } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { RelativeTime } from '@/components/ui/time';
import { useToast } from '@/components/ui/toast';
import { useTRPC } from '@/lib/trpc/react';
import type { ConnectedAppView as App } from '@/server/services/connected-apps';
import { LastUsed, RevokeButton, RevokeConfirm } from './revoke';
import { scopeLabels } from './scope-picker';

export function ConnectedApps() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const { team } = useIdentity();
  const isAdmin = useIsAdmin();
  const [revoking, setRevoking] = useState<App | null>(null);
  const apps = useQuery({ ...trpc.oauth.connectedApps.queryOptions(), staleTime: 0 });
  const revoke = useMutation(
    trpc.oauth.revokeConnectedApp.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.oauth.connectedApps.queryFilter());
        notify(`${revoking?.client_name ?? 'The app'} was disconnected. Its tokens no longer work.`);
        setRevoking(null);
      },
    }),
  );

  return (
    <>
      <PageHeader
        title="Connected apps"
        description={
          <>
            Apps signed in to <strong className="font-medium text-zinc-800">{team.name}</strong> with your approval: the Quire CLI
            (<code className="rounded bg-zinc-100 px-1 text-xs">quire login</code>), AI agents connected over MCP, and other tools.
          </>
        }
      />
      <Card>
        <DataTable
          label="Connected apps"
          rows={apps.data}
          rowKey={(a) => a.id}
          rowTestId="connected-app-row"
          minWidth={720}
          pending={apps.isPending}
          error={apps.error}
          onRetry={() => apps.refetch()}
          errorTitle="Connected apps could not be loaded"
          empty={
            <EmptyState icon={Terminal} title="No connected apps">
              Run <code className="rounded bg-zinc-100 px-1 text-xs">npx quire login</code> and approve the code it shows, or add Quire to an AI
              agent (MCP) and approve it in the browser: it appears here, and you can end it at any time.
            </EmptyState>
          }
          columns={[
            {
              key: 'client',
              header: 'App',
              cell: (a: App) => (
                <div className="min-w-40">
                  <div className="flex items-center gap-1.5 font-medium text-zinc-900">
                    <MonitorSmartphone className="h-4 w-4 text-zinc-400" aria-hidden />
                    {a.client_name}
                    {!a.verified_client && (
                      <Badge tone="amber">
                        <ShieldAlert className="h-3 w-3" aria-hidden /> Unverified
                      </Badge>
                    )}
                  </div>
                  <div className="text-xs text-zinc-500" title={a.device_agent ?? undefined}>
                    {describeAgent(a.device_agent)}
                    {a.device_ip ? ` · ${a.device_ip}` : ''}
                  </div>
                </div>
              ),
            },
            { key: 'user', header: 'Approved by', className: 'whitespace-nowrap text-zinc-700', cell: (a: App) => (a.is_you ? `${a.user_email} (you)` : a.user_email) },
            {
              key: 'scopes',
              header: 'Scopes',
              cell: (a: App) => (
                <div className="flex max-w-xs flex-wrap gap-1">
                  {scopeLabels(a.scopes.filter((s) => s !== 'offline_access')).map((s) => (
                    <Badge key={s} tone={s === 'Full access' ? 'brand' : 'neutral'}>
                      {s}
                    </Badge>
                  ))}
                  {a.scopes.includes('offline_access') && <Badge tone="neutral">Stays signed in</Badge>}
                </div>
              ),
            },
            { key: 'created', header: 'Connected', className: 'whitespace-nowrap text-zinc-600', cell: (a: App) => <RelativeTime iso={a.created} /> },
            {
              key: 'used',
              header: 'Last used',
              className: 'whitespace-nowrap text-zinc-600',
              cell: (a: App) => <LastUsed iso={a.last_used_at} />,
            },
            {
              key: 'actions',
              header: 'Actions',
              hiddenHeader: true,
              className: 'text-right',
              cell: (a: App) =>
                (isAdmin || a.is_you) && (
                  <RevokeButton name={a.client_name} onClick={() => setRevoking(a)} />
                ),
            },
          ]}
        />
      </Card>
      <RevokeConfirm
        target={revoking}
        title={`Disconnect ${revoking?.client_name ?? 'this app'}?`}
        confirmLabel="Revoke access"
        mutation={revoke}
        onClose={() => setRevoking(null)}
        onConfirm={(a) => revoke.mutate({ id: a.id })}
      >
        <p>Its access and refresh tokens stop working at once; the device has to sign in again with a new code.</p>
      </RevokeConfirm>
    </>
  );
}
