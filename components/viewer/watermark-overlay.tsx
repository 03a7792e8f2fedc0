'use client';
// The on-screen watermark: the link's text (placeholders already filled for this visit) drawn
// over a page image, sized against the page's longer side, at the configured position, rotation,
// colour and opacity; tiled across the page when asked. A single watermark is fitted inside the
// page by placeWatermark (lib/shared/watermark.ts), the same layout the downloaded PDF's stamp
// uses, so a landscape page or a wide image never clips it. It deters copying; downloads get the
// watermark burned into the PDF itself.
import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { placeWatermark, watermarkFontSize, type WatermarkPosition } from '../../lib/shared/watermark';

export type OverlayWatermark = {
  text: string;
  is_tiled: boolean;
  position: string;
  rotation: number;
  color: string;
  font_size: number;
  opacity: number;
};

const PLACE: Record<string, { justifyContent: string; alignItems: string }> = {
  'top-left': { justifyContent: 'flex-start', alignItems: 'flex-start' },
  'top-center': { justifyContent: 'center', alignItems: 'flex-start' },
  'top-right': { justifyContent: 'flex-end', alignItems: 'flex-start' },
  'middle-left': { justifyContent: 'flex-start', alignItems: 'center' },
  center: { justifyContent: 'center', alignItems: 'center' },
  'middle-right': { justifyContent: 'flex-end', alignItems: 'center' },
  'bottom-left': { justifyContent: 'flex-start', alignItems: 'flex-end' },
  'bottom-center': { justifyContent: 'center', alignItems: 'flex-end' },
  'bottom-right': { justifyContent: 'flex-end', alignItems: 'flex-end' },
};

type Fit = { fontPx: number; left: number; top: number; scale: number };

/**
 * `scale`: the text's size against the page's longer side, 1 for a page. A video frame passes
 * less, so the text keeps the size it has against the frame's height.
 */
export function WatermarkOverlay({ wm, scale = 1 }: { wm: OverlayWatermark; scale?: number }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLSpanElement>(null);
  const [box, setBox] = useState<{ w: number; h: number } | null>(null);
  const [fit, setFit] = useState<Fit | null>(null);

  useLayoutEffect(() => {
    const el = boxRef.current;
    if (!el || wm.is_tiled) return;
    const read = () => setBox((cur) => (cur && cur.w === el.clientWidth && cur.h === el.clientHeight ? cur : { w: el.clientWidth, h: el.clientHeight }));
    read();
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
  }, [wm.is_tiled]);

  // The text's own box (a transform does not change it) at the page's font size, then its place.
  useLayoutEffect(() => {
    const t = textRef.current;
    if (!box || !t || !box.w || !box.h) return;
    const fontPx = watermarkFontSize(wm.font_size, box.w, box.h) * scale;
    if (Math.abs(parseFloat(t.style.fontSize) - fontPx) > 0.01) t.style.fontSize = `${fontPx}px`;
    const tw = t.offsetWidth;
    const th = t.offsetHeight;
    const at = placeWatermark({ width: box.w, height: box.h }, { width: tw, height: th }, { position: wm.position as WatermarkPosition, rotation: wm.rotation });
    const next = { fontPx, left: at.cx - tw / 2, top: at.cy - th / 2, scale: at.scale };
    setFit((cur) => (cur && Object.entries(next).every(([k, v]) => Math.abs(cur[k as keyof Fit] - v) < 0.01) ? cur : next));
  }, [box, wm.text, wm.font_size, wm.position, wm.rotation, scale]);

  // font_size is in PDF points; a US Letter page is 612 points wide.
  const text: CSSProperties = {
    color: wm.color,
    opacity: wm.opacity,
    fontSize: `${(wm.font_size / 612) * 100 * scale}cqw`,
    lineHeight: 1.2,
    transform: `rotate(${-wm.rotation}deg)`,
    whiteSpace: 'pre',
    fontWeight: 600,
  };
  return (
    <div ref={boxRef} aria-hidden data-testid="watermark" className="pointer-events-none absolute inset-0 overflow-hidden select-none" style={{ containerType: 'inline-size' }}>
      {wm.is_tiled ? (
        <div className="absolute inset-[-25%] grid grid-cols-3 place-items-center gap-y-[8cqw]">
          {Array.from({ length: 18 }, (_, i) => (
            <span key={i} style={text}>
              {wm.text}
            </span>
          ))}
        </div>
      ) : fit ? (
        <span
          ref={textRef}
          data-testid="watermark-text"
          className="absolute top-0 left-0"
          style={{ ...text, fontSize: `${fit.fontPx}px`, transformOrigin: 'center', transform: `translate(${fit.left}px, ${fit.top}px) rotate(${-wm.rotation}deg) scale(${fit.scale})` }}
        >
          {wm.text}
        </span>
      ) : (
        // Until the page's box is measured (server HTML): the text centred at the portrait size.
        <div className="absolute inset-0 flex p-[4cqw]" style={PLACE[wm.position] ?? PLACE.center}>
          <span ref={textRef} style={text}>
            {wm.text}
          </span>
        </div>
      )}
    </div>
  );
}
