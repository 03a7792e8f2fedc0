'use client';
// The room's tree with a view and a download switch per item for one group. A document's switch
// is a one-item delta; the server makes the ancestors of anything made visible visible too, and
// the view refreshes to show it. A folder's View switch is the folder and everything inside it
// (asking first when what is inside was set one by one); a folder partly visible shows so.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, FileText, Folder, ShieldCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Select } from '@/components/ui/input';
import { Skeleton, Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { FolderHideDialog } from './folder-hide-dialog';
import { useGroups, useRefreshRooms, useRoomDocuments, useRoomFolders, type Permission, type Room } from './hooks';
import { folderState, treeRows, withFolderSwitched, type FolderState, type TreeRow } from './permission-tree';

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
          const added = { item_id: change.item_id, item_type: 'dataroom_document' as const, can_view: false, can_download: false, can_upload: false, ...strip(change) };
          return { ...old, data: known ? old.data.map(patch) : [...old.data, added] };
        });
      },
      onSettled: () => refresh(),
      onError: (e) => notify(errorMessage(e), 'error'),
    }),
  );
  const rows = useMemo(() => treeRows(folders.data ?? [], documents.data ?? []), [folders.data, documents.data]);
  const kinds = useMemo(() => new Map(rows.map((r) => [r.id, r.kind])), [rows]);
  const switchFolder = useMutation(
    trpc.datarooms.groups.permissions.setFolderVisibility.mutationOptions({
      onMutate: async (v) => {
        await queryClient.cancelQueries({ queryKey: permsKey });
        const folder = rows.find((r) => r.id === v.folderId);
        if (folder) queryClient.setQueryData(permsKey, (old) => old && { ...old, data: withFolderSwitched(old.data, folder, v.visible, kinds) });
      },
      onSuccess: (data, v) => queryClient.setQueryData(trpc.datarooms.groups.permissions.list.queryKey({ id: v.id, groupId: v.groupId }), data),
      onSettled: () => refresh(),
      onError: (e) => notify(errorMessage(e), 'error'),
    }),
  );
  // The status line speaks of the last switch made, whichever kind it was.
  const [lastKind, setLastKind] = useState<'item' | 'folder'>('item');
  const saving = lastKind === 'folder' ? switchFolder : set;
  const [confirming, setConfirming] = useState<{ row: TreeRow; state: FolderState } | null>(null);

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

  const byItem = new Map<string, Permission>((perms.data?.data ?? []).map((p) => [p.item_id, p]));
  const groupName = groups.data.data.find((g) => g.id === groupId)?.name ?? 'the group';
  const accepting = new Set((folders.data ?? []).filter((f) => f.accepts_uploads).map((f) => f.id));
  const toggle = (item: TreeRow, field: 'can_view' | 'can_download' | 'can_upload', value: boolean) => {
    if (!groupId) return;
    setLastKind('item');
    set.mutate({ id: room.id, groupId, permissions: [{ item_id: item.id, [field]: value, ...(field !== 'can_view' && value ? { can_view: true } : {}) }] });
  };
  const setFolder = (row: TreeRow, visible: boolean) => {
    if (!groupId) return;
    setLastKind('folder');
    switchFolder.mutate({ id: room.id, groupId, folderId: row.id, visible }, { onSuccess: () => setConfirming(null) });
  };
  // Unchecked shows the folder and all inside; checked or partly visible hides it all, asking first
  // when that would undo choices made item by item.
  const onFolderView = (row: TreeRow, state: FolderState) => {
    if (state.state === 'off') setFolder(row, true);
    else if (state.setOneByOne) setConfirming({ row, state });
    else setFolder(row, false);
  };

  return (
    <Card>
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-zinc-100 px-5 py-4">
        <div>
          <h2 className="text-sm font-semibold text-zinc-900">What the group sees</h2>
          <p className="mt-0.5 text-sm text-zinc-500">Items a group cannot view are invisible to its visitors. Showing an item shows the folders above it; hiding a folder hides everything in it.</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" aria-live="polite" data-testid="permissions-status" className="flex items-center gap-1.5 border-r border-zinc-200 pr-3 text-sm text-zinc-500">
            {saving.isPending ? (
              <>
                <Spinner className="h-3.5 w-3.5" /> Saving…
              </>
            ) : saving.isSuccess ? (
              <>
                <Check className="h-4 w-4 text-emerald-600" aria-hidden /> Saved
              </>
            ) : saving.isError ? (
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
                switchFolder.reset();
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
      {rows.length === 0 ? (
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
                <th scope="col" className="w-24 px-3 py-2.5 text-center font-medium">
                  Download
                </th>
                <th scope="col" className="w-24 py-2.5 pr-5 pl-3 text-center font-medium" title="Visitors may upload files into the folder for your approval (the folder must accept uploads)">
                  Upload
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {rows.map((item) => {
                const p = byItem.get(item.id);
                const Icon = item.kind === 'folder' ? Folder : FileText;
                const folder = item.kind === 'folder' ? folderState(item, byItem) : null;
                return (
                  <tr key={item.id} data-testid="permission-row">
                    <td className="py-2 pr-3 pl-5">
                      <span className="flex min-w-0 items-center gap-2" style={{ paddingLeft: `${item.depth * 1.1}rem` }}>
                        <Icon className={item.kind === 'folder' ? 'h-4 w-4 shrink-0 text-brand-500' : 'h-4 w-4 shrink-0 text-zinc-400'} aria-hidden />
                        <span className="truncate text-zinc-900">{item.name}</span>
                        {folder?.state === 'partial' && (
                          <span data-testid="folder-partial" className="shrink-0 rounded-full bg-amber-50 px-2 py-0.5 text-xs text-amber-800 ring-1 ring-amber-200">
                            {partialLabel(folder)}
                          </span>
                        )}
                      </span>
                    </td>
                    <td className="px-3 py-2 text-center">
                      <RightBox
                        label={`${item.name}: view`}
                        checked={folder ? folder.state === 'on' : (p?.can_view ?? false)}
                        partly={folder?.state === 'partial'}
                        disabled={perms.isPending}
                        onChange={(checked) => (folder ? onFolderView(item, folder) : toggle(item, 'can_view', checked))}
                      />
                    </td>
                    <td className="px-3 py-2 text-center">
                      <RightBox
                        label={`${item.name}: download`}
                        checked={p?.can_download ?? false}
                        disabled={perms.isPending}
                        onChange={(checked) => toggle(item, 'can_download', checked)}
                      />
                    </td>
                    <td className="py-2 pr-5 pl-3 text-center">
                      {item.kind === 'folder' ? (
                        accepting.has(item.id) ? (
                          <RightBox label={`${item.name}: upload`} checked={p?.can_upload ?? false} disabled={perms.isPending} onChange={(checked) => toggle(item, 'can_upload', checked)} />
                        ) : (
                          <span className="text-xs text-zinc-400" title="Turn on “Accept visitor uploads” for this folder in Documents first">
                            Off
                          </span>
                        )
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <FolderHideDialog
        target={confirming}
        groupName={groupName}
        pending={switchFolder.isPending}
        error={confirming && switchFolder.isError ? errorMessage(switchFolder.error) : null}
        onCancel={() => {
          setConfirming(null);
          switchFolder.reset();
        }}
        onConfirm={(row) => setFolder(row, false)}
      />
    </Card>
  );
}

/** One right's switch; `partly` draws it indeterminate (announced as "mixed"). */
function RightBox({ label, checked, partly = false, disabled, onChange }: { label: string; checked: boolean; partly?: boolean; disabled: boolean; onChange: (checked: boolean) => void }) {
  return (
    <input
      type="checkbox"
      ref={(el) => {
        if (el) el.indeterminate = partly;
      }}
      className="h-4 w-4 rounded border-zinc-300 text-brand-600 focus:ring-brand-500"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}

function partialLabel(f: FolderState) {
  if (f.visibleInside === 0) return 'Folder shown, contents hidden';
  return `Partly visible: ${f.visibleInside} of ${f.inside} inside`;
}
