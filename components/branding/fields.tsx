'use client';
// The editor's controls: a labelled setting that may be locked by the plan, switches, segmented
// choices, and an image slot taking a dropped or picked file or a URL, checked before it goes.
import { ImageIcon, Link2, Lock, Upload, X } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { formatBytes } from '@/lib/format';
import { checkImageFile, SLOT_RULES, type ImageSlot, type ImageState } from './model';

/** "Business plan", with a lock: the plan that unlocks a setting. */
export function PlanLock({ plan, id }: { plan: string; id?: string }) {
  return (
    <span id={id} data-testid="plan-lock" className="inline-flex shrink-0 items-center gap-1 rounded-md bg-amber-50 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-amber-800 ring-1 ring-amber-200 ring-inset">
      <Lock className="h-3 w-3" aria-hidden />
      <span>
        <span className="sr-only">Needs the </span>
        {plan}
      </span>
    </span>
  );
}

type ControlProps = { id: string; 'aria-describedby'?: string; disabled: boolean; invalid: boolean };

/** A labelled control; a locked one is disabled and names the plan that unlocks it. */
export function Setting({
  label,
  hint,
  error,
  lockedBy,
  disabled = false,
  className,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  lockedBy?: string | null;
  disabled?: boolean;
  className?: string;
  children: (p: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const lockId = lockedBy ? `${id}-lock` : undefined;
  const describedBy = [errorId, lockId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={id} className={cn('block text-sm font-medium', lockedBy ? 'text-zinc-500' : 'text-zinc-800')}>
          {label}
        </label>
        {lockedBy && <PlanLock plan={lockedBy} id={lockId} />}
      </div>
      {children({ id, 'aria-describedby': describedBy, disabled: disabled || !!lockedBy, invalid: !!error })}
      {error && (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-xs text-zinc-500">
          {hint}
        </p>
      )}
    </div>
  );
}

export function Toggle({
  label,
  description,
  checked,
  onChange,
  lockedBy,
  disabled = false,
}: {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (v: boolean) => void;
  lockedBy?: string | null;
  disabled?: boolean;
}) {
  const id = useId();
  const off = disabled || !!lockedBy;
  const describedBy = [description ? `${id}-desc` : null, lockedBy ? `${id}-lock` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="flex items-start gap-2.5 text-sm">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-zinc-300 accent-brand-600 disabled:opacity-60"
          checked={checked}
          disabled={off}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.checked)}
        />
        <div>
          <label htmlFor={id} className={cn('font-medium', off ? 'text-zinc-500' : 'text-zinc-800')}>
            {label}
          </label>
          {description && (
            <p id={`${id}-desc`} className="text-xs text-zinc-500">
              {description}
            </p>
          )}
        </div>
      </div>
      {lockedBy && <PlanLock plan={lockedBy} id={`${id}-lock`} />}
    </div>
  );
}

/** One of a few values, as a row of radio buttons that look like a segmented control. */
export function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
  lockedBy,
  disabled = false,
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
  lockedBy?: string | null;
  disabled?: boolean;
}) {
  const name = useId();
  const off = disabled || !!lockedBy;
  return (
    <fieldset disabled={off} aria-describedby={lockedBy ? `${name}-lock` : undefined}>
      <div className="mb-1.5 flex flex-wrap items-center justify-between gap-2">
        <legend className={cn('float-left text-sm font-medium', off && lockedBy ? 'text-zinc-500' : 'text-zinc-800')}>{label}</legend>
        {lockedBy && <PlanLock plan={lockedBy} id={`${name}-lock`} />}
      </div>
      <div className="clear-both inline-flex max-w-full flex-wrap gap-0.5 rounded-lg bg-zinc-100 p-0.5 ring-1 ring-zinc-200 ring-inset">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'relative rounded-md px-3 py-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
              value === o.value ? 'bg-white font-medium text-zinc-900 shadow-sm ring-1 ring-zinc-200' : 'text-zinc-600',
              off ? 'cursor-not-allowed opacity-70' : 'cursor-pointer hover:text-zinc-900',
            )}
          >
            <input
              type="radio"
              className="absolute inset-0 m-0 h-full w-full cursor-[inherit] appearance-none rounded-md opacity-0"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const linkButton = (tone: string) =>
  cn('inline-flex items-center gap-1 rounded font-medium focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none', tone);

const ACCEPT: Record<ImageSlot, string> = {
  logo: '.png,.jpg,.jpeg,image/png,image/jpeg',
  banner: '.png,.jpg,.jpeg,image/png,image/jpeg',
  link_preview_image: '.png,.jpg,.jpeg,image/png,image/jpeg',
  link_preview_favicon: '.png,.ico,image/png,image/x-icon,image/vnd.microsoft.icon',
};

/**
 * An image slot: what it holds now (or the service default it falls back to), a drop zone with
 * a file picker, an image URL instead, and removing it. A file is checked here against the
 * slot's types and size; the server checks the bytes again when it is saved.
 */
export function ImageField({
  slot,
  label,
  state,
  onChange,
  fallback,
  error,
  lockedBy,
  disabled = false,
  note,
}: {
  slot: ImageSlot;
  label: string;
  state: ImageState;
  onChange: (s: ImageState) => void;
  /** What visitors see when the slot is empty (the service's image), with its name. */
  fallback?: { src: string; label: string } | null;
  error?: string | null;
  lockedBy?: string | null;
  disabled?: boolean;
  note?: ReactNode;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const urlInput = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [local, setLocal] = useState<string | null>(null);
  const [urlOpen, setUrlOpen] = useState(state.kind === 'url');
  const [broken, setBroken] = useState<string | null>(null);
  // What the slot held before a new file or URL, to go back to.
  const [before, setBefore] = useState<ImageState>(state);
  if ((state.kind === 'saved' || state.kind === 'none') && before !== state) setBefore(state);
  const pending = state.kind === 'file' || state.kind === 'url';
  const off = disabled || !!lockedBy;
  const rule = SLOT_RULES[slot];

  const take = (file: File | undefined) => {
    if (!file) return;
    const check = checkImageFile(file, slot);
    if (!check.ok) {
      setLocal(check.reason);
      return;
    }
    setLocal(null);
    setUrlOpen(false);
    onChange({ kind: 'file', file, url: URL.createObjectURL(file) });
  };

  const src = state.kind === 'saved' ? state.image.url : state.kind === 'file' ? state.url : state.kind === 'url' && /^https:\/\/\S+$/.test(state.url.trim()) ? state.url.trim() : null;
  const shown = src ?? fallback?.src ?? null;
  const status =
    state.kind === 'saved'
      ? [state.image.width && state.image.height ? `${state.image.width}×${state.image.height}` : null, formatBytes(state.image.size)].filter(Boolean).join(' · ')
      : state.kind === 'file'
        ? `${state.file.name} · ${formatBytes(state.file.size)} · not saved yet`
        : state.kind === 'url'
          ? 'From a URL · fetched when you save'
          : fallback
            ? `None: visitors see ${fallback.label}`
            : 'None';
  const message = local ?? error ?? (broken && src === broken ? 'This image could not be shown here; check the address (the server checks it when you save).' : null);
  const wide = slot === 'banner' || slot === 'link_preview_image';

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="space-y-1.5" data-testid={`image-field-${slot}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={`${id}-label`} className={cn('text-sm font-medium', lockedBy ? 'text-zinc-500' : 'text-zinc-800')}>
          {label}
        </span>
        {lockedBy && <PlanLock plan={lockedBy} />}
      </div>
      <div
        onDragOver={(e) => {
          if (off || !e.dataTransfer.types.includes('Files')) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          if (off) return;
          e.preventDefault();
          setOver(false);
          take(e.dataTransfer.files[0]);
        }}
        data-testid={`drop-${slot}`}
        className={cn(
          'flex items-center gap-3 rounded-lg border border-dashed p-3 transition-colors',
          over ? 'border-brand-500 bg-brand-50' : 'border-zinc-300 bg-white',
          off && 'bg-zinc-50',
        )}
      >
        <div
          className={cn(
            'flex shrink-0 items-center justify-center overflow-hidden rounded-md bg-[repeating-conic-gradient(#f4f4f5_0%_25%,#ffffff_0%_50%)] bg-[length:12px_12px] ring-1 ring-zinc-200',
            wide ? 'h-14 w-24' : 'h-14 w-14',
            !src && shown && 'opacity-60',
          )}
        >
          {shown ? (
            <img
              src={shown}
              alt=""
              className={cn('max-h-full max-w-full', wide ? 'h-full w-full object-cover' : 'object-contain p-1')}
              onError={() => setBroken(shown)}
              onLoad={() => broken === shown && setBroken(null)}
            />
          ) : (
            <ImageIcon className="h-5 w-5 text-zinc-300" aria-hidden />
          )}
        </div>
        <div className="min-w-0 flex-1">
          <p id={`${id}-status`} className="line-clamp-2 text-sm break-words text-zinc-800" data-testid={`image-status-${slot}`}>
            {status}
          </p>
          <p id={`${id}-rule`} className="text-xs text-zinc-500">
            {off && lockedBy ? `Available on the ${lockedBy}` : rule.label}
          </p>
          {!off && (
            <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
              <button
                type="button"
                onClick={() => input.current?.click()}
                className={linkButton('text-brand-700 hover:text-brand-800')}
                aria-label={`Choose file for the ${label.toLowerCase()}`}
                aria-describedby={`${id}-rule`}
              >
                <Upload className="h-3.5 w-3.5" aria-hidden />
                Choose file
              </button>
              <button
                type="button"
                onClick={() => {
                  setUrlOpen(!urlOpen);
                  if (!urlOpen) requestAnimationFrame(() => urlInput.current?.focus());
                }}
                aria-expanded={urlOpen} aria-label={`Image URL for the ${label.toLowerCase()}`} className={linkButton('text-zinc-600 hover:text-zinc-900')}>
                <Link2 className="h-3.5 w-3.5" aria-hidden />
                Image URL
              </button>
              {state.kind !== 'none' && (
                <button
                  type="button"
                  onClick={() => {
                    setLocal(null);
                    setUrlOpen(false);
                    onChange(pending ? before : { kind: 'none' });
                  }}
                  className={linkButton('text-zinc-600 hover:text-red-700')}
                  aria-label={pending ? `Undo the new ${label.toLowerCase()}` : `Remove the ${label.toLowerCase()}`}
                >
                  <X className="h-3.5 w-3.5" aria-hidden />
                  {pending ? 'Undo' : 'Remove'}
                </button>
              )}
              <span className="hidden text-zinc-400 sm:inline">or drop an image here</span>
            </div>
          )}
        </div>
      </div>
      {urlOpen && !off && (
        <Input
          ref={urlInput}
          type="url"
          inputMode="url"
          aria-label={`${label} URL`}
          placeholder="https://example.com/image.png"
          value={state.kind === 'url' ? state.url : ''}
          invalid={!!message && state.kind === 'url'}
          onChange={(e) => {
            setLocal(null);
            onChange(e.target.value ? { kind: 'url', url: e.target.value } : before);
          }}
        />
      )}
      {message && (
        <p role="alert" className="text-sm text-red-600" data-testid={`image-error-${slot}`}>
          {message}
        </p>
      )}
      {note && !message && <p className="text-xs text-zinc-500">{note}</p>}
      <input
        ref={input}
        type="file"
        accept={ACCEPT[slot]}
        className="hidden"
        data-testid={`file-${slot}`}
        aria-label={`${label} file`}
        disabled={off}
        onChange={(e) => {
          take(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </div>
  );
}
