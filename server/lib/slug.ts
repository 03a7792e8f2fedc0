// The one slugify: ASCII, lower case, words joined by "-", cut at `max` characters.

export function slugify(text: string, o: { max?: number; fallback?: string } = {}): string {
  const max = o.max ?? 80;
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
  return slug || (o.fallback ?? 'untitled');
}
