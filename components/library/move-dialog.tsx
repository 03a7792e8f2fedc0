'use client';
import { Folder, FolderOpen, Library } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useFolderPages } from '@/lib/trpc/lists';
import type { FolderItem } from '@/lib/trpc/types';

/**
 * Picks a destination folder. Lists every folder in path order (which is tree order), so the
 * hierarchy shows by indentation; `exclude` hides a folder being moved and its subtree.
 */
export function MoveDialog({
  open,
  onOpenChange,
  title,
  currentFolderId,
  exclude,
  pending,
  error,
  onMove,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  title: string;
  currentFolderId: string | null;
  exclude?: FolderItem | null;
  pending: boolean;
  error: string | null;
  onMove: (folderId: string | null) => void;
}) {
  const [selected, setSelected] = useState<string | null>(currentFolderId);
  const [filter, setFilter] = useState('');
  useEffect(() => {
    if (open) {
      setSelected(currentFolderId);
      setFilter('');
    }
  }, [open, currentFolderId]);

  const folders = useFolderPages('all', { enabled: open });
  const all = useMemo(() => folders.data?.pages.flatMap((p) => p.data) ?? [], [folders.data]);
  const visible = all.filter(
    (f) =>
      (!exclude || (f.id !== exclude.id && !f.path.startsWith(`${exclude.path}/`))) &&
      (!filter || f.name.toLowerCase().includes(filter.toLowerCase())),
  );
  const depth = (f: FolderItem) => f.path.split('/').length - 2;

  const option = (id: string | null, label: string, level: number, isFolder: boolean) => {
    const active = selected === id;
    const here = currentFolderId === id;
    return (
      <li key={id ?? 'root'}>
        <button
          type="button"
          role="radio"
          aria-checked={active}
          onClick={() => setSelected(id)}
          className={cn(
            'flex w-full items-center gap-2 rounded-md py-1.5 pr-2 text-left text-sm',
            active ? 'bg-brand-50 text-brand-700 ring-1 ring-brand-200' : 'text-zinc-700 hover:bg-zinc-100',
          )}
          style={{ paddingLeft: `${0.5 + (filter ? 0 : level) * 1.1}rem` }}
        >
          {isFolder ? (
            active ? <FolderOpen className="h-4 w-4 shrink-0" aria-hidden /> : <Folder className="h-4 w-4 shrink-0 text-zinc-400" aria-hidden />
          ) : (
            <Library className="h-4 w-4 shrink-0 text-zinc-400" aria-hidden />
          )}
          <span className="truncate">{label}</span>
          {here && <span className="ml-auto shrink-0 text-xs text-zinc-400">current</span>}
        </button>
      </li>
    );
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !pending && onOpenChange(o)}>
      <DialogContent title={title} description="Choose where it should go.">
        {all.length > 8 && <Input placeholder="Filter folders" value={filter} onChange={(e) => setFilter(e.target.value)} className="mb-2" aria-label="Filter folders" />}
        <div className="max-h-72 overflow-y-auto rounded-lg p-1 ring-1 ring-zinc-200">
          {folders.isPending ? (
            <div className="space-y-2 p-2">
              <Skeleton className="h-6 w-2/3" />
              <Skeleton className="h-6 w-1/2" />
            </div>
          ) : (
            <ul role="radiogroup" aria-label="Destination" className="space-y-0.5">
              {!filter && option(null, 'Documents (top level)', 0, false)}
              {visible.map((f) => option(f.id, f.name, depth(f) + 1, true))}
              {folders.hasNextPage && (
                <li>
                  <Button variant="ghost" size="sm" className="w-full" loading={folders.isFetchingNextPage} onClick={() => folders.fetchNextPage()}>
                    Show more folders
                  </Button>
                </li>
              )}
            </ul>
          )}
        </div>
        {error && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={() => onMove(selected)} loading={pending} disabled={selected === currentFolderId}>
            Move here
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
