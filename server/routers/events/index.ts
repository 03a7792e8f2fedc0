// The audit log on /v1 and the dashboard (DESIGN.md "Events").
import * as auditLog from '../../services/events/audit-log';
import { router, teamProcedure } from '../../trpc';
import * as s from './schemas';

const tags = ['Events'];

export const eventsRouter = router({
  list: teamProcedure('audit.read')
    .meta({ openapi: { method: 'GET', path: '/events', tags, summary: 'List events, newest first (filters type, dataroom_id, resource_id, actor_type, actor_email, since, until)' } })
    .input(s.ListEventsInput)
    .output(s.EventList)
    .query(({ ctx, input }) => auditLog.listEvents(ctx.actor, input)),
  // Dashboard only: the same list, with the names of the links, documents, agreements and rooms its events refer to.
  log: teamProcedure('audit.read')
    .input(s.ListEventsInput)
    .output(s.NamedEventList)
    .query(({ ctx, input }) => auditLog.listNamedEvents(ctx.actor, input)),
  get: teamProcedure('audit.read')
    .meta({ openapi: { method: 'GET', path: '/events/{id}', tags, summary: 'Get an event' } })
    .input(s.EventIdInput)
    .output(s.Event)
    .query(({ ctx, input }) => auditLog.getEvent(ctx.actor, input.id)),
});
