'use client';
// One page's marks over its image, and (in drawing mode) the surface a box is dragged on. Marks
// are shown, not applied: a dark veil over what will go, so the words under it can still be read
// while reviewing; a suggestion not yet accepted is only outlined.
import { useRef, useState, type PointerEvent } from 'react';
import { cn } from '@/lib/cn';
import { boxFromDrag, type Box, type EditorMark } from './redaction-model';

type Point = { x: number; y: number };

export function MarkLayer({
  page,
  marks,
  accepted,
  focused,
  drawing,
  onDraw,
}: {
  page: number;
  marks: EditorMark[];
  accepted: ReadonlySet<string>;
  focused: string | null;
  drawing: boolean;
  onDraw: (box: Box) => void;
}) {
  const surface = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ from: Point; to: Point } | null>(null);

  const at = (e: PointerEvent): Point => {
    const r = surface.current!.getBoundingClientRect();
    return { x: (e.clientX - r.left) / r.width, y: (e.clientY - r.top) / r.height };
  };
  const preview = drag ? boxFromDrag(page, drag.from, drag.to) : null;

  return (
    <div
      ref={surface}
      data-testid="redaction-layer"
      data-page={page}
      className={cn('absolute inset-0', drawing && 'cursor-crosshair touch-none')}
      onPointerDown={(e) => {
        if (!drawing || e.button !== 0) return;
        e.currentTarget.setPointerCapture(e.pointerId);
        const p = at(e);
        setDrag({ from: p, to: p });
      }}
      onPointerMove={(e) => drag && setDrag({ ...drag, to: at(e) })}
      onPointerUp={(e) => {
        if (!drag) return;
        const box = boxFromDrag(page, drag.from, at(e));
        setDrag(null);
        if (box) onDraw(box);
      }}
      onPointerCancel={() => setDrag(null)}
    >
      {marks.map((m) => {
        const suggestion = m.source === 'pattern' && !accepted.has(m.id);
        return (
          <div
            key={m.id}
            data-testid="redaction-mark"
            data-source={m.source}
            data-mark-id={m.id}
            title={m.text || undefined}
            className={cn(
              'pointer-events-none absolute rounded-[1px]',
              suggestion ? 'bg-amber-300/25 outline-2 outline-amber-500 outline-dashed' : 'bg-zinc-950/65 outline-1 outline-zinc-950',
              focused === m.id && 'outline-2 outline-offset-2 outline-brand-600 outline-solid',
            )}
            style={{ left: `${m.x * 100}%`, top: `${m.y * 100}%`, width: `${m.width * 100}%`, height: `${m.height * 100}%` }}
          />
        );
      })}
      {preview && (
        <div
          className="pointer-events-none absolute bg-zinc-950/40 outline-2 outline-brand-600"
          style={{ left: `${preview.x * 100}%`, top: `${preview.y * 100}%`, width: `${preview.width * 100}%`, height: `${preview.height * 100}%` }}
        />
      )}
    </div>
  );
}
