// Access requests (DESIGN.md "Agreements (NDA before access), invitations, access requests").
import * as requests from '../../services/access-requests/decisions';
import { router, teamProcedure } from '../../trpc';
import * as s from './schemas';

const tags = ['Access requests'];

export const accessRequestsRouter = router({
  list: teamProcedure('links.read')
    .meta({ openapi: { method: 'GET', path: '/access-requests', tags, summary: 'List access requests, newest first (filters status, link_id)' } })
    .input(s.ListAccessRequestsInput)
    .output(s.AccessRequestList)
    .query(({ ctx, input }) => requests.listAccessRequests(ctx.actor, input)),
  get: teamProcedure('links.read')
    .meta({ openapi: { method: 'GET', path: '/access-requests/{id}', tags, summary: 'Get an access request' } })
    .input(s.AccessRequestIdInput)
    .output(s.AccessRequest)
    .query(({ ctx, input }) => requests.getAccessRequest(ctx.actor, input.id)),
  approve: teamProcedure('links.write')
    .meta({ openapi: { method: 'POST', path: '/access-requests/{id}/approve', tags, summary: 'Approve: the email joins the link\'s group, its allow list, or the group named by group_id' } })
    .input(s.ApproveAccessRequestInput)
    .output(s.AccessRequest)
    .mutation(({ ctx, input }) => requests.decideAccessRequest(ctx.actor, input.id, 'approved', input.group_id)),
  deny: teamProcedure('links.write')
    .meta({ openapi: { method: 'POST', path: '/access-requests/{id}/deny', tags, summary: 'Deny: the visitor is told' } })
    .input(s.AccessRequestIdInput)
    .output(s.AccessRequest)
    .mutation(({ ctx, input }) => requests.decideAccessRequest(ctx.actor, input.id, 'denied')),
  // Dashboard-only: the navigation's badge.
  pendingCount: teamProcedure('links.read')
    .output(s.PendingCount)
    .query(({ ctx }) => requests.pendingAccessRequestCount(ctx.actor)),
});
