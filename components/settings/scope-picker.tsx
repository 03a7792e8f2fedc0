'use client';
// Choosing a token's scopes: one of the two presets, or any combination of the full list.
import { SCOPES } from '@/lib/shared/scopes';
import { cn } from '@/lib/cn';

export type Access = 'apis.all' | 'apis.read' | 'custom';

const RESOURCES: { key: string; label: string; hint: string }[] = [
  { key: 'documents', label: 'Documents', hint: 'Documents, versions, library folders, uploads' },
  { key: 'datarooms', label: 'Data rooms', hint: 'Rooms, their folders, groups and permissions' },
  { key: 'links', label: 'Links', hint: 'Share links and presets' },
  { key: 'branding', label: 'Branding', hint: 'Brands and their images' },
  { key: 'analytics', label: 'Analytics', hint: 'View counts and time per page' },
  { key: 'visitors', label: 'Visitors', hint: 'Who viewed your links' },
];

const has = (s: string) => (SCOPES as readonly string[]).includes(s);

export const ACCESS_OPTIONS: { value: Access; label: string; description: string }[] = [
  { value: 'apis.all', label: 'Full access', description: 'Read and write everything (apis.all)' },
  { value: 'apis.read', label: 'Read only', description: 'Read everything, change nothing (apis.read)' },
  { value: 'custom', label: 'Custom', description: 'Pick the scopes one by one' },
];

export function ScopePicker({
  access,
  onAccess,
  scopes,
  onScopes,
}: {
  access: Access;
  onAccess: (a: Access) => void;
  scopes: Set<string>;
  onScopes: (s: Set<string>) => void;
}) {
  const toggle = (s: string) => {
    const next = new Set(scopes);
    if (next.has(s)) next.delete(s);
    else next.add(s);
    onScopes(next);
  };
  return (
    <fieldset>
      <legend className="text-sm font-medium text-zinc-800">Access</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        {ACCESS_OPTIONS.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex cursor-pointer flex-col rounded-lg px-3 py-2 ring-1 transition-colors',
              access === o.value ? 'bg-brand-50 ring-2 ring-brand-500' : 'ring-zinc-200 hover:bg-zinc-50',
            )}
          >
            <span className="flex items-center gap-2 text-sm font-medium text-zinc-900">
              <input type="radio" name="access" value={o.value} checked={access === o.value} onChange={() => onAccess(o.value)} className="accent-brand-600" />
              {o.label}
            </span>
            <span className="mt-0.5 text-xs text-zinc-500">{o.description}</span>
          </label>
        ))}
      </div>
      {access === 'custom' && (
        <div className="mt-3 overflow-hidden rounded-lg ring-1 ring-zinc-200">
          <table className="w-full text-sm">
            <thead className="bg-zinc-50 text-xs text-zinc-500">
              <tr>
                <th className="px-3 py-2 text-left font-medium">Resource</th>
                <th className="w-16 px-2 py-2 text-center font-medium">Read</th>
                <th className="w-16 px-2 py-2 text-center font-medium">Write</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {RESOURCES.map((r) => (
                <tr key={r.key}>
                  <td className="px-3 py-2">
                    <div className="font-medium text-zinc-800">{r.label}</div>
                    <div className="text-xs text-zinc-500">{r.hint}</div>
                  </td>
                  {(['read', 'write'] as const).map((op) => {
                    const s = `${r.key}.${op}`;
                    return (
                      <td key={op} className="px-2 py-2 text-center">
                        {has(s) ? (
                          <input
                            type="checkbox"
                            className="h-4 w-4 accent-brand-600"
                            checked={scopes.has(s)}
                            onChange={() => toggle(s)}
                            aria-label={s}
                          />
                        ) : (
                          <span className="text-zinc-300" aria-label="not available">
                            —
                          </span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="border-t border-zinc-100 bg-zinc-50 px-3 py-2 text-xs text-zinc-500">Write does not include read: tick both to read and change.</p>
        </div>
      )}
    </fieldset>
  );
}

/** How a stored scope list reads in the token table. */
export function scopeLabels(scopes: string[]): string[] {
  if (scopes.includes('apis.all')) return ['Full access'];
  const out: string[] = [];
  if (scopes.includes('apis.read')) out.push('Read only');
  for (const s of scopes) if (s !== 'apis.read') out.push(s);
  return out;
}
