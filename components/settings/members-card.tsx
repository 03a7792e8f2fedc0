'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { useIsAdmin } from '@/components/shell/team-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Select } from '@/components/ui/input';
import { DataTable } from '@/components/ui/data-table';
import { RelativeTime } from '@/components/ui/time';
import { useToast } from '@/components/ui/toast';
import { ROLE_LABELS } from '@/lib/format';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { InviteForm } from './invite-form';

type Role = 'admin' | 'manager' | 'member';
type Member = { id: string; email: string; role: Role; is_you: boolean; joined: string };
type Invitation = { id: string; email: string; role: Role; invited_by: string | null; created: string; expired: boolean };

export function MembersCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const isAdmin = useIsAdmin();
  const [removing, setRemoving] = useState<Member | null>(null);
  const members = useQuery(trpc.members.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries(trpc.members.list.queryFilter());
  const changeRole = useMutation(
    trpc.members.changeRole.mutationOptions({
      onSuccess: async () => {
        await refresh();
        notify('Role updated.');
      },
      onError: (e) => notify(errorMessage(e), 'error'),
    }),
  );
  // The last admin can neither step down nor leave; say so instead of offering it.
  const soleAdmin = (m: Member) => m.role === 'admin' && (members.data ?? []).filter((x) => x.role === 'admin').length === 1;
  const remove = useMutation(
    trpc.members.remove.mutationOptions({
      onSuccess: async (r) => {
        if (r.left_team) {
          window.location.assign('/documents');
          return;
        }
        await refresh();
        notify(`${removing?.email} was removed from the team.`);
        setRemoving(null);
      },
    }),
  );

  return (
    <Card>
      <CardHeader title="Members" description="Admins manage members and API tokens. Managers and members work with documents." />
      {isAdmin && (
        <div className="border-b border-zinc-100">
          <InviteForm />
        </div>
      )}
      <DataTable
        label="Members"
        rows={members.data}
        rowKey={(m) => m.id}
        rowTestId="member-row"
        minWidth={520}
        pending={members.isPending}
        error={members.error}
        onRetry={() => members.refetch()}
        errorTitle="Members could not be loaded"
        columns={[
          {
            key: 'member',
            header: 'Member',
            cell: (m: Member) => (
              <div className="flex min-w-0 items-center gap-3">
                <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-zinc-100 text-xs font-semibold text-zinc-600 uppercase" aria-hidden>
                  {m.email.charAt(0)}
                </span>
                <div className="min-w-0">
                  <p className="flex items-center gap-2 truncate font-medium text-zinc-900">
                    {m.email}
                    {m.is_you && <Badge>You</Badge>}
                  </p>
                  <p className="text-xs text-zinc-500">
                    Joined <RelativeTime iso={m.joined} />
                  </p>
                </div>
              </div>
            ),
          },
          {
            key: 'role',
            header: 'Role',
            className: 'w-36',
            cell: (m: Member) =>
              isAdmin && !soleAdmin(m) ? (
                <Select
                  aria-label={`Role of ${m.email}`}
                  value={m.role}
                  disabled={changeRole.isPending}
                  onChange={(e) => changeRole.mutate({ id: m.id, role: e.target.value as Role })}
                >
                  <option value="admin">Admin</option>
                  <option value="manager">Manager</option>
                  <option value="member">Member</option>
                </Select>
              ) : (
                <Badge tone={m.role === 'admin' ? 'brand' : 'neutral'}>{ROLE_LABELS[m.role]}</Badge>
              ),
          },
          {
            key: 'actions',
            header: 'Actions',
            hiddenHeader: true,
            className: 'w-24 text-right',
            cell: (m: Member) =>
              (isAdmin || m.is_you) && !soleAdmin(m) ? (
                <Button variant="ghost" size="sm" className="text-red-600 hover:bg-red-50" onClick={() => setRemoving(m)}>
                  {m.is_you ? 'Leave' : 'Remove'}
                </Button>
              ) : (
                soleAdmin(m) && <span className="text-xs text-zinc-400">Only admin</span>
              ),
          },
        ]}
      />
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(o) => {
          if (!o) {
            setRemoving(null);
            remove.reset();
          }
        }}
        title={removing?.is_you ? 'Leave this team?' : `Remove ${removing?.email ?? ''}?`}
        confirmLabel={removing?.is_you ? 'Leave team' : 'Remove member'}
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
      >
        <p>
          {removing?.is_you
            ? 'You will lose access to its documents straight away. An admin can invite you back.'
            : 'They lose access to the team’s documents straight away. API tokens they created keep working until an admin revokes them.'}
        </p>
      </ConfirmDialog>
    </Card>
  );
}

export function InvitationsCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const isAdmin = useIsAdmin();
  const invitations = useQuery(trpc.invitations.list.queryOptions());
  const revoke = useMutation(
    trpc.invitations.revoke.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.invitations.list.queryFilter());
        notify('Invitation revoked.');
      },
      onError: (e) => notify(errorMessage(e), 'error'),
    }),
  );
  if (!invitations.data?.length) return null;
  return (
    <Card>
      <CardHeader title="Pending invitations" description="Invitations expire after 7 days. Inviting the same email again sends a fresh link." />
      <DataTable
        label="Pending invitations"
        rows={invitations.data}
        rowKey={(inv) => inv.id}
        rowTestId="invitation-row"
        columns={[
          {
            key: 'email',
            header: 'Invited',
            cell: (inv: Invitation) => (
              <div className="flex min-w-0 items-center gap-3">
                <Mail className="h-4 w-4 shrink-0 text-zinc-400" aria-hidden />
                <div className="min-w-0">
                  <p className="truncate font-medium text-zinc-900">{inv.email}</p>
                  <p className="text-xs text-zinc-500">
                    {ROLE_LABELS[inv.role]} · invited {inv.invited_by ? `by ${inv.invited_by} ` : ''}
                    <RelativeTime iso={inv.created} />
                  </p>
                </div>
              </div>
            ),
          },
          { key: 'status', header: 'Status', className: 'w-28', cell: (inv: Invitation) => (inv.expired ? <Badge tone="amber">Expired</Badge> : <Badge>Pending</Badge>) },
          {
            key: 'actions',
            header: 'Actions',
            hiddenHeader: true,
            className: 'w-24 text-right',
            cell: (inv: Invitation) =>
              isAdmin && (
                <Button variant="ghost" size="sm" onClick={() => revoke.mutate({ id: inv.id })} disabled={revoke.isPending}>
                  Revoke
                </Button>
              ),
          },
        ]}
      />
    </Card>
  );
}
