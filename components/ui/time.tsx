'use client';
import { formatRelative } from '@/lib/format';
import { useDateFormat } from '@/lib/use-date-format';

/** A date and time in the browser's time zone (UTC, named, until the page has hydrated). */
export function DateTime({ iso }: { iso: string }) {
  const fmt = useDateFormat();
  return <time dateTime={iso}>{fmt.dateTime(iso)}</time>;
}

/**
 * A relative time ("5 minutes ago") with the exact time on hover. The server's "now" is not the
 * browser's: the text may differ at hydration (warning suppressed) and is redrawn right after.
 */
export function RelativeTime({ iso }: { iso: string }) {
  // useDateFormat re-renders this once hydrated, which redraws the text in the browser's time.
  const fmt = useDateFormat();
  return (
    <time dateTime={iso} title={fmt.dateTime(iso)} suppressHydrationWarning>
      {formatRelative(iso)}
    </time>
  );
}
