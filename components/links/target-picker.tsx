'use client';
// What a new link shares: a library document (searched by name) or a data room, and for a room
// who it is for: anyone with the link, or one of its viewer groups.
import { useQuery } from '@tanstack/react-query';
import { FileText, FolderLock, Search, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DocIcon } from '@/components/ui/doc-icon';
import { Field, Input, Select } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { ErrorText } from './controls';
import type { Target } from './draft';

/** Choose the target from scratch (the Links page's "New link"). */
export function TargetPicker({ value, onChange, error }: { value: Target | null; onChange: (t: Target | null) => void; error?: string }) {
  const [kind, setKind] = useState<'document' | 'dataroom'>(value?.kind ?? 'document');
  return (
    <div className="space-y-3">
      <div role="radiogroup" aria-label="Share" className="inline-flex rounded-lg bg-zinc-100 p-0.5">
        {(
          [
            ['document', 'A document', FileText],
            ['dataroom', 'A data room', FolderLock],
          ] as const
        ).map(([k, label, Icon]) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={kind === k}
            onClick={() => {
              setKind(k);
              if (value?.kind !== k) onChange(null);
            }}
            className={cn(
              'flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
              kind === k ? 'bg-white text-zinc-900 shadow-sm ring-1 ring-zinc-200' : 'text-zinc-600 hover:text-zinc-900',
            )}
          >
            <Icon className="h-4 w-4" aria-hidden />
            {label}
          </button>
        ))}
      </div>
      {kind === 'document' ? (
        <DocumentSearch value={value?.kind === 'document' ? value : null} onChange={onChange} />
      ) : (
        <RoomChoice value={value?.kind === 'dataroom' ? value : null} onChange={onChange} />
      )}
      <ErrorText>{error}</ErrorText>
    </div>
  );
}

function DocumentSearch({ value, onChange }: { value: Extract<Target, { kind: 'document' }> | null; onChange: (t: Target | null) => void }) {
  const trpc = useTRPC();
  const [query, setQuery] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setDebounced(query.trim()), 200);
    return () => clearTimeout(t);
  }, [query]);
  const docs = useQuery(trpc.documents.browse.queryOptions({ sort: debounced ? 'name_asc' : 'created_desc', limit: 8, ...(debounced ? { query: debounced } : {}) }));
  const rows = docs.data?.data ?? [];
  return (
    <div>
      <div className="relative">
        <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-zinc-400" aria-hidden />
        <Input aria-label="Search documents" placeholder="Search your documents by name" className="pl-9" value={query} onChange={(e) => setQuery(e.target.value)} />
      </div>
      <div role="radiogroup" aria-label="Documents" className="mt-2 max-h-52 divide-y divide-zinc-100 overflow-y-auto rounded-lg ring-1 ring-zinc-200">
        {docs.isPending ? (
          <div className="space-y-2 p-3">
            <Skeleton className="h-7 w-full" />
            <Skeleton className="h-7 w-full" />
          </div>
        ) : docs.isError ? (
          <p className="p-3 text-sm text-red-600">{errorMessage(docs.error)}</p>
        ) : rows.length === 0 ? (
          <p className="p-3 text-center text-sm text-zinc-500">{debounced ? `No document matches “${debounced}”.` : 'Your library is empty: upload a document first.'}</p>
        ) : (
          rows.map((d) => (
            <label key={d.id} className={cn('flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-zinc-50', value?.id === d.id && 'bg-brand-50/60')}>
              <input
                type="radio"
                name="link-document"
                className="h-4 w-4 border-zinc-300 text-brand-600 focus:ring-brand-500"
                checked={value?.id === d.id}
                onChange={() => onChange({ kind: 'document', id: d.id, name: d.name })}
              />
              <DocIcon type={d.type} className="h-7 w-7" />
              <span className="min-w-0 flex-1 truncate text-zinc-800">{d.name}</span>
            </label>
          ))
        )}
      </div>
    </div>
  );
}

function RoomChoice({ value, onChange }: { value: Extract<Target, { kind: 'dataroom' }> | null; onChange: (t: Target | null) => void }) {
  const trpc = useTRPC();
  const rooms = useQuery(trpc.datarooms.list.queryOptions({ limit: 100 }));
  const list = rooms.data?.data ?? [];
  // One above the other: a group's name is often long ("Buyer A – strategic bidders"), and half a
  // dialog's width cut it off.
  return (
    <div className="grid gap-3">
      <Field label="Data room" error={rooms.isError ? errorMessage(rooms.error) : null}>
        {(p) => (
          <Select
            {...p}
            value={value?.id ?? ''}
            disabled={rooms.isPending}
            onChange={(e) => {
              const r = list.find((x) => x.id === e.target.value);
              onChange(r ? { kind: 'dataroom', id: r.id, name: r.name } : null);
            }}
          >
            <option value="">{rooms.isPending ? 'Loading…' : list.length ? 'Choose a room' : 'No data rooms yet'}</option>
            {list.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {value && <AudienceSelect target={value} onChange={onChange} />}
    </div>
  );
}

/** For a room: anyone with the link, or one of the room's groups. */
export function AudienceSelect({ target, onChange }: { target: Extract<Target, { kind: 'dataroom' }>; onChange: (t: Target) => void }) {
  const trpc = useTRPC();
  const groups = useQuery(trpc.datarooms.groups.list.queryOptions({ id: target.id }));
  const list = groups.data?.data ?? [];
  return (
    <Field
      label="Who it is for"
      hint={target.groupId ? 'Only the group’s members and domains get in, with the group’s permissions.' : 'Anyone who passes the link’s checks sees the whole room.'}
    >
      {(p) => (
        <div className="relative">
          <Users className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-zinc-400" aria-hidden />
          <Select
            {...p}
            className="pl-9"
            value={target.groupId ?? ''}
            onChange={(e) => {
              const g = list.find((x) => x.id === e.target.value);
              onChange({ ...target, groupId: g?.id ?? null, groupName: g?.name });
            }}
          >
            <option value="">Anyone with the link</option>
            {list.map((g) => (
              <option key={g.id} value={g.id}>
                Group: {g.name}
              </option>
            ))}
          </Select>
        </div>
      )}
    </Field>
  );
}
