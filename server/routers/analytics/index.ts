// Analytics (spec 2.7, 4.7, 8; DESIGN.md "Visitors, views and analytics"): every operation in
// the analytics rate-limit bucket.
import * as reports from '../../services/analytics/reports';
import { listAccessDenials } from '../../services/analytics/denials';
import { roomDetail } from '../../services/analytics/room-detail';
import { linkSearches, roomSearches } from '../../services/analytics/searches';
import { router, teamProcedure } from '../../trpc';
import * as s from './schemas';

const tags = ['Analytics'];
const analytics = () => teamProcedure('analytics.read', { bucket: 'analytics' });

export const analyticsRouter = router({
  document: analytics()
    .meta({ openapi: { method: 'GET', path: '/analytics/documents/{id}', tags, summary: 'A document’s views, viewers and time per page (one version)' } })
    .input(s.DocumentAnalyticsInput)
    .output(s.DocumentAnalytics)
    .query(({ ctx, input }) => reports.documentAnalytics(ctx.actor, input.id, input)),
  link: analytics()
    .meta({ openapi: { method: 'GET', path: '/analytics/links/{id}', tags, summary: 'A link’s visits, viewers, time and downloads' } })
    .input(s.LinkAnalyticsInput)
    .output(s.LinkAnalytics)
    .query(({ ctx, input }) => reports.linkAnalytics(ctx.actor, input.id, input)),
  dataroom: analytics()
    .meta({ openapi: { method: 'GET', path: '/analytics/datarooms/{id}', tags, summary: 'A data room’s visits, and views and time per document' } })
    .input(s.DataroomAnalyticsInput)
    .output(s.DataroomAnalytics)
    .query(({ ctx, input }) => reports.dataroomAnalytics(ctx.actor, input.id, input)),
  dataroomSearches: analytics()
    .meta({ openapi: { method: 'GET', path: '/datarooms/{id}/analytics/searches', tags, summary: 'What a room’s visitors searched for, how often, and what found nothing' } })
    .input(s.DataroomAnalyticsInput)
    .output(s.SearchAnalytics)
    .query(({ ctx, input }) => roomSearches(ctx.actor, input.id, input)),
  // Dashboard-only: the same for one link.
  linkSearches: teamProcedure('analytics.read')
    .input(s.LinkAnalyticsInput)
    .output(s.SearchAnalytics)
    .query(({ ctx, input }) => linkSearches(ctx.actor, input.id, input)),
  view: analytics()
    .meta({ openapi: { method: 'GET', path: '/analytics/views/{id}', tags, summary: 'The pages of one visit and the time on each' } })
    .input(s.ViewAnalyticsInput)
    .output(s.ViewAnalytics)
    .query(({ ctx, input }) => reports.viewAnalytics(ctx.actor, input.id)),
  // Dashboard-only (no openapi meta): a document's readers, a room's figures with document names,
  // its visitors, days and groups, the access denials of a link or a room, the team's overview.
  documentReaders: teamProcedure('analytics.read')
    .input(s.DocumentAnalyticsInput)
    .query(({ ctx, input }) => reports.documentReaders(ctx.actor, input.id, input)),
  roomDocuments: teamProcedure('analytics.read')
    .input(s.DataroomAnalyticsInput)
    .query(({ ctx, input }) => reports.dataroomAnalyticsWithNames(ctx.actor, input.id, input)),
  roomDetail: teamProcedure('analytics.read')
    .input(s.DataroomAnalyticsInput)
    .query(({ ctx, input }) => roomDetail(ctx.actor, input.id, input)),
  accessDenials: teamProcedure('analytics.read')
    .input(s.AccessDenialsInput)
    .query(({ ctx, input }) => listAccessDenials(ctx.actor, input)),
  overview: teamProcedure('analytics.read')
    .input(s.RangeInput)
    .query(({ ctx, input }) => reports.teamOverview(ctx.actor, input)),
});
