'use client';
// Asks before a folder switch undoes rights set item by item inside the folder: what is visible
// and downloadable inside now, and that all of it will be hidden from the group.
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { FolderState, TreeRow } from './permission-tree';

const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

export function FolderHideDialog({
  target,
  groupName,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  target: { row: TreeRow; state: FolderState } | null;
  groupName: string;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (row: TreeRow) => void;
}) {
  const s = target?.state;
  return (
    <ConfirmDialog
      open={!!target}
      onOpenChange={(open) => !open && onCancel()}
      title={target ? `Hide “${target.row.name}” and everything in it?` : ''}
      confirmLabel="Hide folder"
      pending={pending}
      error={error}
      onConfirm={() => target && onConfirm(target.row)}
    >
      {s && (
        <>
          <p>
            The {items(s.inside)} inside were set one by one: {s.visibleInside} {s.visibleInside === 1 ? 'is' : 'are'} visible to {groupName}
            {s.downloadableInside > 0 ? `, ${s.downloadableInside} downloadable` : ''}.
          </p>
          <p>
            Hiding the folder hides all of them: {groupName}’s visitors will no longer see the folder or anything in it. Checking it again shows
            everything inside.
          </p>
        </>
      )}
    </ConfirmDialog>
  );
}
