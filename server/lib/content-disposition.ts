// Content-Disposition, built one way for every download (RFC 6266): the name as ASCII in
// `filename` (anything else, quotes and backslashes replaced) and whole in `filename*` (RFC 8187),
// which every current browser prefers.
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc8187(name)}`;
}

export const INLINE = 'inline';

/** encodeURIComponent leaves ' ( ) * ! unescaped; RFC 8187's attr-char does not allow them. */
const encodeRfc8187 = (s: string) => encodeURIComponent(s).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
