'use client';
// The room's tree with a view and a download switch per item for one group. Each switch is a
// one-item delta; the server makes the ancestors of anything made visible visible too, and the
// view refreshes to show it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, FileText, Folder, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Select } from '@/components/ui/input';
import { Skeleton, Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { useGroups, useRefreshRooms, useRoomDocuments, useRoomFolders, type Permission, type Room } from './hooks';

type Item = { id: string; kind: 'folder' | 'document'; name: string; depth: number };

const strip = (c: { can_view?: boolean; can_download?: boolean }) => ({
  ...(c.can_view !== undefined ? { can_view: c.can_view } : {}),
  ...(c.can_download !== undefined ? { can_download: c.can_download } : {}),
});

export function RoomPermissions({ room }: { room: Room }) {
  const trpc = useTRPC();
  const notify = useToast();
  const refresh = useRefreshRooms();
  const groups = useGroups(room.id);
  const folders = useRoomFolders(room.id);
  const documents = useRoomDocuments(room.id);
  const [picked, setPicked] = useState<string | null>(null);
  const groupId = picked ?? groups.data?.data[0]?.id ?? null;
  const perms = useQuery({ ...trpc.datarooms.groups.permissions.list.queryOptions({ id: room.id, groupId: groupId ?? '' }), enabled: !!groupId });
  const queryClient = useQueryClient();
  const permsKey = trpc.datarooms.groups.permissions.list.queryKey({ id: room.id, groupId: groupId ?? '' });
  // Shown at once; the refetch that follows brings what the server changed besides (ancestors).
  const set = useMutation(
    trpc.datarooms.groups.permissions.set.mutationOptions({
      onMutate: async (v) => {
        // A refetch already on its way would otherwise land after this and undo it on screen.
        await queryClient.cancelQueries({ queryKey: permsKey });
        const change = v.permissions[0]!;
        queryClient.setQueryData(permsKey, (old) => {
          if (!old) return old;
          const known = old.data.some((p) => p.item_id === change.item_id);
          const patch = (p: Permission) => (p.item_id === change.item_id ? { ...p, ...strip(change) } : p);
          const added = { item_id: change.item_id, item_type: 'dataroom_document' as const, can_view: false, can_download: false, ...strip(change) };
          return { ...old, data: known ? old.data.map(patch) : [...old.data, added] };
        });
      },
      onSettled: () => refresh(),
      onError: (e) => notify(errorMessage(e), 'error'),
    }),
  );

  if (groups.isPending || folders.isPending || documents.isPending) {
    return (
      <Card className="space-y-3 p-5">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-10 w-full" />
      </Card>
    );
  }
  if (!groups.data?.data.length) {
    return (
      <Card>
        <EmptyState icon={ShieldCheck} title="No groups to give rights to">
          Create a viewer group in the Groups tab first; then choose here what it may see and download.
        </EmptyState>
      </Card>
    );
  }

  // Depth-first: each folder, then its documents, then its subfolders.
  const items: Item[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const d of (documents.data ?? []).filter((x) => x.folder_id === parent)) items.push({ id: d.id, kind: 'document', name: d.document_name, depth });
    for (const f of (folders.data ?? []).filter((x) => x.parent_id === parent).sort((a, b) => a.name.localeCompare(b.name))) {
      items.push({ id: f.id, kind: 'folder', name: f.name, depth });
      walk(f.id, depth + 1);
    }
  };
  walk(null, 0);
  const byItem = new Map<string, Permission>((perms.data?.data ?? []).map((p) => [p.item_id, p]));
  const toggle = (item: Item, field: 'can_view' | 'can_download', value: boolean) =>
    groupId && set.mutate({ id: room.id, groupId, permissions: [{ item_id: item.id, [field]: value, ...(field === 'can_download' && value ? { can_view: true } : {}) }] });

  return (
    <Card>
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-zinc-100 px-5 py-4">
        <div>
          <h2 className="text-sm font-semibold text-zinc-900">What the group sees</h2>
          <p className="mt-0.5 text-sm text-zinc-500">Items a group cannot view are invisible to its visitors. Showing an item shows the folders above it.</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" aria-live="polite" data-testid="permissions-status" className="flex items-center gap-1.5 border-r border-zinc-200 pr-3 text-sm text-zinc-500">
            {set.isPending ? (
              <>
                <Spinner className="h-3.5 w-3.5" /> Saving…
              </>
            ) : set.isSuccess ? (
              <>
                <Check className="h-4 w-4 text-emerald-600" aria-hidden /> Saved
              </>
            ) : set.isError ? (
              <span className="text-red-600">Not saved</span>
            ) : (
              'Changes save as you switch'
            )}
          </p>
          <label className="flex items-center gap-2 text-sm text-zinc-700">
            Group
            <Select
              aria-label="Group"
              className="w-52"
              value={groupId ?? ''}
              onChange={(e) => {
                set.reset();
                setPicked(e.target.value);
              }}
            >
              {groups.data.data.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </Select>
          </label>
        </div>
      </div>
      {items.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-zinc-500">The room is empty: add documents and folders first.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[480px] text-sm" aria-label="Permissions">
            <thead className="border-b border-zinc-100 text-left text-xs text-zinc-500">
              <tr>
                <th scope="col" className="py-2.5 pr-3 pl-5 font-medium">
                  Item
                </th>
                <th scope="col" className="w-24 px-3 py-2.5 text-center font-medium">
                  View
                </th>
                <th scope="col" className="w-24 py-2.5 pr-5 pl-3 text-center font-medium">
                  Download
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {items.map((item) => {
                const p = byItem.get(item.id);
                const Icon = item.kind === 'folder' ? Folder : FileText;
                return (
                  <tr key={item.id} data-testid="permission-row">
                    <td className="py-2 pr-3 pl-5">
                      <span className="flex items-center gap-2" style={{ paddingLeft: `${item.depth * 1.1}rem` }}>
                        <Icon className={item.kind === 'folder' ? 'h-4 w-4 shrink-0 text-brand-500' : 'h-4 w-4 shrink-0 text-zinc-400'} aria-hidden />
                        <span className="truncate text-zinc-900">{item.name}</span>
                      </span>
                    </td>
                    <td className="px-3 py-2 text-center">
                      <input
                        type="checkbox"
                        className="h-4 w-4 rounded border-zinc-300 text-brand-600 focus:ring-brand-500"
                        aria-label={`${item.name}: view`}
                        checked={p?.can_view ?? false}
                        disabled={perms.isPending}
                        onChange={(e) => toggle(item, 'can_view', e.target.checked)}
                      />
                    </td>
                    <td className="py-2 pr-5 pl-3 text-center">
                      <input
                        type="checkbox"
                        className="h-4 w-4 rounded border-zinc-300 text-brand-600 focus:ring-brand-500"
                        aria-label={`${item.name}: download`}
                        checked={p?.can_download ?? false}
                        disabled={perms.isPending}
                        onChange={(e) => toggle(item, 'can_download', e.target.checked)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
