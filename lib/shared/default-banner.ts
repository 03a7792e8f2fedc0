// The service's default banner, drawn in the brand's colour (issue 26: a lavender banner under a
// green brand looked like someone else's product). The same soft gradient and rings as the old
// PNG, tinted from the colour; served as SVG at /brand/banner/{rrggbb}.svg, so the URL alone
// says which colour it is and the file can be cached for ever.

/** `#abc` or `#aabbcc` (any case) as `aabbcc`; null for anything else. */
export function bannerColorKey(color: string): string | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return null;
  const h = m[1]!.toLowerCase();
  return h.length === 3 ? [...h].map((c) => c + c).join('') : h;
}

/** The default banner's path for a brand colour (the service colour's when it cannot be read). */
export const defaultBannerPath = (color: string) => `/brand/banner/${bannerColorKey(color) ?? '1f2937'}.svg`;

/** `hex` mixed with white: `amount` 0 is the colour, 1 is white. */
function tint(hex: string, amount: number): string {
  const n = Number.parseInt(hex, 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  return `#${[(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => mix(c).toString(16).padStart(2, '0')).join('')}`;
}

/** The banner, 1600 × 400, for a colour key from bannerColorKey. */
export function defaultBannerSvg(key: string): string {
  const ring = tint(key, 0.55);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="400" viewBox="0 0 1600 400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint(key, 0.94)}"/><stop offset="1" stop-color="${tint(key, 0.78)}"/></linearGradient></defs>
<rect width="1600" height="400" fill="url(#g)"/>
<g fill="none" stroke="${ring}" stroke-width="2" stroke-opacity="0.7">
<circle cx="1350" cy="80" r="160"/><circle cx="1450" cy="330" r="120"/><circle cx="180" cy="380" r="140"/>
</g>
</svg>`;
}
