// The watermark_config shape of DESIGN.md ("Links, presets and the viewer"), shared by the links
// API (which validates and stores it) and the viewer (which draws it). Kept free of imports so
// either side can use it without pulling in the other.

export const WATERMARK_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'middle-left',
  'center',
  'middle-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;
export const WATERMARK_ROTATIONS = [0, 30, 45, 60, 90, 315] as const;
export const WATERMARK_PLACEHOLDERS = ['email', 'date', 'time', 'ip_address', 'link_name'] as const;

export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];
export type WatermarkPlaceholder = (typeof WATERMARK_PLACEHOLDERS)[number];

/** A stored watermark_config (every key present once normalized by the links API). */
export type Watermark = {
  text: string;
  is_tiled: boolean;
  position: WatermarkPosition;
  rotation: number;
  color: string;
  font_size: number;
  opacity: number;
};

/** The values the placeholders stand for, one visit's worth. */
export type WatermarkValues = Record<WatermarkPlaceholder, string>;

/** `{{name}}`, with the same optional inner spaces the links API accepts. */
export const PLACEHOLDER_RE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** What an absent key of a watermark_config means. */
export const WATERMARK_DEFAULTS: Omit<Watermark, 'text'> = {
  is_tiled: false,
  position: 'center',
  rotation: 45,
  color: '#808080',
  font_size: 24,
  opacity: 0.3,
};

/**
 * Defaults for absent keys and values clamped to DESIGN.md's ranges, so a config that reached
 * the viewer some other way (an older row, a hand-edited preset) still draws sensibly.
 */
export function resolveWatermark(w: Partial<Watermark> & { text: string }): Watermark {
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  return {
    text: String(w.text),
    is_tiled: typeof w.is_tiled === 'boolean' ? w.is_tiled : WATERMARK_DEFAULTS.is_tiled,
    position: (WATERMARK_POSITIONS as readonly string[]).includes(w.position as string) ? w.position! : WATERMARK_DEFAULTS.position,
    rotation: (WATERMARK_ROTATIONS as readonly number[]).includes(w.rotation as number) ? w.rotation! : WATERMARK_DEFAULTS.rotation,
    color: typeof w.color === 'string' && /^#[0-9a-f]{6}$/i.test(w.color) ? w.color.toLowerCase() : WATERMARK_DEFAULTS.color,
    font_size: Math.min(96, Math.max(8, num(w.font_size, WATERMARK_DEFAULTS.font_size))),
    opacity: Math.min(1, Math.max(0, num(w.opacity, WATERMARK_DEFAULTS.opacity))),
  };
}
