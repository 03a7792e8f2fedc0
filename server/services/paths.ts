// Materialized paths shared by library folders and data room folders: slugs, "Name (1)"
// suffixes and the LIKE prefix of a subtree.
import { conflict } from '../errors';
import { slugify } from '../lib/slug';

export const SLUG_MAX = 80;
/** More siblings than this under one parent cannot all share a base name. */
export const MAX_NAME_SUFFIX = 10_000;

const SUFFIXED = /^(.*\S)\s*\((\d{1,9})\)$/s;

/**
 * The path segment of a folder name. A trailing " (n)" always survives as "-n", however long
 * the rest is (the rest is cut first), so "Name", "Name (1)", "Name (2)"... never share a slug.
 */
export function folderSlug(name: string): string {
  const m = SUFFIXED.exec(name);
  if (!m) return slugify(name, { max: SLUG_MAX });
  const suffix = `-${m[2]}`;
  return slugify(m[1]!, { max: SLUG_MAX - suffix.length }) + suffix;
}

export const childPath = (parentPath: string | null, name: string) => `${parentPath ?? ''}/${folderSlug(name)}`;

/** `old/%` for LIKE, with LIKE's own characters escaped (backslash is the default escape). */
export const subtreePattern = (path: string) => `${path.replace(/[\\%_]/g, (c) => '\\' + c)}/%`;

/**
 * The first of `name`, `name (1)`, `name (2)`... whose name and path are both free among the
 * siblings. Every n >= 1 gives a distinct name and a distinct path, and each sibling blocks at
 * most one name and one path, so one of the first 2 * siblings + 1 candidates is free; the bound
 * is explicit so that no input can make this spin. Callers hold the tree lock so
 * concurrent creates see each other.
 */
export function firstFreeName(
  name: string,
  parentPath: string | null,
  siblings: { name: string; path: string }[],
): { name: string; path: string } {
  const names = new Set(siblings.map((s) => s.name.toLowerCase()));
  const paths = new Set(siblings.map((s) => s.path));
  const tries = Math.min(2 * siblings.length + 1, MAX_NAME_SUFFIX);
  for (let n = 0; n <= tries; n++) {
    const candidate = n === 0 ? name : `${name} (${n})`;
    const path = childPath(parentPath, candidate);
    if (!names.has(candidate.toLowerCase()) && !paths.has(path)) return { name: candidate, path };
  }
  throw conflict(`Too many folders named "${name}" here; choose another name.`, { name });
}
