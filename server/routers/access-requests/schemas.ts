import { z } from 'zod';
import { cursorQuery, id, limitQuery, listOf } from '../../schemas/common';
import type { ResourceDocs } from '../../openapi/resource-docs';
import { REQUEST_STATUSES } from '../../services/access-requests/decisions';

export const Granted = z
  .union([z.object({ type: z.literal('group'), group_id: z.string(), group_name: z.string().nullable() }), z.object({ type: z.literal('allow_list') })])
  .nullable()
  .describe('Where the approved address went: a group of the link\'s room, or the link\'s allow list; null until approved.');

export const AccessRequest = z.object({
  id: z.string(),
  object: z.literal('access_request'),
  link_id: z.string(),
  link_name: z.string().nullable().describe('The link\'s internal name (seen only by the team).'),
  dataroom_id: z.string().nullable(),
  dataroom_name: z.string().nullable(),
  link_group: z.object({ id: z.string(), name: z.string() }).nullable().describe('The group a group link admits: where approving puts the address unless group_id says otherwise.'),
  email: z.string(),
  message: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
  granted: Granted,
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
export const ApproveAccessRequestInput = z.strictObject({
  id: id('access request id'),
  group_id: id('group_id')
    .describe(
      'A group of the link\'s data room the address joins instead of the default (a group link\'s own group; a general link\'s allow list). ' +
        'A group of another room is 422, an unknown group 404; a group other than the link\'s must have a live group link, which the visitor is mailed.',
    )
    .nullable()
    .optional(),
});
export const PendingCount = z.object({ count: z.int() });

export const openApiDocs: ResourceDocs = {
  tag: {
    name: 'Access requests',
    description:
      'Visitors a link refused asking to be let in (links with `allow_access_requests`). Approving adds the email to the ' +
      'group of a group link, or to the allow list of a general link (and takes it off the deny list), or to another group of the link\'s room ' +
      'named by `group_id`; the answer and the event say where it went (`granted`). The visitor is mailed the outcome.',
  },
};
