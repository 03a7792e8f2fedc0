import { cn } from '@/lib/cn';

/** Boxes over a page image where the words of a search are: [x, y, w, h] in thousandths of the page, origin top left. */
export function HighlightBoxes({ boxes, active, className }: { boxes: readonly (readonly [number, number, number, number])[]; active?: boolean; className?: string }) {
  return (
    <div className={cn('pointer-events-none absolute inset-0', className)} aria-hidden data-testid="highlight-layer" data-active={active || undefined}>
      {boxes.map(([x, y, w, h], i) => (
        <span
          key={i}
          data-testid="highlight-box"
          className={cn(
            'absolute rounded-[2px] mix-blend-multiply',
            active ? 'bg-amber-300/70 ring-2 ring-amber-500/80' : 'bg-yellow-200/70',
          )}
          style={{ left: `${x / 10}%`, top: `${y / 10}%`, width: `${w / 10}%`, height: `${h / 10}%` }}
        />
      ))}
    </div>
  );
}
