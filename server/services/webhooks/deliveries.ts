// The delivery log of an endpoint (DESIGN.md "Webhooks"): newest first, filtered by status, and
// "retry now". The sending itself is the delivery engine's (server/jobs/webhooks.ts).
import type { Actor } from '../../auth/actor';
import { db } from '../../db/client';
import type { WebhookDelivery } from '../../db/generated/client';
import { conflict, notFound } from '../../errors';
import { retryNow } from './delivery-state';
import { cursorInstant, decodeCursor, iso, page } from '../../schemas/common';
import type { WebhookDeliveryStatus } from '../../../lib/shared/webhooks';

export type DeliveryRow = WebhookDelivery;

export function toDelivery(r: DeliveryRow) {
  return {
    id: r.id,
    object: 'webhook_delivery' as const,
    endpoint_id: r.endpointId,
    event_id: r.eventId,
    event_type: r.eventType,
    status: r.status as WebhookDeliveryStatus,
    attempts: r.attempts,
    last_response_status: r.lastResponseStatus,
    last_response_ms: r.lastResponseMs,
    last_error: r.lastError,
    next_attempt_at: r.nextAttemptAt ? iso(r.nextAttemptAt) : null,
    created: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}
export type ApiDelivery = ReturnType<typeof toDelivery>;

async function assertEndpoint(actor: Actor, endpointId: string) {
  const found = await db.webhookEndpoint.findFirst({ where: { id: endpointId, teamId: actor.teamId }, select: { id: true } });
  if (!found) throw notFound('Webhook endpoint');
}

export async function listDeliveries(actor: Actor, endpointId: string, q: { status?: WebhookDeliveryStatus; limit: number; cursor?: string }) {
  const after = decodeCursor(q.cursor, 'number', 'string') as [number, string] | null;
  await assertEndpoint(actor, endpointId);
  const rows = await db.webhookDelivery.findMany({
    where: {
      endpointId,
      teamId: actor.teamId,
      status: q.status,
      ...(after
        ? { OR: [{ createdAt: { lt: new Date(cursorInstant(after[0])) } }, { createdAt: new Date(after[0]), id: { lt: after[1] } }] }
        : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: q.limit + 1,
  });
  return page(rows, q.limit, toDelivery, (r) => [r.createdAt.getTime(), r.id]);
}

/**
 * Sends the delivery again now, whatever its status and whether or not the endpoint is enabled
 * (DESIGN.md): it is pending again, due now, with a job that starts after the commit. A failed attempt of it
 * continues the schedule from its attempt count (a delivery that had spent it fails again).
 */
export async function retryDelivery(actor: Actor, endpointId: string, deliveryId: string) {
  await assertEndpoint(actor, endpointId);
  const found = await db.webhookDelivery.findFirst({ where: { id: deliveryId, endpointId, teamId: actor.teamId }, select: { id: true } });
  if (!found) throw notFound('Webhook delivery');
  if (!(await retryNow(actor.teamId, endpointId, deliveryId))) throw conflict('An attempt of this delivery is being sent right now; retry once it has finished.');
  return toDelivery(await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } }));
}
