// Visitors (spec 2.8, 4.7; DESIGN.md "Visitors, views and analytics").
import * as visitors from '../../services/visitors';
import { router, teamProcedure } from '../../trpc';
import { ViewList } from '../links/schemas';
import * as s from './schemas';

const tags = ['Visitors'];

export const visitorsRouter = router({
  list: teamProcedure('visitors.read')
    .meta({ openapi: { method: 'GET', path: '/visitors', tags, summary: 'List visitors, newest first (filters email, dataroom_id)' } })
    .input(s.ListVisitorsInput)
    .output(s.VisitorList)
    .query(({ ctx, input }) => visitors.listVisitors(ctx.actor, input)),
  get: teamProcedure('visitors.read')
    .meta({ openapi: { method: 'GET', path: '/visitors/{id}', tags, summary: 'Get a visitor' } })
    .input(s.VisitorIdInput)
    .output(s.Visitor)
    .query(({ ctx, input }) => visitors.getVisitor(ctx.actor, input.id)),
  views: teamProcedure('visitors.read')
    .meta({ openapi: { method: 'GET', path: '/visitors/{id}/views', tags, summary: 'A visitor’s views, newest first' } })
    .input(s.VisitorViewsInput)
    .output(ViewList)
    .query(({ ctx, input }) => visitors.listVisitorViews(ctx.actor, input.id, input)),
});
