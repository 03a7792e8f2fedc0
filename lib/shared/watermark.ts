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

/**
 * What a link gives the watermark's visitor-dependent placeholders: whether the visitor is asked
 * for an email, and the link's name (undefined where it is not known yet: a preset).
 */
export type WatermarkSources = { asksEmail: boolean; linkName?: string | null };

/**
 * A placeholder the link would leave empty on every page, with what fills it: `message` in the
 * API's words (it names the fields), `hint` in the dashboard's (it names the controls).
 */
export type EmptyPlaceholder = { placeholder: 'email' | 'link_name'; message: string; hint: string };

/**
 * The placeholders of `text` a visit would print empty (`{{email}}` on a link that never asks for
 * one, `{{link_name}}` on an unnamed link). `{{date}}`, `{{time}}` and `{{ip_address}}` come with
 * every request. The API refuses these texts and the dashboard warns about them with the same words.
 */
export function emptyPlaceholders(text: string, sources: WatermarkSources): EmptyPlaceholder[] {
  const used = new Set([...text.matchAll(PLACEHOLDER_RE)].map((m) => m[1]));
  const out: EmptyPlaceholder[] = [];
  if (used.has('email') && !sources.asksEmail) {
    out.push({
      placeholder: 'email',
      message: '{{email}} would be empty: this link does not ask visitors for their email. Require an email address (email_protected: true) or remove {{email}} from the text.',
      hint: '{{email}} would be empty: this link does not ask visitors for their email. Turn on “Require an email address” in the Access tab, or remove {{email}} from the text.',
    });
  }
  if (used.has('link_name') && sources.linkName !== undefined && !sources.linkName?.trim()) {
    const message = '{{link_name}} would be empty: the link has no name. Name the link or remove {{link_name}} from the text.';
    out.push({ placeholder: 'link_name', message, hint: message });
  }
  return out;
}

/** Placeholder values cannot break the layout: no control characters, one line, bounded length. */
function cleanValue(v: unknown): string {
  return String(v ?? '')
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .slice(0, 320);
}

const EMPTY = '\u0000';
const SEPARATOR = '[·•|/,:;–—-]';
const EMPTY_AFTER_SEPARATOR = new RegExp(`\\s*${SEPARATOR}\\s*${EMPTY}`, 'g');
const EMPTY_BEFORE_SEPARATOR = new RegExp(`${EMPTY}\\s*(?:${SEPARATOR}\\s*)?`, 'g');

/**
 * The watermark's text for one visit: `{{email}}`, `{{date}}`, `{{time}}`, `{{ip_address}}` and
 * `{{link_name}}` replaced by the visit's values; anything else in braces is left as written.
 * A placeholder with no value (`{{email}}` on a link saved before the API refused that) goes with
 * one separator beside it, so "Confidential · {{email}} · {{date}}" reads "Confidential · 2025-03-14",
 * not "Confidential ·  · 2025-03-14".
 */
export function fillWatermarkText(text: string, values: Partial<WatermarkValues>): string {
  const filled = String(text)
    .replaceAll(EMPTY, '')
    .replace(PLACEHOLDER_RE, (whole, name: string) => {
      if (!(WATERMARK_PLACEHOLDERS as readonly string[]).includes(name)) return whole;
      const value = cleanValue(values[name as keyof WatermarkValues]);
      return value.trim() ? value : EMPTY;
    });
  if (!filled.includes(EMPTY)) return filled;
  return filled.replace(EMPTY_AFTER_SEPARATOR, '').replace(EMPTY_BEFORE_SEPARATOR, '').replace(/ {2,}/g, ' ').trim();
}

// ---- layout: one block (not tiled) fitted to its page, on screen and in downloads ----

/** A Letter page's long side in points: the page a `font_size` is meant for, whatever its orientation. */
export const WATERMARK_REFERENCE_SIDE = 792;

/**
 * The watermark's font size on a page `width` × `height` (any unit): `font_size` points of a
 * Letter page, scaled with the page's longer side, so a landscape page or a wide image gets the
 * same size against its long side as a portrait page (and a PDF page in points gets `font_size`).
 */
export function watermarkFontSize(fontSize: number, width: number, height: number): number {
  return (fontSize * Math.max(width, height)) / WATERMARK_REFERENCE_SIDE;
}

/** Where a block goes: its centre (y down from the page's top), its scale, and the half extents of its turned box once scaled. */
export type WatermarkPlacement = { cx: number; cy: number; scale: number; halfWidth: number; halfHeight: number };

/**
 * One watermark block of `blockWidth` × `blockHeight` (unturned, at its font size) on a page,
 * turned by `rotation` degrees: shrunk (never grown) so the turned box fits inside the page's
 * margins (4 % of the shorter side) whatever the page's orientation, then placed at `position`.
 * The PDF stamp and the viewer's overlay both place their text with this.
 */
export function placeWatermark(
  page: { width: number; height: number },
  block: { width: number; height: number },
  wm: Pick<Watermark, 'position' | 'rotation'>,
): WatermarkPlacement {
  const { width: W, height: H } = page;
  const theta = (wm.rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(theta));
  const sin = Math.abs(Math.sin(theta));
  const halfX = Math.max(1e-9, (block.width * cos + block.height * sin) / 2);
  const halfY = Math.max(1e-9, (block.width * sin + block.height * cos) / 2);
  const margin = Math.min(W, H) * 0.04;
  const scale = Math.max(0, Math.min(1, (W - 2 * margin) / (2 * halfX), (H - 2 * margin) / (2 * halfY)));
  const hx = halfX * scale;
  const hy = halfY * scale;
  const [v, h] = wm.position === 'center' ? ['middle', 'center'] : (wm.position.split('-') as [string, string]);
  const cx = h === 'left' ? margin + hx : h === 'right' ? W - margin - hx : W / 2;
  const cy = v === 'top' ? margin + hy : v === 'bottom' ? H - margin - hy : H / 2;
  return { cx, cy, scale, halfWidth: hx, halfHeight: hy };
}
