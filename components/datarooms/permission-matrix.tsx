'use client';
// The permission matrix: every group × every folder and document of the room in one grid. A cell
// is Hidden, View or View and download; a cell that equals its folder's is inherited (muted).
// Click a cell (or Enter/Space) to step through the three; keys 0, 1, 2 set it, I inherits from
// the folder; arrow keys move between cells. Folder rows cascade (model: permission-matrix-model).
// Edits stay pending until "Save", which sends them in one PUT (all or none). Rows are
// virtualised (only those in view are drawn), so 50 groups × 2,000 items scroll smoothly.
import { useMutation, useQuery } from '@tanstack/react-query';
import { Download, Eye, EyeOff, FileText, Folder, Search, ShieldCheck } from 'lucide-react';
import { useCallback, useMemo, useRef, useState, type KeyboardEvent, type UIEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Input, Select } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { useRefreshRooms, type Room } from './hooks';
import {
  CELL_LABELS,
  cellAt,
  changesOf,
  isInherited,
  parentIndex,
  pendingCount,
  setOneByOne,
  withCell,
  type Cell,
  type Matrix,
  type Pending,
} from './permission-matrix-model';

const ROW = 36;
const NAME_COL = 320;
const GROUP_COL = 112;
const OVERSCAN = 8;

const ICONS = { 0: EyeOff, 1: Eye, 2: Download } as const;

export function PermissionMatrix({ room }: { room: Room }) {
  const trpc = useTRPC();
  const notify = useToast();
  const refresh = useRefreshRooms();
  const matrix = useQuery(trpc.datarooms.permissions.matrix.queryOptions({ id: room.id }));
  const [pending, setPending] = useState<Pending>(new Map());
  const [filter, setFilter] = useState('');
  const [kind, setKind] = useState<'all' | 'dataroom_folder' | 'dataroom_document'>('all');
  const [groupFilter, setGroupFilter] = useState('');
  const [scrollTop, setScrollTop] = useState(0);
  const [hideAsk, setHideAsk] = useState<{ g: number; i: number; count: number } | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const save = useMutation(
    trpc.datarooms.permissions.update.mutationOptions({
      onSuccess: async (r) => {
        setPending(new Map());
        await Promise.all([matrix.refetch(), refresh()]);
        notify(`Saved ${r.applied} ${r.applied === 1 ? 'change' : 'changes'} for ${r.groups.length} ${r.groups.length === 1 ? 'group' : 'groups'}.`);
      },
      onError: (e) => notify(errorMessage(e), 'error'),
    }),
  );

  const m = matrix.data as Matrix | undefined;
  const parents = useMemo(() => (m ? parentIndex(m.items) : new Int32Array()), [m]);
  const rows = useMemo(() => {
    if (!m) return [] as number[];
    const needle = filter.trim().toLowerCase();
    const out: number[] = [];
    m.items.forEach((it, i) => {
      if (kind !== 'all' && it.type !== kind) return;
      if (needle && !it.name.toLowerCase().includes(needle) && !(it.index_number ?? '').startsWith(needle)) return;
      out.push(i);
    });
    return out;
  }, [m, filter, kind]);
  const columns = useMemo(() => {
    if (!m) return [] as number[];
    const needle = groupFilter.trim().toLowerCase();
    return m.groups.flatMap((g, i) => (!needle || g.name.toLowerCase().includes(needle) ? [i] : []));
  }, [m, groupFilter]);

  const set = useCallback(
    (g: number, i: number, v: Cell | 'inherit') => {
      if (!m) return;
      setPending((p) => withCell(m, p, parents, g, i, v));
    },
    [m, parents],
  );
  /** Hiding a folder whose items were set one by one asks first. */
  const choose = (g: number, i: number, v: Cell | 'inherit') => {
    if (!m) return;
    if (v === 0 && m.items[i]!.type === 'dataroom_folder') {
      const count = setOneByOne(m, pending, g, i);
      if (count > 0) return setHideAsk({ g, i, count });
    }
    set(g, i, v);
  };

  const focusCell = (r: number, c: number) => {
    const el = body.current;
    if (!el) return;
    const row = Math.max(0, Math.min(rows.length - 1, r));
    const col = Math.max(0, Math.min(columns.length - 1, c));
    // Scroll the row into view first: it may not be drawn yet.
    if (row * ROW < el.scrollTop) el.scrollTop = row * ROW;
    else if ((row + 1) * ROW > el.scrollTop + el.clientHeight - ROW) el.scrollTop = (row + 2) * ROW - el.clientHeight;
    requestAnimationFrame(() => el.querySelector<HTMLButtonElement>(`[data-cell="${row}:${col}"]`)?.focus());
  };
  const onCellKey = (e: KeyboardEvent, r: number, c: number, g: number, i: number) => {
    const keys: Record<string, () => void> = {
      ArrowUp: () => focusCell(r - 1, c),
      ArrowDown: () => focusCell(r + 1, c),
      ArrowLeft: () => focusCell(r, c - 1),
      ArrowRight: () => focusCell(r, c + 1),
      '0': () => choose(g, i, 0),
      '1': () => choose(g, i, 1),
      '2': () => choose(g, i, 2),
      i: () => choose(g, i, 'inherit'),
    };
    const run = keys[e.key];
    if (run) {
      e.preventDefault();
      run();
    }
  };

  if (matrix.isPending)
    return (
      <Card className="space-y-2 p-5">
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-2/3" />
      </Card>
    );
  if (matrix.isError || !m)
    return (
      <Card>
        <EmptyState icon={ShieldCheck} title="The matrix could not be loaded" action={<Button variant="secondary" onClick={() => matrix.refetch()}>Try again</Button>}>
          {errorMessage(matrix.error)}
        </EmptyState>
      </Card>
    );
  if (!m.groups.length || !m.items.length)
    return (
      <Card>
        <EmptyState icon={ShieldCheck} title={!m.groups.length ? 'No groups yet' : 'Nothing in this room yet'}>
          {!m.groups.length ? 'Create viewer groups in the Groups tab; the matrix sets what each one sees.' : 'Add documents and folders; the matrix then shows each group’s rights on them.'}
        </EmptyState>
      </Card>
    );

  const count = pendingCount(pending);
  const height = Math.min(560, Math.max(rows.length, 1) * ROW + 2);
  const first = Math.max(0, Math.floor(scrollTop / ROW) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + height) / ROW) + OVERSCAN);
  const width = NAME_COL + columns.length * GROUP_COL;

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-center gap-2 border-b border-zinc-100 px-4 py-3">
        <div className="relative min-w-48 flex-1 sm:max-w-64">
          <Search className="pointer-events-none absolute top-1/2 left-2.5 h-4 w-4 -translate-y-1/2 text-zinc-400" aria-hidden />
          <Input aria-label="Filter items" placeholder="Filter items or numbers" className="pl-8" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </div>
        <Select aria-label="Item type" className="w-36" value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
          <option value="all">Everything</option>
          <option value="dataroom_folder">Folders</option>
          <option value="dataroom_document">Documents</option>
        </Select>
        <Input aria-label="Filter groups" placeholder="Filter groups" className="w-40" value={groupFilter} onChange={(e) => setGroupFilter(e.target.value)} />
        <div className="ml-auto flex items-center gap-2">
          <span className="text-sm text-zinc-500 tabular-nums" data-testid="matrix-pending" aria-live="polite">
            {count ? `${count} unsaved ${count === 1 ? 'change' : 'changes'}` : `${m.groups.length} groups × ${m.items.length} items`}
          </span>
          <Button variant="secondary" disabled={!count || save.isPending} onClick={() => setPending(new Map())}>
            Discard
          </Button>
          <Button loading={save.isPending} disabled={!count || count > 5000} onClick={() => save.mutate({ id: room.id, changes: changesOf(m, pending) })}>
            Save changes
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-4 border-b border-zinc-100 bg-zinc-50 px-4 py-2 text-xs text-zinc-500">
        {([0, 1, 2] as Cell[]).map((c) => {
          const Icon = ICONS[c];
          return (
            <span key={c} className="inline-flex items-center gap-1.5">
              <Icon className="h-3.5 w-3.5" aria-hidden /> {CELL_LABELS[c]}
            </span>
          );
        })}
        <span className="inline-flex items-center gap-1.5">
          <span className="h-3 w-3 rounded-sm bg-zinc-200" aria-hidden /> Inherited from its folder
        </span>
        <span className="hidden sm:inline">Keys: 0 hide · 1 view · 2 download · I inherit · arrows move</span>
      </div>
      <div
        ref={body}
        role="grid"
        aria-label="Permissions of every group"
        aria-rowcount={rows.length + 1}
        aria-colcount={columns.length + 1}
        data-testid="permission-matrix"
        className="relative overflow-auto"
        style={{ height: height + ROW }}
        onScroll={(e: UIEvent<HTMLDivElement>) => setScrollTop(e.currentTarget.scrollTop)}
      >
        <div style={{ width, height: rows.length * ROW + ROW }} className="relative">
          <div role="row" aria-rowindex={1} className="sticky top-0 z-20 flex border-b border-zinc-200 bg-white" style={{ height: ROW, width }}>
            <div role="columnheader" className="sticky left-0 z-10 flex items-center bg-white px-3 text-xs font-semibold text-zinc-500 uppercase" style={{ width: NAME_COL }}>
              Item
            </div>
            {columns.map((g) => (
              <div key={m.groups[g]!.id} role="columnheader" title={m.groups[g]!.name} className="flex items-center justify-center truncate px-2 text-xs font-semibold text-zinc-700" style={{ width: GROUP_COL }}>
                <span className="truncate">{m.groups[g]!.name}</span>
              </div>
            ))}
          </div>
          {rows.slice(first, last).map((i, k) => {
            const r = first + k;
            const it = m.items[i]!;
            const folder = it.type === 'dataroom_folder';
            return (
              <div
                key={it.id}
                role="row"
                aria-rowindex={r + 2}
                data-testid="matrix-row"
                className={cn('absolute left-0 flex border-b border-zinc-100', folder ? 'bg-zinc-50/70' : 'bg-white')}
                style={{ top: ROW + r * ROW, height: ROW, width }}
              >
                <div role="rowheader" className={cn('sticky left-0 z-10 flex items-center gap-2 border-r border-zinc-100 pr-3', folder ? 'bg-zinc-50' : 'bg-white')} style={{ width: NAME_COL, paddingLeft: 12 + Math.min(it.depth, 10) * 14 }}>
                  {folder ? <Folder className="h-4 w-4 shrink-0 text-brand-500" aria-hidden /> : <FileText className="h-4 w-4 shrink-0 text-zinc-400" aria-hidden />}
                  {it.index_number && <span className="shrink-0 text-xs text-zinc-400 tabular-nums">{it.index_number}</span>}
                  <span className={cn('truncate text-sm', folder ? 'font-medium text-zinc-900' : 'text-zinc-700')} title={it.name}>
                    {it.name}
                  </span>
                </div>
                {columns.map((g, c) => {
                  const value = cellAt(m, pending, g, i);
                  const inherited = isInherited(m, pending, parents, g, i);
                  const edited = pending.get(m.groups[g]!.id)?.has(i) ?? false;
                  const Icon = ICONS[value];
                  return (
                    <div key={m.groups[g]!.id} role="gridcell" className="flex items-center justify-center" style={{ width: GROUP_COL }}>
                      <button
                        type="button"
                        data-cell={`${r}:${c}`}
                        tabIndex={r === 0 && c === 0 ? 0 : -1}
                        aria-label={`${m.groups[g]!.name}, ${it.name}: ${CELL_LABELS[value]}${inherited ? ' (inherited)' : ''}${edited ? ', unsaved' : ''}`}
                        title={`${CELL_LABELS[value]}${inherited ? ' — inherited from its folder' : ''}`}
                        onClick={() => choose(g, i, ((value + 1) % 3) as Cell)}
                        onKeyDown={(e) => onCellKey(e, r, c, g, i)}
                        data-value={value}
                        className={cn(
                          'inline-flex h-7 w-16 items-center justify-center rounded-md text-xs ring-1 transition-colors focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                          value === 0 && 'text-zinc-400 ring-zinc-200',
                          value === 1 && 'bg-brand-50 text-brand-700 ring-brand-200',
                          value === 2 && 'bg-emerald-50 text-emerald-700 ring-emerald-200',
                          inherited && 'opacity-60',
                          edited && 'ring-2 ring-amber-400',
                        )}
                      >
                        <Icon className="h-3.5 w-3.5" aria-hidden />
                      </button>
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
      {rows.length === 0 && <p className="px-4 py-6 text-center text-sm text-zinc-500">No item matches the filter.</p>}
      <ConfirmDialog
        open={!!hideAsk}
        onOpenChange={(o) => !o && setHideAsk(null)}
        title={hideAsk ? `Hide “${m.items[hideAsk.i]!.name}” from ${m.groups[hideAsk.g]!.name}?` : ''}
        confirmLabel="Hide everything inside"
        onConfirm={() => {
          if (hideAsk) set(hideAsk.g, hideAsk.i, 0);
          setHideAsk(null);
        }}
      >
        <p>
          {hideAsk?.count} {hideAsk?.count === 1 ? 'item inside was' : 'items inside were'} set one by one. Hiding the folder hides everything inside it, those included.
        </p>
      </ConfirmDialog>
    </Card>
  );
}
