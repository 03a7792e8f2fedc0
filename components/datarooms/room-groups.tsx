'use client';
// Viewer groups of a room: create, rename, domains and allow-all, members (paste or upload up
// to 500 addresses at a time), remove members, delete the group.
import { useMutation, useQuery } from '@tanstack/react-query';
import { Mail, Plus, Share2, Trash2, Upload, Users } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { LinkDialog } from '@/components/links/link-dialog';
import { InviteDialog } from '@/components/links/invite-dialog';
import { NameDialog } from '@/components/library/name-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, Input, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/spinner';
import { RelativeTime } from '@/components/ui/time';
import { useToast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { useGroups, useRefreshRooms, type Group, type Room } from './hooks';

/** Addresses in pasted or uploaded text: anything between commas, semicolons, spaces or lines. */
export const parseEmails = (text: string) => [...new Set(text.split(/[\s,;]+/).map((s) => s.trim().toLowerCase()).filter(Boolean))];
const MAX_PER_CALL = 500;

export function RoomGroups({ room }: { room: Room }) {
  const trpc = useTRPC();
  const refresh = useRefreshRooms();
  const groups = useGroups(room.id);
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const create = useMutation(
    trpc.datarooms.groups.create.mutationOptions({
      onSuccess: async (g) => {
        await refresh();
        setSelected(g.id);
        setCreating(false);
      },
    }),
  );
  const list = groups.data?.data ?? [];
  const group = list.find((g) => g.id === selected) ?? list[0] ?? null;

  return (
    <div className="grid gap-5 lg:grid-cols-[16rem_1fr]">
      <Card className="h-fit p-2">
        <div className="flex items-center justify-between px-2 py-1.5">
          <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Groups</h2>
          <Button variant="ghost" size="sm" onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden />
            New
          </Button>
        </div>
        {groups.isPending ? (
          <div className="space-y-2 p-2">
            <Skeleton className="h-6 w-full" />
          </div>
        ) : list.length === 0 ? (
          <p className="px-2 py-3 text-sm text-zinc-500">No groups yet.</p>
        ) : (
          <ul className="space-y-px" aria-label="Groups">
            {list.map((g) => (
              <li key={g.id}>
                <button
                  type="button"
                  onClick={() => setSelected(g.id)}
                  aria-current={group?.id === g.id ? 'true' : undefined}
                  className={cn(
                    'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                    group?.id === g.id ? 'bg-brand-50 font-medium text-brand-700' : 'text-zinc-700 hover:bg-zinc-100',
                  )}
                >
                  <Users className="h-4 w-4 shrink-0 text-zinc-400" aria-hidden />
                  <span className="truncate">{g.name}</span>
                  <span className="ml-auto text-xs text-zinc-400 tabular-nums">{g.member_count}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>

      {group ? (
        <GroupPanel key={group.id} room={room} group={group} onDeleted={() => setSelected(null)} />
      ) : (
        !groups.isPending && (
          <Card>
            <EmptyState
              icon={Users}
              title="No viewer groups yet"
              action={
                <Button onClick={() => setCreating(true)}>
                  <Plus className="h-4 w-4" aria-hidden />
                  New group
                </Button>
              }
            >
              A group is who you share the room with: named people, whole email domains, or anyone with the link. Each group has its own view and download rights.
            </EmptyState>
          </Card>
        )
      )}

      <NameDialog
        open={creating}
        onOpenChange={(o) => {
          setCreating(o);
          if (!o) create.reset();
        }}
        title="New viewer group"
        label="Group name"
        submitLabel="Create group"
        pending={create.isPending}
        error={create.error ? errorMessage(create.error) : null}
        onSubmit={(name) => create.mutate({ id: room.id, name })}
      />
    </div>
  );
}

function GroupPanel({ room, group, onDeleted }: { room: Room; group: Group; onDeleted: () => void }) {
  const trpc = useTRPC();
  const notify = useToast();
  const refresh = useRefreshRooms();
  const [name, setName] = useState(group.name);
  const [domains, setDomains] = useState(group.domains.join(', '));
  const [allowAll, setAllowAll] = useState(group.allow_all);
  const [emails, setEmails] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [inviting, setInviting] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setName(group.name);
    setDomains(group.domains.join(', '));
    setAllowAll(group.allow_all);
  }, [group]);

  const members = useQuery(trpc.datarooms.groups.members.list.queryOptions({ id: room.id, groupId: group.id }));
  // Invitations go out with a link: the group's newest one.
  const links = useQuery(trpc.links.list.queryOptions({ dataroom_id: room.id, limit: 100 }));
  const groupLink = links.data?.data.find((l) => l.group_id === group.id) ?? null;
  const update = useMutation(trpc.datarooms.groups.update.mutationOptions({ onSuccess: async () => (await refresh(), notify('Group saved.')) }));
  const add = useMutation(
    trpc.datarooms.groups.members.add.mutationOptions({
      onSuccess: async (r) => {
        await refresh();
        setEmails('');
        notify(`${r.data.length} ${r.data.length === 1 ? 'member' : 'members'} in the group now include these addresses.`);
      },
    }),
  );
  const remove = useMutation(trpc.datarooms.groups.members.remove.mutationOptions({ onSuccess: () => refresh(), onError: (e) => notify(errorMessage(e), 'error') }));
  const del = useMutation(
    trpc.datarooms.groups.delete.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setDeleting(false);
        onDeleted();
        notify('Group deleted; its links stopped working.');
      },
    }),
  );
  const parsed = parseEmails(emails);
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    const text = (await f.text()).slice(0, 200_000);
    setEmails((cur) => `${cur}${cur ? '\n' : ''}${text}`);
  };
  const domainList = domains.split(/[\s,;]+/).map((d) => d.trim().toLowerCase()).filter(Boolean);
  const dirty = name.trim() !== group.name || domainList.join(',') !== group.domains.join(',') || allowAll !== group.allow_all;

  return (
    <div className="space-y-5">
      <Card>
        <CardHeader
          title={group.name}
          description={`${group.member_count} ${group.member_count === 1 ? 'member' : 'members'}${group.allow_all ? ' · anyone with a link of this group' : ''}`}
          action={
            <div className="flex flex-wrap items-center gap-1">
              <Button variant="secondary" size="sm" onClick={() => setSharing(true)}>
                <Share2 className="h-4 w-4" aria-hidden />
                Share with this group
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={!groupLink}
                title={groupLink ? `Mail ${groupLink.name ? `“${groupLink.name}”` : 'the group’s link'} to people; they join the group` : 'Share with this group first: invitations carry its link'}
                onClick={() => setInviting(true)}
              >
                <Mail className="h-4 w-4" aria-hidden />
                Invite people
              </Button>
              <Button variant="ghost" size="sm" className="text-red-600 hover:bg-red-50" onClick={() => setDeleting(true)}>
                <Trash2 className="h-4 w-4" aria-hidden />
                Delete group
              </Button>
            </div>
          }
        />
        <form
          className="grid gap-4 p-5 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            update.mutate({ id: room.id, groupId: group.id, name: name.trim(), domains: domainList, allow_all: allowAll });
          }}
        >
          <Field label="Name">{(p) => <Input {...p} value={name} maxLength={255} onChange={(e) => setName(e.target.value)} />}</Field>
          <Field label="Email domains" hint="Anyone with an address at these domains is in the group, e.g. fund.example.">
            {(p) => <Input {...p} value={domains} onChange={(e) => setDomains(e.target.value)} placeholder="fund.example, advisors.example" />}
          </Field>
          <label className="flex items-start gap-2 text-sm text-zinc-700 sm:col-span-2">
            <input type="checkbox" className="mt-0.5 h-4 w-4 rounded border-zinc-300 text-brand-600" checked={allowAll} onChange={(e) => setAllowAll(e.target.checked)} />
            <span>
              <span className="font-medium text-zinc-900">Allow anyone</span> — every visitor who opens a link of this group gets its rights, not only members and domains.
            </span>
          </label>
          {update.error && <p className="text-sm text-red-600 sm:col-span-2">{errorMessage(update.error)}</p>}
          <div className="sm:col-span-2">
            <Button type="submit" loading={update.isPending} disabled={!dirty || !name.trim()}>
              Save group
            </Button>
          </div>
        </form>
      </Card>

      <Card>
        <CardHeader title="Members" description="Add people by email. No invitation is sent: share a link of this group with them." />
        <div className="space-y-3 border-b border-zinc-100 p-5">
          <Field label="Email addresses" hint={`Paste addresses separated by commas, spaces or lines, or upload a .txt or .csv file. Up to ${MAX_PER_CALL} at a time.`}>
            {(p) => (
              <Textarea {...p} rows={3} value={emails} onChange={(e) => setEmails(e.target.value)} placeholder="ada@fund.example, grace@fund.example" />
            )}
          </Field>
          {add.error && <p className="text-sm text-red-600">{errorMessage(add.error)}</p>}
          {parsed.length > MAX_PER_CALL && <p className="text-sm text-red-600">{parsed.length} addresses: add at most {MAX_PER_CALL} at a time.</p>}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => add.mutate({ id: room.id, groupId: group.id, emails: parsed })} loading={add.isPending} disabled={parsed.length === 0 || parsed.length > MAX_PER_CALL}>
              {parsed.length ? `Add ${parsed.length} ${parsed.length === 1 ? 'member' : 'members'}` : 'Add members'}
            </Button>
            <Button variant="secondary" onClick={() => file.current?.click()}>
              <Upload className="h-4 w-4" aria-hidden />
              Upload list
            </Button>
            <input ref={file} type="file" accept=".txt,.csv,text/plain,text/csv" className="hidden" onChange={onFile} aria-label="Upload a list of addresses" />
          </div>
        </div>
        <DataTable
          label="Members"
          rows={members.data?.data}
          rowKey={(m) => m.id}
          rowTestId="group-member-row"
          minWidth={420}
          pending={members.isPending}
          error={members.error}
          onRetry={() => members.refetch()}
          empty={<p className="px-5 py-6 text-center text-sm text-zinc-500">No members yet{group.domains.length ? `; anyone at ${group.domains.join(', ')} is in the group` : ''}.</p>}
          columns={[
            { key: 'email', header: 'Email', className: 'font-medium text-zinc-900', cell: (m) => m.email },
            { key: 'added', header: 'Added', className: 'w-32 text-zinc-600 whitespace-nowrap', cell: (m) => <RelativeTime iso={m.created} /> },
            {
              key: 'actions',
              header: 'Actions',
              hiddenHeader: true,
              className: 'w-24 text-right',
              cell: (m) => (
                <Button variant="ghost" size="sm" className="text-red-600 hover:bg-red-50" aria-label={`Remove ${m.email}`} onClick={() => remove.mutate({ id: room.id, groupId: group.id, membershipId: m.id })}>
                  Remove
                </Button>
              ),
            },
          ]}
        />
        {group.domains.length > 0 && (
          <p className="flex flex-wrap items-center gap-1 border-t border-zinc-100 px-5 py-3 text-xs text-zinc-500">
            Also in the group: anyone at {group.domains.map((d) => <Badge key={d}>{d}</Badge>)}
          </p>
        )}
      </Card>

      <LinkDialog
        open={sharing}
        onOpenChange={setSharing}
        target={{ kind: 'dataroom', id: room.id, name: room.name, groupId: group.id, groupName: group.name }}
      />
      {groupLink && <InviteDialog open={inviting} onOpenChange={setInviting} link={groupLink} />}
      <ConfirmDialog
        open={deleting}
        onOpenChange={(o) => {
          setDeleting(o);
          if (!o) del.reset();
        }}
        title={`Delete “${group.name}”?`}
        confirmLabel="Delete group"
        pending={del.isPending}
        error={del.error ? errorMessage(del.error) : null}
        onConfirm={() => del.mutate({ id: room.id, groupId: group.id })}
      >
        <p>Its members, permissions and every link shared with the group stop working at once. Visitors and past views are kept.</p>
      </ConfirmDialog>
    </div>
  );
}
