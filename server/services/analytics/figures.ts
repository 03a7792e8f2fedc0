// Small conversions every analytics reader shares: milliseconds to seconds, day rows to numbers.

export const seconds = (ms: number | string | null) => Math.round(Number(ms ?? 0)) / 1000;

/** A day (UTC, YYYY-MM-DD) with its visits and unique viewers, as SQL answers them. */
export type DayRow = { day: string; views: string; viewers: string };

export const dayRows = (rows: DayRow[]) => rows.map((d) => ({ day: d.day, views: Number(d.views), viewers: Number(d.viewers) }));
