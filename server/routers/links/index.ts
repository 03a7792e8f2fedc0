// Share links (spec 2.7, 4.5; DESIGN.md "Links, presets and the viewer").
import * as links from '../../services/links/links';
import { linkSummaries, viewDetails } from '../../services/links/summaries';
import { linkAccess } from '../../services/link-access';
import { listLinkViews } from '../../services/links/views';
import { inviteToLink, listLinkInvitations } from '../../services/links/invitations';
import { router, teamProcedure } from '../../trpc';
import { PermissionList } from '../datarooms/schemas';
import * as s from './schemas';

const tags = ['Links'];

export const linksRouter = router({
  list: teamProcedure('links.read')
    .meta({ openapi: { method: 'GET', path: '/links', tags, summary: 'List links, newest first (filters document_id, dataroom_id)' } })
    .input(s.ListLinksInput)
    .output(s.LinkList)
    .query(({ ctx, input }) => links.listLinks(ctx.actor, input)),
  create: teamProcedure('links.write')
    .meta({ status: 201, openapi: { method: 'POST', path: '/links', tags, summary: 'Create a link to a document or a data room' } })
    .input(s.CreateLinkInput)
    .output(s.Link)
    .mutation(({ ctx, input }) => links.createLink(ctx.actor, input)),
  get: teamProcedure('links.read')
    .meta({ openapi: { method: 'GET', path: '/links/{id}', tags, summary: 'Get a link' } })
    .input(s.LinkIdInput)
    .output(s.Link)
    .query(({ ctx, input }) => links.getLink(ctx.actor, input.id)),
  update: teamProcedure('links.write')
    .meta({ openapi: { method: 'PATCH', path: '/links/{id}', tags, summary: 'Update a link’s settings' } })
    .input(s.UpdateLinkInput)
    .output(s.Link)
    .mutation(({ ctx, input }) => links.updateLink(ctx.actor, input.id, input)),
  delete: teamProcedure('links.write')
    .meta({ openapi: { method: 'DELETE', path: '/links/{id}', tags, summary: 'Delete a link (it stops resolving at once)' } })
    .input(s.LinkIdInput)
    .output(s.deleted('link'))
    .mutation(({ ctx, input }) => links.deleteLink(ctx.actor, input.id)),
  permissions: teamProcedure('links.read')
    .meta({ openapi: { method: 'GET', path: '/links/{id}/permissions', tags, summary: 'A group link’s permissions (the group’s rows)' } })
    .input(s.LinkIdInput)
    .output(PermissionList)
    .query(({ ctx, input }) => links.linkPermissions(ctx.actor, input.id)),
  views: teamProcedure('analytics.read', { bucket: 'analytics' })
    .meta({ openapi: { method: 'GET', path: '/links/{id}/views', tags, summary: 'A link’s views, newest first' } })
    .input(s.ListViewsInput)
    .output(s.ViewList)
    .query(({ ctx, input }) => listLinkViews(ctx.actor, input.id, input)),
  invitations: router({
    create: teamProcedure('links.write')
      .meta({ openapi: { method: 'POST', path: '/links/{id}/invitations', tags, summary: 'Mail the link to up to 500 addresses (a group link adds them to its group)' } })
      .input(s.InviteInput)
      .output(s.InviteResult)
      .mutation(({ ctx, input }) => inviteToLink(ctx.actor, input.id, input)),
    list: teamProcedure('links.read')
      .meta({ openapi: { method: 'GET', path: '/links/{id}/invitations', tags, summary: 'The link’s invitations, newest first' } })
      .input(s.ListInvitationsInput)
      .output(s.LinkInvitationList)
      .query(({ ctx, input }) => listLinkInvitations(ctx.actor, input.id, input)),
  }),
  // Dashboard-only: the lists' counts and names, one query for a page of links or views.
  summaries: teamProcedure('links.read')
    .input(s.LinkSummariesInput)
    .output(s.LinkSummaries)
    .query(({ ctx, input }) => linkSummaries(ctx.actor, input.ids)),
  // Dashboard-only: downloads and Q&A as the viewer decides them, for the link page's summary.
  access: teamProcedure('links.read')
    .input(s.LinkIdInput)
    .output(s.LinkAccess)
    .query(({ ctx, input }) => linkAccess(ctx.actor, input.id)),
  viewDetails: teamProcedure('analytics.read')
    .input(s.ViewDetailsInput)
    .output(s.ViewDetails)
    .query(({ ctx, input }) => viewDetails(ctx.actor, input.ids)),
});
