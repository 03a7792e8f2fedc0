import { z } from 'zod';
import { cursorQuery, id, limitQuery, listOf } from '../../schemas/common';
import type { ResourceDocs } from '../../openapi/resource-docs';

export const Visitor = z.object({
  id: z.string(),
  object: z.literal('visitor'),
  email: z.string(),
  verified: z.boolean(),
  dataroom_id: z.string().nullable(),
  invited_at: z.string().nullable(),
  total_views: z.int(),
  last_viewed_at: z.string().nullable(),
  created: z.string(),
  updated_at: z.string(),
});
export const VisitorList = listOf(Visitor);

export const ListVisitorsInput = z.strictObject({
  email: z.string().trim().min(1).max(254).optional(),
  dataroom_id: id('dataroom_id').optional(),
  limit: limitQuery(25),
  cursor: cursorQuery,
});
export const VisitorIdInput = z.strictObject({ id: id('visitor id') });
export const VisitorViewsInput = z.strictObject({ id: id('visitor id'), limit: limitQuery(25), cursor: cursorQuery });

/** The resource in the OpenAPI document: its tag's text (server/openapi/resources.ts). */
export const openApiDocs: ResourceDocs = {
  tag: {
    name: 'Visitors',
    description:
      'People who gave an email to a link, or were added to a viewer group; unique per team and lower-cased email.',
  },
};
