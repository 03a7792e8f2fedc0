'use client';
// A room's settings: names, description, bulk download, the default permission of new items,
// the room archive, freezing, and deleting (refused while frozen).
import { useMutation } from '@tanstack/react-query';
import { Lock, LockOpen, Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { Field, Input, Select, Textarea } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { useRefreshRooms, type Room } from './hooks';
import { RoomArchive } from './room-archive';
import { RoomQaSettings } from './room-qa-settings';

export function RoomSettings({ room }: { room: Room }) {
  const trpc = useTRPC();
  const router = useRouter();
  const notify = useToast();
  const refresh = useRefreshRooms();
  const [form, setForm] = useState(() => fromRoom(room));
  const [confirm, setConfirm] = useState<'freeze' | 'delete' | null>(null);
  useEffect(() => setForm(fromRoom(room)), [room]);
  const update = useMutation(trpc.datarooms.update.mutationOptions({ onSuccess: async () => (await refresh(), notify('Room saved.')) }));
  const freeze = useMutation(
    trpc.datarooms.update.mutationOptions({
      onSuccess: async (r) => {
        await refresh();
        setConfirm(null);
        notify(r.is_frozen ? 'Room frozen.' : 'Room unfrozen.');
      },
    }),
  );
  const del = useMutation(
    trpc.datarooms.delete.mutationOptions({
      onSuccess: async () => {
        await refresh();
        router.push('/datarooms');
        notify(`“${room.name}” deleted.`);
      },
    }),
  );
  const dirty = JSON.stringify(form) !== JSON.stringify(fromRoom(room));
  const set = <K extends keyof typeof form>(k: K, v: (typeof form)[K]) => setForm((f) => ({ ...f, [k]: v }));

  return (
    <div className="space-y-5">
      <Card>
        <CardHeader title="Room" description="Visitors see the name and the description; only your team sees the internal name." />
        <form
          className="grid gap-4 p-5 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            update.mutate({
              id: room.id,
              name: form.name.trim(),
              internal_name: form.internal_name.trim() || null,
              description: form.description.trim() || null,
              allow_bulk_download: form.allow_bulk_download,
              default_permission: form.default_permission,
              index_numbers: form.index_numbers,
            });
          }}
        >
          <Field label="Name">{(p) => <Input {...p} value={form.name} maxLength={255} onChange={(e) => set('name', e.target.value)} />}</Field>
          <Field label="Internal name">{(p) => <Input {...p} value={form.internal_name} maxLength={255} onChange={(e) => set('internal_name', e.target.value)} />}</Field>
          <Field label="Description" className="sm:col-span-2">
            {(p) => (
<Textarea {...p} rows={3} maxLength={5000} value={form.description} onChange={(e) => set('description', e.target.value)} />
            )}
          </Field>
          <Field label="New documents and folders" hint="What each group gets for items added from now on.">
            {(p) => (
              <Select {...p} value={form.default_permission} onChange={(e) => set('default_permission', e.target.value as 'inherit' | 'hidden')}>
                <option value="inherit">Visible like their folder</option>
                <option value="hidden">Hidden until allowed</option>
              </Select>
            )}
          </Field>
          <label className="flex items-start gap-2 self-end pb-2 text-sm text-zinc-700">
            <input type="checkbox" className="mt-0.5 h-4 w-4 rounded border-zinc-300 text-brand-600" checked={form.allow_bulk_download} onChange={(e) => set('allow_bulk_download', e.target.checked)} />
            <span>Allow downloading the whole room at once</span>
          </label>
          <label className="flex items-start gap-2 text-sm text-zinc-700 sm:col-span-2">
            <input
              type="checkbox"
              data-testid="index-numbers"
              className="mt-0.5 h-4 w-4 rounded border-zinc-300 text-brand-600"
              checked={form.index_numbers}
              onChange={(e) => set('index_numbers', e.target.checked)}
            />
            <span>
              Show index numbers (1, 1.2, 1.2.3) to your team and to visitors
              <span className="block text-xs text-zinc-500">In the room’s tree and lists, search results and the index downloads. They follow the order you drag items into.</span>
            </span>
          </label>
          {update.error && <p className="text-sm text-red-600 sm:col-span-2">{errorMessage(update.error)}</p>}
          <div className="sm:col-span-2">
            <Button type="submit" loading={update.isPending} disabled={!dirty || !form.name.trim()}>
              Save changes
            </Button>
          </div>
        </form>
      </Card>

      <Card>
        <CardHeader
          title="Room ID"
          description="For the API and the CLI: /v1/datarooms/{id} takes this ID."
          action={
            <div className="flex min-w-0 items-center gap-2">
              <code className="truncate rounded bg-zinc-100 px-2 py-1 font-mono text-xs text-zinc-700" data-testid="room-pid">
                {room.pid}
              </code>
              <CopyButton value={room.pid} ariaLabel="Copy the room ID" />
            </div>
          }
        />
      </Card>

      <RoomQaSettings room={room} />

      <RoomArchive room={room} />

      <Card>
        <CardHeader
          title={room.is_frozen ? 'The room is frozen' : 'Freeze the room'}
          description={
            room.is_frozen
              ? 'Its documents and folders cannot change until you unfreeze it. Groups, members and permissions still can.'
              : 'When the deal closes, freeze the room: nobody can add, remove, move or reorder its documents and folders.'
          }
          action={
            room.is_frozen ? (
              <Button variant="secondary" loading={freeze.isPending} onClick={() => freeze.mutate({ id: room.id, is_frozen: false })}>
                <LockOpen className="h-4 w-4" aria-hidden />
                Unfreeze
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => setConfirm('freeze')}>
                <Lock className="h-4 w-4" aria-hidden />
                Freeze room
              </Button>
            )
          }
        />
      </Card>

      <Card>
        <CardHeader
          title="Delete the room"
          description={room.is_frozen ? 'Unfreeze the room before deleting it.' : 'Its folders, groups, permissions and links go; the documents stay in your library.'}
          action={
            <Button variant="danger" disabled={room.is_frozen} onClick={() => setConfirm('delete')}>
              <Trash2 className="h-4 w-4" aria-hidden />
              Delete room
            </Button>
          }
        />
      </Card>

      <ConfirmDialog
        open={confirm === 'freeze'}
        onOpenChange={(o) => !o && (setConfirm(null), freeze.reset())}
        title={`Freeze “${room.name}”?`}
        confirmLabel="Freeze room"
        pending={freeze.isPending}
        error={freeze.error ? errorMessage(freeze.error) : null}
        onConfirm={() => freeze.mutate({ id: room.id, is_frozen: true })}
      >
        <p>Documents and folders become read-only. You can unfreeze it later.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(o) => !o && (setConfirm(null), del.reset())}
        title={`Delete “${room.name}”?`}
        confirmLabel="Delete room"
        pending={del.isPending}
        error={del.error ? errorMessage(del.error) : null}
        onConfirm={() => del.mutate({ id: room.id })}
      >
        <p>Its links stop working at once. This cannot be undone; the documents stay in your library.</p>
      </ConfirmDialog>
    </div>
  );
}

function fromRoom(r: Room) {
  return {
    name: r.name,
    internal_name: r.internal_name ?? '',
    description: r.description ?? '',
    allow_bulk_download: r.allow_bulk_download,
    default_permission: r.default_permission,
    index_numbers: r.index_numbers,
  };
}
