import { z } from 'zod';
import { cursorQuery, id, limitQuery, listOf } from '../../schemas/common';

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
