// Materialized paths shared by library folders and data room folders: slugs, "Name (1)"
// suffixes and the LIKE prefix of a subtree.

export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'untitled';
}

export const childPath = (parentPath: string | null, name: string) => `${parentPath ?? ''}/${slugify(name)}`;

/** `old/%` for LIKE, with LIKE's own characters escaped (backslash is the default escape). */
export const subtreePattern = (path: string) => `${path.replace(/[\\%_]/g, (c) => '\\' + c)}/%`;

/**
 * The first of `name`, `name (1)`, `name (2)`... whose name and path are both free among the
 * siblings. Callers hold an advisory lock on the parent so concurrent creates see each other.
 */
export function firstFreeName(
  name: string,
  parentPath: string | null,
  siblings: { name: string; path: string }[],
): { name: string; path: string } {
  const names = new Set(siblings.map((s) => s.name.toLowerCase()));
  const paths = new Set(siblings.map((s) => s.path));
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? name : `${name} (${n})`;
    const path = childPath(parentPath, candidate);
    if (!names.has(candidate.toLowerCase()) && !paths.has(path)) return { name: candidate, path };
  }
}
