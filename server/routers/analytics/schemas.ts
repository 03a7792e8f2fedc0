import { z } from 'zod';
import { id, msQuery } from '../../schemas/common';

const range = { since: msQuery('since (inclusive)'), until: msQuery('until (exclusive)') };

export const DocumentAnalyticsInput = z.strictObject({ id: id('document id'), version_id: id('version id').optional(), ...range });
export const LinkAnalyticsInput = z.strictObject({ id: id('link id'), ...range });
export const DataroomAnalyticsInput = z.strictObject({ id: id('data room id'), ...range });
export const RangeInput = z.strictObject(range);
export const AccessDenialsInput = z.union([z.strictObject({ link_id: id('link id') }), z.strictObject({ dataroom_id: id('data room id') })]);
export const ViewAnalyticsInput = z.strictObject({ id: id('view id') });

const rangeOut = { since: z.int(), until: z.int() };
const PageAverage = z.object({ page_number: z.int(), avg_duration_seconds: z.number() });

export const DocumentAnalytics = z.object({
  object: z.literal('document_analytics'),
  document_id: z.string(),
  version_id: z.string(),
  total_views: z.int(),
  unique_viewers: z.int(),
  total_duration_seconds: z.number(),
  avg_page_duration_seconds: z.array(PageAverage),
  ...rangeOut,
});

export const LinkAnalytics = z.object({
  object: z.literal('link_analytics'),
  link_id: z.string(),
  total_views: z.int(),
  unique_viewers: z.int(),
  total_duration_seconds: z.number(),
  downloads: z.int(),
  avg_page_duration_seconds: z.array(PageAverage),
  ...rangeOut,
});

export const DataroomAnalytics = z.object({
  object: z.literal('dataroom_analytics'),
  dataroom_id: z.string(),
  total_views: z.int(),
  unique_viewers: z.int(),
  total_duration_seconds: z.number(),
  downloads: z.int(),
  documents: z.array(z.object({ document_id: z.string(), views: z.int(), duration_seconds: z.number() })),
  ...rangeOut,
});

export const SearchAnalytics = z.object({
  object: z.literal('search_analytics'),
  dataroom_id: z.string().nullable(),
  link_id: z.string().nullable(),
  total_searches: z.int().describe('Searches visitors settled on in the range (a query typed on replaces the one it extends).'),
  searches_without_hits: z.int(),
  queries: z
    .array(z.object({ query: z.string(), searches: z.int(), visits: z.int(), without_hits: z.int(), last_searched_at: z.string() }))
    .describe('The most searched queries first (at most 100), compared lower-cased.'),
  ...rangeOut,
});

export const ViewAnalytics = z.object({
  object: z.literal('view_analytics'),
  view_id: z.string(),
  pages: z.array(z.object({ page_number: z.int(), duration_seconds: z.number() })),
  duration_seconds: z.number(),
  user_agent: z.string().nullable(),
  viewed_at: z.string(),
});
