'use client';
// The room's Permissions tab: one group's tree, or every group at once (the matrix, ?view=matrix
// so a reload or a shared link opens it).
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { cn } from '@/lib/cn';
import type { Room } from './hooks';
import { PermissionMatrix } from './permission-matrix';
import { RoomPermissions } from './room-permissions';

export function RoomPermissionsTab({ room }: { room: Room }) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const mode = params.get('view') === 'matrix' ? 'matrix' : 'group';
  const setMode = (m: 'matrix' | 'group') => router.replace(`${pathname}?tab=permissions${m === 'matrix' ? '&view=matrix' : ''}`, { scroll: false });
  return (
    <div className="space-y-4">
      <div role="radiogroup" aria-label="Permissions view" className="inline-flex rounded-lg bg-zinc-100 p-0.5 text-sm">
        {(
          [
            ['group', 'One group'],
            ['matrix', 'All groups (matrix)'],
          ] as const
        ).map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="radio"
            aria-checked={mode === id}
            onClick={() => setMode(id)}
            className={cn(
              'rounded-md px-3 py-1.5 font-medium focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
              mode === id ? 'bg-white text-zinc-900 shadow-sm' : 'text-zinc-600 hover:text-zinc-900',
            )}
          >
            {label}
          </button>
        ))}
      </div>
      {mode === 'matrix' ? <PermissionMatrix room={room} /> : <RoomPermissions room={room} />}
    </div>
  );
}
