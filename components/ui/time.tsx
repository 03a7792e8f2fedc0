'use client';
import { formatDateTime, formatRelative } from '@/lib/format';

/** A relative time ("5 minutes ago") with the exact time on hover. */
export function RelativeTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} suppressHydrationWarning>
      {formatRelative(iso)}
    </time>
  );
}
