'use client';
// Picks a destination folder in a room (or its top level), leaving out a folder being moved
// and everything under it.
import { Folder } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import type { RoomFolder } from './hooks';

export function FolderPickerDialog({
  open,
  onOpenChange,
  title,
  folders,
  exclude,
  current,
  pending,
  error,
  onPick,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  title: string;
  folders: RoomFolder[];
  exclude: RoomFolder | null;
  current: string | null;
  pending: boolean;
  error: string | null;
  onPick: (folderId: string | null) => void;
}) {
  const [choice, setChoice] = useState<string | null>(current);
  useEffect(() => {
    if (open) setChoice(current);
  }, [open, current]);
  const options = [...folders]
    .filter((f) => !exclude || (f.id !== exclude.id && !f.path.startsWith(exclude.path + '/')))
    .sort((a, b) => a.path.localeCompare(b.path));
  const row = (id: string | null, label: string, depth: number) => (
    <li key={id ?? 'root'}>
      <label
        className={cn('flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm', choice === id ? 'bg-brand-50 text-brand-700' : 'hover:bg-zinc-50')}
        style={{ paddingLeft: `${0.5 + depth * 0.9}rem` }}
      >
        <input type="radio" name="destination" className="sr-only" checked={choice === id} onChange={() => setChoice(id)} />
        <Folder className="h-4 w-4 shrink-0 text-zinc-400" aria-hidden />
        <span className="truncate">{label}</span>
      </label>
    </li>
  );
  return (
    <Dialog open={open} onOpenChange={(o) => !pending && onOpenChange(o)}>
      <DialogContent title={title} description="Choose where it goes.">
        <ul role="radiogroup" aria-label="Destination" className="max-h-72 space-y-0.5 overflow-y-auto">
          {row(null, 'Room top level', 0)}
          {options.map((f) => row(f.id, f.name, f.path.split('/').length - 1))}
        </ul>
        {error && <p className="mt-3 text-sm text-red-600">{error}</p>}
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={() => onPick(choice)} loading={pending} disabled={choice === current}>
            Move here
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
