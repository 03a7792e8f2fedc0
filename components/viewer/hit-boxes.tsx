'use client';
// The words a find matched on the page being read, as translucent marks over the page image
// (thousandths of the page's width and height, origin top left); the current match stronger, and
// scrolled into view when it changes (a zoomed-in page, a phone's tall page).
import { useEffect, useRef } from 'react';
import { cn } from '@/lib/cn';
import type { FindMatch } from './search-api';

export function HitBoxes({ matches, current }: { matches: { match: FindMatch; index: number }[]; current: number }) {
  const currentRef = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    currentRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'smooth' });
  }, [current, matches.length]);
  if (!matches.length) return null;
  return (
    <div className="pointer-events-none absolute inset-0" data-testid="find-highlights" aria-hidden>
      {matches.flatMap(({ match, index }) =>
        match.boxes.map(([x, y, w, h], k) => (
          <span
            key={`${index}-${k}`}
            ref={index === current && k === 0 ? currentRef : undefined}
            data-testid="find-highlight"
            data-current={index === current ? 'true' : undefined}
            className={cn(
              // Plain sRGB colours: Chromium without a GPU blends Tailwind's lab() orange as green.
              'absolute scroll-m-24 rounded-[2px] mix-blend-multiply',
              index === current ? 'bg-[rgb(251_146_60/0.6)] shadow-[0_0_0_2px_rgb(234_88_12/0.8)]' : 'bg-[rgb(253_224_71/0.6)]',
            )}
            style={{ left: `calc(${x / 10}% - 2px)`, top: `calc(${y / 10}% - 1px)`, width: `calc(${w / 10}% + 4px)`, height: `calc(${h / 10}% + 2px)` }}
          />
        )),
      )}
    </div>
  );
}
