// The query parameters SCIM lists take: `filter` (only `<attr> eq "<value>"`, which is what
// identity providers send to find a resource before creating it) and 1-based `startIndex`/`count`.
import { ScimError } from './errors';
import { MAX_RESULTS } from './discovery';

export function paging(q: URLSearchParams): { startIndex: number; count: number } {
  const int = (name: string, fallback: number) => {
    const raw = q.get(name);
    if (raw === null || raw === '') return fallback;
    if (!/^-?\d+$/.test(raw)) throw new ScimError(400, `${name} must be an integer.`, 'invalidValue');
    return Number(raw);
  };
  // RFC 7644 §3.4.2.4: a startIndex below 1 is read as 1, a negative count as 0.
  const startIndex = Math.max(1, int('startIndex', 1));
  const count = Math.min(MAX_RESULTS, Math.max(0, int('count', 100)));
  return { startIndex, count };
}

const EQ = /^\s*([A-Za-z][\w.:]*)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

/** `attr eq "value"` for one of the allowed attributes (keys lower-cased), or null without a filter. */
export function parseEqFilter<K extends string>(raw: string | null, allowed: Record<string, K>): { attr: K; value: string } | null {
  if (raw === null || raw.trim() === '') return null;
  const m = EQ.exec(raw);
  if (!m) throw new ScimError(400, 'Only filters of the form attribute eq "value" are supported.', 'invalidFilter');
  const attr = allowed[m[1]!.toLowerCase()];
  if (!attr) throw new ScimError(400, `Filtering on ${m[1]} is not supported; use ${Object.values(allowed).join(', ')}.`, 'invalidFilter');
  return { attr, value: m[2]!.replace(/\\(.)/g, '$1') };
}
