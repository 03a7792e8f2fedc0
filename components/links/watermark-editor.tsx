'use client';
// The watermark's text (with its placeholders), placement and look, beside a live preview on a
// sample page with the placeholders filled in the way a visitor would see them.
import { useLayoutEffect, useRef, useState } from 'react';
import { Field, Input, Select } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { emptyPlaceholders, fillWatermarkText, WATERMARK_PLACEHOLDERS, WATERMARK_POSITIONS, WATERMARK_ROTATIONS, type WatermarkSources } from '@/lib/shared/watermark';
import { ErrorText } from './controls';
import type { WatermarkDraft, WatermarkPosition } from './draft';

const PLACEHOLDER_HINTS: Record<(typeof WATERMARK_PLACEHOLDERS)[number], string> = {
  email: 'the visitor’s email',
  date: 'the date of the visit',
  time: 'the time of the visit',
  ip_address: 'the visitor’s IP address',
  link_name: 'this link’s name',
};

const POSITION_LABELS: Record<WatermarkPosition, string> = {
  'top-left': 'Top left',
  'top-center': 'Top centre',
  'top-right': 'Top right',
  'middle-left': 'Middle left',
  center: 'Centre',
  'middle-right': 'Middle right',
  'bottom-left': 'Bottom left',
  'bottom-center': 'Bottom centre',
  'bottom-right': 'Bottom right',
};

/**
 * The text as a visitor would see it, with sample values and the viewer's own filling; a
 * placeholder the link cannot fill (listed in `unfilled`) goes as it would on the page.
 */
export function sampleText(text: string, linkName: string, unfilled: readonly string[] = []) {
  const now = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  const values: Record<string, string> = {
    email: 'jane@fund.example',
    date: `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`,
    time: `${p(now.getHours())}:${p(now.getMinutes())}`,
    ip_address: '203.0.113.7',
    link_name: linkName || 'Untitled link',
  };
  for (const k of unfilled) values[k] = '';
  return fillWatermarkText(text, values);
}

export function WatermarkEditor({
  value,
  onChange,
  linkName,
  sources,
  onAskEmail,
  error,
}: {
  value: WatermarkDraft;
  onChange: (w: WatermarkDraft) => void;
  linkName: string;
  /** What the link (or preset) gives the visitor-dependent placeholders. */
  sources: WatermarkSources;
  /** Turns on "Require an email address" (the fix offered for an empty `{{email}}`). */
  onAskEmail: () => void;
  error?: string;
}) {
  const text = useRef<HTMLInputElement>(null);
  const set = <K extends keyof WatermarkDraft>(k: K, v: WatermarkDraft[K]) => onChange({ ...value, [k]: v });
  // The placeholder goes in once, here, at the input's own selection, and the browser puts the
  // caret after it (setRangeText "end"). Nothing sets the selection after a render: an effect
  // doing so raced fast typing on a busy page and moved the caret under the user's fingers.
  const insert = (name: string) => {
    const el = text.current;
    if (!el) return;
    el.focus();
    el.setRangeText(`{{${name}}}`, el.selectionStart ?? el.value.length, el.selectionEnd ?? el.value.length, 'end');
    set('text', el.value.slice(0, 200));
  };
  const empty = value.enabled ? emptyPlaceholders(value.text, sources) : [];
  // The API's refusal names its fields (email_protected); the same refusal in the dashboard's words.
  const shownError = error && empty.length && error === empty.map((e) => e.message).join(' ') ? empty.map((e) => e.hint).join(' ') : error;

  return (
    <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_13rem]">
      <div className="min-w-0 space-y-4">
        <div>
          <Field label="Watermark text" error={null}>
            {(p) => (
              <Input
                {...p}
                ref={text}
                invalid={!!shownError}
                aria-describedby={shownError ? 'watermark-error' : p['aria-describedby']}
                maxLength={200}
                value={value.text}
                onChange={(e) => set('text', e.target.value)}
                placeholder="Confidential · {{email}}"
              />
            )}
          </Field>
          <ErrorText id="watermark-error">{shownError}</ErrorText>
          {empty.map((e) => (
            <p key={e.placeholder} role="note" data-testid={`watermark-empty-${e.placeholder}`} className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900">
              <span className="min-w-0 flex-1">
                {e.placeholder === 'email' ? (
                  <>
                    <code className="font-mono">{'{{email}}'}</code> will print empty: this link does not ask visitors for their email.
                  </>
                ) : (
                  <>
                    <code className="font-mono">{'{{link_name}}'}</code> will print empty: give the link a name.
                  </>
                )}
              </span>
              {e.placeholder === 'email' && (
                <button
                  type="button"
                  onClick={onAskEmail}
                  className="shrink-0 rounded-md bg-white px-2 py-1 font-medium text-amber-900 ring-1 ring-amber-300 hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                >
                  Ask for email
                </button>
              )}
            </p>
          ))}
          <div className="mt-2 flex flex-wrap items-center gap-1.5" aria-label="Insert a placeholder" role="group">
            <span className="text-xs text-zinc-500">Insert:</span>
            {WATERMARK_PLACEHOLDERS.map((p) => (
              <button
                key={p}
                type="button"
                onClick={() => insert(p)}
                title={`Replaced by ${PLACEHOLDER_HINTS[p]}`}
                className="rounded-md bg-zinc-100 px-1.5 py-0.5 font-mono text-[11px] text-zinc-700 ring-1 ring-zinc-200 hover:bg-brand-50 hover:text-brand-700 hover:ring-brand-200 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                {`{{${p}}}`}
              </button>
            ))}
          </div>
        </div>

        <div className="grid grid-cols-[auto_minmax(6rem,1fr)] gap-x-5 gap-y-3">
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-zinc-800">Position</legend>
            <div className={cn('grid w-fit grid-cols-3 gap-1 rounded-lg bg-zinc-100 p-1', value.is_tiled && 'opacity-50')}>
              {WATERMARK_POSITIONS.map((pos) => (
                <label key={pos} className="relative block" title={POSITION_LABELS[pos]}>
                  <input
                    type="radio"
                    name="watermark-position"
                    className="peer sr-only"
                    checked={value.position === pos}
                    disabled={value.is_tiled}
                    onChange={() => set('position', pos)}
                    aria-label={POSITION_LABELS[pos]}
                  />
                  <span className="flex h-7 w-9 cursor-pointer items-center justify-center rounded-md bg-white ring-1 ring-zinc-200 peer-checked:bg-brand-600 peer-checked:ring-brand-600 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-disabled:cursor-not-allowed">
                    <span className={cn('h-1.5 w-1.5 rounded-full', value.position === pos ? 'bg-white' : 'bg-zinc-300')} />
                  </span>
                </label>
              ))}
            </div>
            <label className="mt-2 flex items-center gap-2 text-sm whitespace-nowrap text-zinc-700">
              <input type="checkbox" className="h-4 w-4 rounded border-zinc-300 text-brand-600" checked={value.is_tiled} onChange={(e) => set('is_tiled', e.target.checked)} />
              Tile across the page
            </label>
          </fieldset>
          <div className="grid content-start gap-3">
            <Field label="Rotation">
              {(p) => (
                <Select {...p} className="max-w-36" value={value.rotation} onChange={(e) => set('rotation', Number(e.target.value))}>
                  {WATERMARK_ROTATIONS.map((r) => (
                    <option key={r} value={r}>
                      {r}°
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Size (pt)">
              {(p) => (
                <Input
                  {...p}
                  type="number"
                  min={8}
                  max={96}
                  className="max-w-36"
                  value={value.font_size}
                  onChange={(e) => set('font_size', Math.min(96, Math.max(8, Number(e.target.value) || 8)))}
                />
              )}
            </Field>
          </div>
        </div>
        <div className="grid grid-cols-[auto_minmax(0,1fr)] items-end gap-x-5">
          <Field label="Colour">
            {({ invalid: _invalid, ...p }) => (
              <div className="flex h-9 w-fit items-center gap-2 rounded-lg bg-white px-2 pr-3 ring-1 ring-zinc-300 ring-inset">
                <input
                  {...p}
                  type="color"
                  value={value.color}
                  onChange={(e) => set('color', e.target.value.toLowerCase())}
                  className="h-6 w-8 cursor-pointer rounded border-0 bg-transparent p-0"
                />
                <span className="font-mono text-xs text-zinc-600">{value.color}</span>
              </div>
            )}
          </Field>
          <Field label={`Opacity: ${Math.round(value.opacity * 100)}%`}>
            {({ invalid: _invalid, ...p }) => (
              <input
                {...p}
                type="range"
                min={5}
                max={100}
                step={5}
                value={Math.round(value.opacity * 100)}
                onChange={(e) => set('opacity', Number(e.target.value) / 100)}
                className="h-9 w-full accent-brand-600"
              />
            )}
          </Field>
        </div>
      </div>
      <WatermarkPreview value={value} linkName={linkName} unfilled={empty.map((e) => e.placeholder)} />
    </div>
  );
}

const PAGE_W = 208;
const PAGE_H = Math.round((PAGE_W * 842) / 595);
const MARGIN = 10;

/** Where the text's centre goes so that, rotated, it sits in its corner or edge inside the page. */
function placement(position: WatermarkPosition, w: number, h: number, rotation: number) {
  const r = (rotation * Math.PI) / 180;
  const bw = Math.abs(w * Math.cos(r)) + Math.abs(h * Math.sin(r));
  const bh = Math.abs(w * Math.sin(r)) + Math.abs(h * Math.cos(r));
  const [row, col] = position === 'center' ? ['middle', 'center'] : position.split('-');
  const along = (where: string, start: string, end: string, page: number, box: number) => {
    if (box + 2 * MARGIN >= page) return page / 2;
    return where === start ? MARGIN + box / 2 : where === end ? page - MARGIN - box / 2 : page / 2;
  };
  return { x: along(col!, 'left', 'right', PAGE_W, bw), y: along(row!, 'top', 'bottom', PAGE_H, bh) };
}

/** A sample A4 page, about a third of real size, with the watermark drawn over it. */
export function WatermarkPreview({ value, linkName, unfilled = [] }: { value: WatermarkDraft; linkName: string; unfilled?: readonly string[] }) {
  const text = sampleText(value.text.trim() || 'Watermark', linkName, unfilled);
  // A4 is 595 pt wide; the preview page is 208 px: the font scales the same way.
  const size = Math.max(3, value.font_size * (PAGE_W / 595));
  const look = { color: value.color, opacity: value.opacity, fontSize: `${size}px` };
  const box = useRef<HTMLSpanElement>(null);
  const [dims, setDims] = useState({ w: 0, h: 0 });
  useLayoutEffect(() => {
    const el = box.current;
    if (el && (el.offsetWidth !== dims.w || el.offsetHeight !== dims.h)) setDims({ w: el.offsetWidth, h: el.offsetHeight });
  });
  const at = placement(value.position, dims.w, dims.h, value.rotation);
  return (
    <figure className="mx-auto w-52 md:mx-0">
      <div
        className="relative overflow-hidden rounded-md bg-white shadow-sm ring-1 ring-zinc-200"
        style={{ width: PAGE_W, height: PAGE_H }}
        data-testid="watermark-preview"
        aria-label={`Preview: “${text}”`}
        role="img"
      >
        <div className="absolute inset-x-0 top-0 h-7 bg-brand-600/90" />
        <div className="absolute inset-x-4 top-11 space-y-2" aria-hidden>
          {Array.from({ length: 14 }, (_, i) => (
            <div key={i} className="h-1.5 rounded-full bg-zinc-200" style={{ width: `${70 + ((i * 37) % 30)}%` }} />
          ))}
        </div>
        {value.is_tiled ? (
          <div className="absolute inset-[-40%] grid grid-cols-2 content-around items-center justify-items-center gap-y-6" aria-hidden>
            {Array.from({ length: 12 }, (_, i) => (
              <span key={i} className="font-semibold whitespace-nowrap" style={{ ...look, transform: `rotate(${-value.rotation}deg)` }}>
                {text}
              </span>
            ))}
          </div>
        ) : (
          <span
            ref={box}
            aria-hidden
            className="absolute block text-center leading-tight font-semibold break-words"
            style={{
              ...look,
              maxWidth: PAGE_W * 0.85,
              width: 'max-content',
              left: at.x - dims.w / 2,
              top: at.y - dims.h / 2,
              transform: `rotate(${-value.rotation}deg)`,
              visibility: dims.w ? 'visible' : 'hidden',
            }}
          >
            {text}
          </span>
        )}
      </div>
      <figcaption className="mt-2 text-center text-xs text-zinc-500 md:text-left">Preview with sample values</figcaption>
    </figure>
  );
}
