'use client';
// Adds library documents to a room (into the selected folder): search by name, pick several,
// add them in one go. Documents already in the room are shown as such and cannot be picked.
import { useQuery } from '@tanstack/react-query';
import { Check, FileText, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC, useTRPCClient } from '@/lib/trpc/react';
import { useRefreshRooms, type Room, type RoomFolder } from './hooks';

export function DocumentPicker({
  open,
  onOpenChange,
  room,
  folder,
  inRoom,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  room: Room;
  folder: RoomFolder | null;
  inRoom: Set<string>;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const notify = useToast();
  const refresh = useRefreshRooms();
  const [query, setQuery] = useState('');
  const [debounced, setDebounced] = useState('');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(query.trim()), 200);
    return () => clearTimeout(t);
  }, [query]);
  useEffect(() => {
    if (!open) {
      setQuery('');
      setPicked(new Set());
      setError(null);
    }
  }, [open]);
  const library = useQuery({
    ...trpc.documents.browse.queryOptions({ sort: 'name_asc', limit: 100, ...(debounced ? { query: debounced } : {}) }),
    enabled: open,
  });
  const toggle = (id: string) =>
    setPicked((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const add = async () => {
    setAdding(true);
    setError(null);
    const failures: string[] = [];
    for (const id of picked) {
      try {
        await client.datarooms.documents.attach.mutate({ id: room.id, document_id: id, folder_id: folder?.id ?? null });
      } catch (e) {
        failures.push(errorMessage(e));
      }
    }
    await refresh();
    setAdding(false);
    if (failures.length) setError(`${failures.length} could not be added: ${failures[0]}`);
    else {
      notify(`${picked.size} ${picked.size === 1 ? 'document' : 'documents'} added to ${folder ? folder.name : room.name}.`);
      onOpenChange(false);
    }
  };
  const rows = library.data?.data ?? [];
  return (
    <Dialog open={open} onOpenChange={(o) => !adding && onOpenChange(o)}>
      <DialogContent title="Add documents" description={`From your library into ${folder ? `“${folder.name}”` : 'the top level of the room'}.`} className="max-w-lg">
        <div className="relative">
          <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-zinc-400" aria-hidden />
          <Input aria-label="Search the library" placeholder="Search by name" className="pl-9" value={query} onChange={(e) => setQuery(e.target.value)} autoFocus />
        </div>
        <ul className="mt-3 max-h-80 divide-y divide-zinc-100 overflow-y-auto rounded-lg ring-1 ring-zinc-200" aria-label="Library documents">
          {library.isPending ? (
            <li className="space-y-2 p-3">
              <Skeleton className="h-8 w-full" />
              <Skeleton className="h-8 w-full" />
            </li>
          ) : library.isError ? (
            <li className="p-4 text-sm text-red-600">{errorMessage(library.error)}</li>
          ) : rows.length === 0 ? (
            <li className="p-4 text-center text-sm text-zinc-500">{debounced ? `No document matches “${debounced}”.` : 'Your library is empty: upload documents first.'}</li>
          ) : (
            rows.map((d) => {
              const already = inRoom.has(d.id);
              const checked = picked.has(d.id);
              return (
                <li key={d.id}>
                  <label className={cn('flex items-center gap-3 px-3 py-2 text-sm', already ? 'cursor-not-allowed text-zinc-400' : 'cursor-pointer hover:bg-zinc-50')}>
                    <input
                      type="checkbox"
                      className="h-4 w-4 rounded border-zinc-300 text-brand-600 focus:ring-brand-500"
                      checked={checked || already}
                      disabled={already}
                      onChange={() => toggle(d.id)}
                    />
                    <FileText className="h-4 w-4 shrink-0 text-zinc-400" aria-hidden />
                    <span className="min-w-0 flex-1 truncate">{d.name}</span>
                    {already && (
                      <span className="flex items-center gap-1 text-xs">
                        <Check className="h-3 w-3" aria-hidden />
                        In room
                      </span>
                    )}
                  </label>
                </li>
              );
            })
          )}
        </ul>
        {error && <p className="mt-3 text-sm text-red-600">{error}</p>}
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={adding}>
            Cancel
          </Button>
          <Button onClick={add} loading={adding} disabled={picked.size === 0}>
            {picked.size ? `Add ${picked.size} ${picked.size === 1 ? 'document' : 'documents'}` : 'Add documents'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
