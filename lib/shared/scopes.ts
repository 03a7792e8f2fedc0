// The complete scope list (spec 5.3 plus links.read, visitors.read, audit.read and webhooks.*,
// DESIGN.md). No scope
// implies another; only the two presets expand.
export const SCOPES = [
  'documents.read',
  'documents.write',
  'links.read',
  'links.write',
  'datarooms.read',
  'datarooms.write',
  'branding.read',
  'branding.write',
  'analytics.read',
  'visitors.read',
  'audit.read',
  'webhooks.read',
  'webhooks.write',
] as const;
export type Scope = (typeof SCOPES)[number];

export const PRESETS = {
  'apis.read': SCOPES.filter((s) => s.endsWith('.read')),
  'apis.all': [...SCOPES],
} as const;
export type Preset = keyof typeof PRESETS;

export const GRANTABLE = [...SCOPES, 'apis.read', 'apis.all', 'offline_access'] as const;

export function isGrantable(s: string): boolean {
  return (GRANTABLE as readonly string[]).includes(s);
}

// Expanded lists by their text, so a token's set is built once, not on every /v1 request.
const expanded = new Map<string, ReadonlySet<Scope>>();

/**
 * The effective scopes of a stored scope list: presets expanded, unknown entries dropped. The
 * sets are shared per distinct list (a few per deployment), so they are read-only.
 */
export function expandScopes(stored: readonly string[]): ReadonlySet<Scope> {
  const key = stored.join(' ');
  const hit = expanded.get(key);
  if (hit) return hit;
  const out = new Set<Scope>();
  for (const s of stored) {
    if (s in PRESETS) for (const x of PRESETS[s as Preset]) out.add(x);
    else if ((SCOPES as readonly string[]).includes(s)) out.add(s as Scope);
  }
  if (expanded.size >= 1000) expanded.clear();
  expanded.set(key, out);
  return out;
}
