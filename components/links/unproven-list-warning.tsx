// The warning of a link that lets in a list of addresses (its allow list, or a group) without the
// one-time code (lib/shared/link-settings.ts unprovenList): in the link's form, where `action` turns
// the code on, and in the link's settings summary, where it opens the form.
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function UnprovenListWarning({ group, action, className, testId }: { group: boolean; action?: ReactNode; className?: string; testId: string }) {
  return (
    <div role="note" data-testid={testId} className={cn('flex gap-2.5 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200', className)}>
      <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden />
      <div className="min-w-0 space-y-2">
        <p>
          <strong className="font-semibold">Anyone who types an address {group ? 'of the group' : 'on the allow list'} gets in.</strong> Emails are
          not verified with a code, so nothing checks that visitors own the address they type, and whether the link opens tells a stranger who
          is {group ? 'in the group' : 'on the list'}.
        </p>
        {action}
      </div>
    </div>
  );
}
