// The bounds of an analytics range (DESIGN.md "Visitors, views and analytics"); the API reads a
// range in server/services/analytics/range.ts, the dashboard's range picker keeps to the same days.
export const DEFAULT_RANGE_DAYS = 30;
export const MAX_RANGE_DAYS = 366;
