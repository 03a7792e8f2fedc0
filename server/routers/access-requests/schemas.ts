import { z } from 'zod';
import { cursorQuery, id, limitQuery, listOf } from '../../schemas/common';
import type { ResourceDocs } from '../../openapi/resource-docs';
import { REQUEST_STATUSES } from '../../services/access-requests/decisions';

export const AccessRequest = z.object({
  id: z.string(),
  object: z.literal('access_request'),
  link_id: z.string(),
  dataroom_id: z.string().nullable(),
  email: z.string(),
  message: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
  decided_by: z.string().nullable().describe('The email of the team member who decided; null for an API token without a user.'),
  decided_at: z.string().nullable(),
  created: z.string(),
});
export const AccessRequestList = listOf(AccessRequest);
export const ListAccessRequestsInput = z.strictObject({
  status: z.enum(REQUEST_STATUSES).optional(),
  link_id: id('link_id').optional(),
  limit: limitQuery(25),
  cursor: cursorQuery,
});
export const AccessRequestIdInput = z.strictObject({ id: id('access request id') });
export const PendingCount = z.object({ count: z.int() });

export const openApiDocs: ResourceDocs = {
  tag: {
    name: 'Access requests',
    description:
      'Visitors a link refused asking to be let in (links with `allow_access_requests`). Approving adds the email to the ' +
      'group of a group link, or to the allow list of a general link (and takes it off the deny list); the visitor is mailed the outcome.',
  },
};
