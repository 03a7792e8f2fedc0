// "(unverified)" beside an email a visitor typed and never confirmed with a one-time code: the
// audit log and the acceptances say so wherever they show such an address (issue 43).
import { cn } from '@/lib/cn';

export function UnverifiedMark({ className }: { className?: string }) {
  return (
    <span
      className={cn('text-xs font-normal whitespace-nowrap text-amber-700', className)}
      title="Typed by the visitor and never confirmed with a one-time code: it may not be theirs"
      data-testid="unverified-email"
    >
      (unverified)
    </span>
  );
}
