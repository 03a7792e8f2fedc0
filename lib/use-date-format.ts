'use client';
// Dates in the browser's own time zone without a hydration mismatch (issue 41 item 10: React
// #418 on the document and link pages). The server renders in its time zone, the browser in the
// visitor's: so until the page has hydrated, both render UTC, named as such; right after, the
// browser's zone. Client navigations are hydrated already and show local time at once.
import { useSyncExternalStore } from 'react';
import { formatDate, formatDateTime, formatDateTimeUtc, formatDateUtc } from './format';

const never = () => () => {};

/** False while the server renders and while the browser hydrates that HTML; true afterwards. */
export const useHydrated = () => useSyncExternalStore(never, () => true, () => false);

export function useDateFormat(): { date: (iso: string) => string; dateTime: (iso: string) => string } {
  return useHydrated() ? { date: formatDate, dateTime: formatDateTime } : { date: formatDateUtc, dateTime: formatDateTimeUtc };
}
