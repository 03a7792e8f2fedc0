// The on-screen watermark: the link's text (placeholders already filled for this visit) drawn
// over a page image, sized relative to the page (a container query unit), at the configured
// position, rotation, colour and opacity; tiled across the page when asked. It deters copying;
// downloads get the watermark burned into the PDF itself.
import type { CSSProperties } from 'react';

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

/**
 * `scale`: the text's size against the width, 1 for a portrait page. A landscape frame (a video)
 * passes less, so the text keeps the size it has against a page's height instead of growing with
 * the frame's width past its edges.
 */
export function WatermarkOverlay({ wm, scale = 1 }: { wm: OverlayWatermark; scale?: number }) {
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
    <div aria-hidden data-testid="watermark" className="pointer-events-none absolute inset-0 overflow-hidden select-none" style={{ containerType: 'inline-size' }}>
      {wm.is_tiled ? (
        <div className="absolute inset-[-25%] grid grid-cols-3 place-items-center gap-y-[8cqw]">
          {Array.from({ length: 18 }, (_, i) => (
            <span key={i} style={text}>
              {wm.text}
            </span>
          ))}
        </div>
      ) : (
        <div className="absolute inset-0 flex p-[4cqw]" style={PLACE[wm.position] ?? PLACE.center}>
          <span style={text}>{wm.text}</span>
        </div>
      )}
    </div>
  );
}
