'use client';
// Which events an endpoint receives: every event (`*`), or groups (`dataroom.*`) whose types can
// be opened and ticked one by one. The value is the list of patterns the API stores.
import { ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { ALL_EVENTS, covered, EVENT_GROUPS, groupState, toggleGroup, toggleType, type EventGroup } from './model';

export function EventPicker({ value, onChange, error }: { value: Set<string>; onChange: (v: Set<string>) => void; error?: string }) {
  const all = value.has(ALL_EVENTS);
  const errorId = useId();
  // What "Selected events" held before "All events" was chosen, to restore when switching back.
  const [kept, setKept] = useState<Set<string>>(() => (all ? new Set() : value));
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-zinc-800">Events</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        <Choice
          checked={all}
          onChange={() => {
            setKept(value);
            onChange(new Set([ALL_EVENTS]));
          }}
          label="All events"
          hint="Everything the team does, including event types added later (*)"
        />
        <Choice checked={!all} onChange={() => onChange(new Set(kept))} label="Selected events" hint="Choose groups, or single types within a group" />
      </div>
      {!all && (
        <ul className="mt-3 max-h-72 divide-y divide-zinc-100 overflow-y-auto rounded-lg ring-1 ring-zinc-200" aria-label="Event groups">
          {EVENT_GROUPS.map((g) => (
            <Group key={g.prefix} group={g} value={value} onChange={onChange} />
          ))}
        </ul>
      )}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : (
        !all &&
        value.size === 0 && <p className="mt-1.5 text-xs text-zinc-500">Tick at least one group or event type.</p>
      )}
    </fieldset>
  );
}

function Choice({ checked, onChange, label, hint }: { checked: boolean; onChange: () => void; label: string; hint: string }) {
  return (
    <label
      className={cn(
        'flex cursor-pointer flex-col rounded-lg px-3 py-2 ring-1 transition-colors',
        checked ? 'bg-brand-50 ring-2 ring-brand-500' : 'ring-zinc-200 hover:bg-zinc-50',
      )}
    >
      <span className="flex items-center gap-2 text-sm font-medium text-zinc-900">
        <input type="radio" name="event-scope" checked={checked} onChange={onChange} className="accent-brand-600" />
        {label}
      </span>
      <span className="mt-0.5 text-xs text-zinc-500">{hint}</span>
    </label>
  );
}

function Group({ group, value, onChange }: { group: EventGroup; value: Set<string>; onChange: (v: Set<string>) => void }) {
  const state = groupState(value, group);
  const [open, setOpen] = useState(state === 'some');
  const box = useRef<HTMLInputElement>(null);
  const listId = useId();
  useEffect(() => {
    if (box.current) box.current.indeterminate = state === 'some';
  }, [state]);
  const single = group.types.length === 1;
  return (
    <li>
      <div className="flex items-center gap-2 px-3 py-2">
        <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-2 text-sm">
          <input ref={box} type="checkbox" className="h-4 w-4 shrink-0 accent-brand-600" checked={state === 'all'} onChange={() => onChange(toggleGroup(value, group))} />
          <span className="font-medium text-zinc-800">{group.label}</span>
          <code className="truncate font-mono text-xs text-zinc-500">{single ? group.types[0] : `${group.prefix}.*`}</code>
        </label>
        {!single && (
          <button
            type="button"
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            aria-controls={listId}
            aria-label={`${open ? 'Hide' : 'Show'} ${group.label} event types`}
            className="flex shrink-0 items-center gap-1 rounded-md px-1.5 py-1 text-xs text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800"
          >
            {group.types.length} types
            <ChevronRight className={cn('h-3.5 w-3.5 transition-transform', open && 'rotate-90')} aria-hidden />
          </button>
        )}
      </div>
      {open && !single && (
        <ul id={listId} className="grid gap-x-4 gap-y-1 bg-zinc-50 px-3 py-2 pl-9 sm:grid-cols-2">
          {group.types.map((t) => (
            <li key={t}>
              <label className="flex cursor-pointer items-center gap-2 py-0.5 font-mono text-xs text-zinc-700">
                <input type="checkbox" className="h-3.5 w-3.5 shrink-0 accent-brand-600" checked={covered(value, t)} onChange={() => onChange(toggleType(value, t))} />
                <span className="break-all">{t}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
