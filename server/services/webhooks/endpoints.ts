// Webhook endpoints (DESIGN.md "Webhooks (Standard Webhooks 1.0)"): where a team's events are
// POSTed. Every change is a `webhook_endpoint.*` event written in its transaction; the secret is
// never part of the object (only the create and rotate answers carry it).
import crypto from 'node:crypto';
import type { Actor, SystemActor } from '../../auth/actor';
import { db, type Tx } from '../../db/client';
import type { WebhookEndpoint } from '../../db/generated/client';
import { pgTimestamp } from '../../db/sql';
import { ApiError, invalid, notFound } from '../../errors';
import { newId } from '../../ids';
import { wake } from '../../lib/wake';
import { iso } from '../../schemas/common';
import { changesBetween, emit, newEventId } from '../events/emit';
import { PLANS } from '../../../lib/shared/plans';
import { isEventPattern, TEST_EVENT_TYPE } from '../../../lib/shared/event-types';
import { WEBHOOK_ENDPOINT_CAPS, WEBHOOK_PREVIOUS_SECRET_MS, type WebhookDisabledReason } from '../../../lib/shared/webhooks';
import { encryptSecret, newSecret } from './secrets';
import { checkWebhookUrl } from './urls';
import { toDelivery, type DeliveryRow } from './deliveries';
import { capReachedMessage } from '../plan-caps';

export type EndpointRow = WebhookEndpoint;

export function toEndpoint(r: Omit<EndpointRow, 'secret' | 'previousSecret' | 'previousSecretExpiresAt' | 'failingSince'>) {
  return {
    id: r.id,
    object: 'webhook_endpoint' as const,
    url: r.url,
    description: r.description,
    events: r.events,
    enabled: r.enabled,
    disabled_reason: r.disabledReason as WebhookDisabledReason | null,
    created: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}
export type ApiEndpoint = ReturnType<typeof toEndpoint>;

export const newDeliveryId = () => `whd_${crypto.randomUUID().replace(/-/g, '')}`;

export async function findEndpoint(q: Pick<Tx, 'webhookEndpoint'>, actor: { teamId: string }, id: string): Promise<EndpointRow> {
  const row = await q.webhookEndpoint.findFirst({ where: { id, teamId: actor.teamId } });
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

/** Oldest first; a team has at most a few dozen, so one page. */
export async function listEndpoints(actor: Actor) {
  const rows = await db.webhookEndpoint.findMany({ where: { teamId: actor.teamId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return { data: rows.map(toEndpoint), next_cursor: null };
}

export async function getEndpoint(actor: Actor, id: string) {
  return toEndpoint(await findEndpoint(db, actor, id));
}

/** Subscriptions as stored: each a type, a known prefix with `.*`, or `*`; duplicates dropped. */
function checkEvents(events: string[]): string[] {
  const bad = events.filter((e) => !isEventPattern(e));
  if (bad.length) throw invalid('events', `unknown event type or prefix: ${bad.slice(0, 5).join(', ')} (use a type like document.created, a prefix like dataroom.*, or *)`);
  return [...new Set(events)];
}

function assertBelowCap(actor: Actor, used: number) {
  const limit = WEBHOOK_ENDPOINT_CAPS[actor.plan];
  if (used < limit) return;
  const plans = PLANS.filter((p) => WEBHOOK_ENDPOINT_CAPS[p] > used);
  throw new ApiError(
    'plan_restriction',
    capReachedMessage({ plan: actor.plan, limit, used, one: 'webhook endpoint', many: 'webhook endpoints', plans }),
    { feature: 'webhooks', current_plan: actor.plan, usage: used, limit, plans },
  );
}

const lockTeam = (tx: Tx, teamId: string) => tx.$queryRawUnsafe(`SELECT id FROM teams WHERE id = $1 FOR UPDATE`, teamId);

export type CreateEndpointInput = { url: string; description?: string | null; events: string[]; enabled?: boolean };

export async function createEndpoint(actor: Actor, input: CreateEndpointInput) {
  const events = checkEvents(input.events);
  assertBelowCap(actor, await db.webhookEndpoint.count({ where: { teamId: actor.teamId } }));
  const url = await checkWebhookUrl(input.url);
  const secret = newSecret();
  const endpoint = await db.$transaction(async (tx) => {
    await lockTeam(tx, actor.teamId);
    assertBelowCap(actor, await tx.webhookEndpoint.count({ where: { teamId: actor.teamId } }));
    const enabled = input.enabled ?? true;
    const row = await tx.webhookEndpoint.create({
      data: {
        id: newId(),
        teamId: actor.teamId,
        url,
        description: input.description ?? null,
        events,
        enabled,
        disabledReason: enabled ? null : 'manual',
        secret: encryptSecret(secret),
      },
    });
    const endpoint = toEndpoint(row);
    await emit(tx, actor, { type: 'webhook_endpoint.created', object: endpoint });
    return endpoint;
  });
  return { ...endpoint, secret };
}

export type UpdateEndpointInput = { url?: string; description?: string | null; events?: string[]; enabled?: boolean };

export async function updateEndpoint(actor: Actor, id: string, input: UpdateEndpointInput) {
  await findEndpoint(db, actor, id);
  const events = input.events === undefined ? undefined : checkEvents(input.events);
  const url = input.url === undefined ? undefined : await checkWebhookUrl(input.url);
  return db.$transaction(async (tx) => {
    const before = await lockEndpoint(tx, actor, id);
    const data: Record<string, unknown> = {};
    if (url !== undefined && url !== before.url) data.url = url;
    if (input.description !== undefined && input.description !== before.description) data.description = input.description;
    if (events !== undefined && JSON.stringify(events) !== JSON.stringify(before.events)) data.events = events;
    if (input.enabled !== undefined && input.enabled !== before.enabled) {
      data.enabled = input.enabled;
      data.disabledReason = input.enabled ? null : 'manual';
      // A fresh start: the 5 days of failures count again from the next failure.
      if (input.enabled) data.failingSince = null;
    }
    if (!Object.keys(data).length) return toEndpoint(before);
    const row = await tx.webhookEndpoint.update({ where: { id }, data });
    if (input.enabled === false && before.enabled) await stopPending(tx, id, 'manual');
    const after = toEndpoint(row);
    await emit(tx, actor, { type: 'webhook_endpoint.updated', object: after, changes: changesBetween(toEndpoint(before), after) });
    return after;
  });
}

export async function deleteEndpoint(actor: Actor, id: string) {
  await findEndpoint(db, actor, id);
  await db.$transaction(async (tx) => {
    await lockEndpoint(tx, actor, id);
    // Its deliveries go with it (foreign key cascade).
    await tx.webhookEndpoint.delete({ where: { id } });
    await emit(tx, actor, { type: 'webhook_endpoint.deleted', object: { id, object: 'webhook_endpoint', deleted: true } });
  });
  return { id, object: 'webhook_endpoint' as const, deleted: true as const };
}

/**
 * A new secret; the current one keeps signing beside it for 24 hours (a second rotation within
 * them drops the oldest).
 */
export async function rotateSecret(actor: Actor, id: string) {
  await findEndpoint(db, actor, id);
  const secret = newSecret();
  const endpoint = await db.$transaction(async (tx) => {
    const before = await lockEndpoint(tx, actor, id);
    const row = await tx.webhookEndpoint.update({
      where: { id },
      data: { secret: encryptSecret(secret), previousSecret: before.secret, previousSecretExpiresAt: new Date(Date.now() + WEBHOOK_PREVIOUS_SECRET_MS) },
    });
    const after = toEndpoint(row);
    await emit(tx, actor, { type: 'webhook_endpoint.updated', object: after, changes: changesBetween(toEndpoint(before), after, ['secret']) });
    return after;
  });
  return { ...endpoint, secret };
}

/**
 * A `webhook.test` event to this endpoint alone (enabled or not): a delivery with an event id of
 * its own and no row in the audit log; its first attempt starts after the answer.
 */
export async function sendTest(actor: Actor, id: string) {
  const endpoint = toEndpoint(await findEndpoint(db, actor, id));
  const now = Date.now();
  const eventId = newEventId();
  const payload = JSON.stringify({ id: eventId, type: TEST_EVENT_TYPE, timestamp: new Date(now).toISOString(), data: { object: endpoint } });
  const at = new Date(now);
  const row = await db.webhookDelivery.create({
    data: { id: newDeliveryId(), teamId: actor.teamId, endpointId: id, eventId, eventType: TEST_EVENT_TYPE, payload, status: 'pending', nextAttemptAt: at, createdAt: at },
  });
  wake('webhooks');
  return toDelivery(row as DeliveryRow);
}

/** Locks the endpoint row for this transaction (404 when it is not the team's). */
async function lockEndpoint(tx: Tx, actor: { teamId: string }, id: string): Promise<EndpointRow> {
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(`SELECT id FROM webhook_endpoints WHERE id = $1 AND team_id = $2 FOR UPDATE`, id, actor.teamId);
  if (!rows.length) throw notFound('Webhook endpoint');
  return findEndpoint(tx, actor, id);
}

/**
 * A disabled endpoint's pending deliveries stop: they are failed, saying why (an attempt in
 * flight finishes and records its own outcome). The delivery log's retry sends any of them again.
 */
async function stopPending(tx: Tx, endpointId: string, reason: WebhookDisabledReason) {
  const now = pgTimestamp(Date.now());
  await tx.$executeRawUnsafe(
    `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, last_error = $2, updated_at = $3::timestamp
     WHERE endpoint_id = $1 AND status = 'pending' AND (locked_until IS NULL OR locked_until < $3::timestamp)`,
    endpointId,
    `Not sent: the endpoint was disabled (${reason}).`,
    now,
  );
}

const WEBHOOKS_ACTOR = (teamId: string): SystemActor => ({ kind: 'system', teamId, name: 'webhooks' });

/**
 * Disables an enabled endpoint on the delivery engine's word (410: `gone`; 5 days of failures:
 * `failing`), stops its pending deliveries and writes the `updated` event. Returns the endpoint
 * when this call disabled it (so the caller tells the admins once), null when it already was.
 */
export async function disableEndpoint(endpointId: string, reason: 'gone' | 'failing') {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRawUnsafe<{ team_id: string }[]>(`SELECT team_id FROM webhook_endpoints WHERE id = $1 AND enabled FOR UPDATE`, endpointId);
    if (!rows.length) return null;
    const actor = WEBHOOKS_ACTOR(rows[0]!.team_id);
    const before = await findEndpoint(tx, actor, endpointId);
    const row = await tx.webhookEndpoint.update({ where: { id: endpointId }, data: { enabled: false, disabledReason: reason } });
    await stopPending(tx, endpointId, reason);
    const after = toEndpoint(row);
    await emit(tx, actor, { type: 'webhook_endpoint.updated', object: after, changes: changesBetween(toEndpoint(before), after) });
    return { teamId: actor.teamId, endpoint: after };
  });
}
