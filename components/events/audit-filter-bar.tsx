'use client';
// The audit log's filters, as the API has them: type (grouped by resource), actor type, actor
// email, dates, room, resource id. Choices apply at once; typed text on Enter or leaving the field.
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { ACTOR_TYPES } from '@/lib/shared/event-types';
import { useTRPC } from '@/lib/trpc/react';
import { hasFilters, localTimeZone, type AuditFilters } from './audit-filters';
import { ACTOR_TYPE_LABELS, typeGroups } from './event-words';

function Labelled({ label, children, className }: { label: string; children: (id: string) => ReactNode; className?: string }) {
  const id = `audit-filter-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className={cn('min-w-0 space-y-1', className)}>
      <label htmlFor={id} className="block text-xs font-medium text-zinc-600">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A text filter: typed freely, applied on Enter or when the field is left. */
function TextFilter({ id, value, placeholder, type = 'text', onApply }: { id: string; value?: string; placeholder: string; type?: string; onApply: (v: string | undefined) => void }) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  const apply = () => {
    const v = text.trim() || undefined;
    if (v !== value) onApply(v);
  };
  return (
    <Input
      id={id}
      type={type}
      value={text}
      placeholder={placeholder}
      onChange={(e) => setText(e.target.value)}
      onBlur={apply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          apply();
        }
      }}
    />
  );
}

function RoomSelect({ id, value, onChange }: { id: string; value?: string; onChange: (v: string | undefined) => void }) {
  const trpc = useTRPC();
  const rooms = useQuery(trpc.datarooms.list.queryOptions({ limit: 100 }));
  const list = rooms.data?.data ?? [];
  // The URL may name the room by its dr_ id; the options use the internal one.
  const selected = value ? (list.find((r) => r.id === value || r.pid === value)?.id ?? null) : '';
  return (
    <Select id={id} value={selected ?? value} onChange={(e) => onChange(e.target.value || undefined)}>
      <option value="">All rooms</option>
      {list.map((r) => (
        <option key={r.id} value={r.id}>
          {r.name}
        </option>
      ))}
      {selected === null && <option value={value}>{rooms.isPending ? 'Loading…' : `Room ${value}`}</option>}
    </Select>
  );
}

export function AuditFilterBar({
  filters,
  onChange,
  hideRoom = false,
  actions,
}: {
  filters: AuditFilters;
  onChange: (f: AuditFilters) => void;
  /** In a room's Activity tab: the room is given. */
  hideRoom?: boolean;
  /** Beside "Clear filters" (the CSV download). */
  actions?: ReactNode;
}) {
  const groups = useMemo(typeGroups, []);
  const set = (patch: Partial<AuditFilters>) => onChange({ ...filters, ...patch });
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => setZone(localTimeZone()), []);
  return (
    <div className="space-y-3 border-b border-zinc-100 p-4" role="search" aria-label="Filter the audit log">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Labelled label="Event type" className="col-span-2 sm:col-span-1">
          {(id) => (
            <Select id={id} value={filters.type ?? ''} onChange={(e) => set({ type: e.target.value || undefined })}>
              <option value="">All events</option>
              {groups.map((g) => (
                <optgroup key={g.label} label={g.label}>
                  {g.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </Select>
          )}
        </Labelled>
        <Labelled label="Actor" className={hideRoom ? 'col-span-2 sm:col-span-1' : undefined}>
          {(id) => (
            <Select id={id} value={filters.actor_type ?? ''} onChange={(e) => set({ actor_type: (e.target.value || undefined) as AuditFilters['actor_type'] })}>
              <option value="">Anyone</option>
              {ACTOR_TYPES.map((t) => (
                <option key={t} value={t}>
                  {ACTOR_TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          )}
        </Labelled>
        {!hideRoom && <Labelled label="Data room">{(id) => <RoomSelect id={id} value={filters.dataroom_id} onChange={(v) => set({ dataroom_id: v })} />}</Labelled>}
        <Labelled label="Actor email" className="col-span-2 sm:col-span-1">
          {(id) => <TextFilter id={id} type="email" value={filters.actor_email} placeholder="name@company.com" onApply={(v) => set({ actor_email: v })} />}
        </Labelled>
        <Labelled label="From">
          {(id) => <Input id={id} type="date" value={filters.from ?? ''} max={filters.to} onChange={(e) => set({ from: e.target.value || undefined })} />}
        </Labelled>
        <Labelled label="To">
          {(id) => <Input id={id} type="date" value={filters.to ?? ''} min={filters.from} onChange={(e) => set({ to: e.target.value || undefined })} />}
        </Labelled>
        <Labelled label="Resource id" className={cn('col-span-2', !hideRoom && 'lg:col-span-1')}>
          {(id) => <TextFilter id={id} value={filters.resource_id} placeholder="An item’s id" onApply={(v) => set({ resource_id: v })} />}
        </Labelled>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-zinc-500">
        <span>{zone ? `Dates and times in your time zone (${zone}).` : '\u00a0'}</span>
        <div className="flex flex-wrap items-center gap-2">
          {hasFilters(filters, hideRoom ? ['dataroom_id'] : []) && (
            <Button variant="ghost" size="sm" onClick={() => onChange(hideRoom ? { dataroom_id: filters.dataroom_id } : {})}>
              <X className="h-4 w-4" aria-hidden />
              Clear filters
            </Button>
          )}
          {actions}
        </div>
      </div>
    </div>
  );
}
