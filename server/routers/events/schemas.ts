import { z } from 'zod';
import { cursorQuery, id, limitQuery, listOf, msQuery } from '../../schemas/common';
import type { ResourceDocs } from '../../openapi/resource-docs';
import { ACTOR_TYPES } from '../../../lib/shared/event-types';

export const EventActor = z.object({
  type: z.enum(ACTOR_TYPES),
  id: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  email_verified: z
    .boolean()
    .describe('Whether `email` was proven: a team member’s sign-in address, or a visitor’s address confirmed by a one-time code. A visitor’s typed, unconfirmed address is false; false when there is no email.'),
});

export const Event = z.object({
  id: z.string(),
  object: z.literal('event'),
  type: z.string(),
  created: z.string(),
  actor: EventActor,
  dataroom_id: z.string().nullable(),
  data: z.object({
    object: z.record(z.string(), z.unknown()),
    changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).optional(),
  }),
  request: z.object({ ip_address: z.string().nullable(), user_agent: z.string().nullable() }).nullable(),
});
export const EventList = listOf(Event);
/** The dashboard's log (no /v1 route): each event with the names of the ids it refers to, keyed by their field. */
export const NamedEventList = listOf(
  Event.extend({
    names: z.object({ link_id: z.string(), document_id: z.string(), agreement_id: z.string(), dataroom_id: z.string() }).partial(),
  }),
);

export const EventFilters = {
  type: z.string().trim().min(1).max(64).optional().describe('An event type (document.created), a prefix ending in .* (dataroom.*), or *'),
  dataroom_id: id('dataroom_id').optional().describe('The room (id or dr_ id), deleted rooms included'),
  resource_id: id('resource_id').optional().describe('The affected resource: data.object.id'),
  actor_type: z.enum(ACTOR_TYPES).optional(),
  actor_email: z.string().trim().min(1).max(254).optional(),
  since: msQuery('since (inclusive)'),
  until: msQuery('until (exclusive)'),
};

export const ListEventsInput = z.strictObject({ ...EventFilters, limit: limitQuery(25), cursor: cursorQuery });
export const EventIdInput = z.strictObject({ id: id('event id') });

export const openApiDocs: ResourceDocs = {
  tag: {
    name: 'Events',
    description:
      'The audit log: one event per change and per visitor action, written with the change itself, newest first. `data.object` is the resource as this API returned it at that moment; `data.changes` (on `*.updated`) names the fields that changed. Kept 365 days.',
  },
};
