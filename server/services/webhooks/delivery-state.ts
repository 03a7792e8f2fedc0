// Every change of a webhook delivery's state, in one place (DESIGN.md "Webhooks"), but its birth:
// an event's deliveries and their jobs are written by emit()'s own statement (one round trip per
// change; services/events/emit.ts). Here: an attempt started and recorded, retried by hand,
// stopped when its endpoint is disabled. The sending itself is the
// job's (server/jobs/webhooks.ts); the delivery row is what /v1 shows, the job row is the work.
import { db, type Tx } from '../../db/client';
import { enqueue, type JobKind } from '../../db/jobs';
import { WEBHOOK_FAILING_DISABLE_MS } from '../../../lib/shared/webhooks';
import { retryDelayMs } from './schedule';

export const DELIVERY_JOB = 'webhook.delivery' as const satisfies JobKind;

export const deliveryJob = (d: { id: string; teamId: string; endpointId: string }) => ({ kind: DELIVERY_JOB, ref: d.id, teamId: d.teamId, group: d.endpointId });

/** A delivery whose attempt is being sent right now (its job is running, its lease alive). */
const IN_FLIGHT = `EXISTS (SELECT 1 FROM jobs j WHERE j.kind = '${DELIVERY_JOB}' AND j.ref = d.id AND j.status = 'running' AND j.locked_until >= timezone('UTC', now()))`;

/**
 * "Retry now": pending again, due now, with a job of its own (a queued or dead one replaced), in
 * one transaction. False when an attempt is in flight (it records its own outcome).
 */
export async function retryNow(teamId: string, endpointId: string, deliveryId: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const updated = await tx.$executeRawUnsafe(
      `UPDATE webhook_deliveries d SET status = 'pending', next_attempt_at = timezone('UTC', now()), updated_at = timezone('UTC', now())
       WHERE d.id = $1 AND d.endpoint_id = $2 AND d.team_id = $3 AND NOT ${IN_FLIGHT}`,
      deliveryId,
      endpointId,
      teamId,
    );
    if (!updated) return false;
    await tx.$executeRawUnsafe(`DELETE FROM jobs WHERE kind = '${DELIVERY_JOB}' AND ref = $1`, deliveryId);
    await enqueue(tx, deliveryJob({ id: deliveryId, teamId, endpointId }));
    return true;
  });
}

/**
 * A disabled endpoint's pending deliveries stop: failed, saying why, their jobs gone (an attempt
 * in flight finishes and records its own outcome). The delivery log's retry sends any again.
 */
export async function stopPending(tx: Tx, endpointId: string, reason: string) {
  await tx.$executeRawUnsafe(
    `WITH stopped AS (
       UPDATE webhook_deliveries d SET status = 'failed', next_attempt_at = NULL, last_error = $2, updated_at = timezone('UTC', now())
       WHERE d.endpoint_id = $1 AND d.status = 'pending' AND NOT ${IN_FLIGHT}
       RETURNING d.id)
     DELETE FROM jobs WHERE kind = '${DELIVERY_JOB}' AND status <> 'running' AND ref IN (SELECT id FROM stopped)`,
    endpointId,
    `Not sent: the endpoint was disabled (${reason}).`,
  );
}

export type Attempt = {
  id: string;
  endpointId: string;
  teamId: string;
  eventId: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  /** The endpoint has failed since then (nothing succeeded): it gets a shorter deadline. */
  failingSince: Date | null;
};

/** Counts the attempt of a pending delivery and answers what to send; null: nothing owed any more. */
export async function startAttempt(deliveryId: string): Promise<Attempt | null> {
  const rows = await db.$queryRawUnsafe<Attempt[]>(
    `UPDATE webhook_deliveries d SET attempts = d.attempts + 1, updated_at = timezone('UTC', now())
     FROM webhook_endpoints w
     WHERE d.id = $1 AND d.status = 'pending' AND w.id = d.endpoint_id
     RETURNING d.id, d.endpoint_id AS "endpointId", d.team_id AS "teamId", d.event_id AS "eventId", d.payload, d.attempts, w.url, w.secret,
       w.previous_secret AS "previousSecret", w.previous_secret_expires_at AS "previousSecretExpiresAt", w.failing_since AS "failingSince"`,
    deliveryId,
  );
  return rows[0] ?? null;
}

export type AttemptOutcome = { status: number | null; ms: number | null; body: string | null; error: string | null };

export type Recorded = { againInMs: number } | { disable: 'gone' | 'failing' } | null;

/** An attempt's outcome on its delivery, unless a newer attempt started meanwhile ($1 id, $2 attempts, $3-$8 the outcome). */
const SET_OUTCOME = `UPDATE webhook_deliveries SET status = $3, next_attempt_at = timezone('UTC', now()) + $4 * interval '1 millisecond',
    last_response_status = $5, last_response_ms = $6, last_response_body = $7, last_error = $8, updated_at = timezone('UTC', now())
  WHERE id = $1 AND attempts = $2`;

/** A success: the outcome, and the end of the endpoint's ($9) failing spell, in one statement. */
const SUCCEEDED = `WITH d AS (${SET_OUTCOME}) UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $9 AND failing_since IS NOT NULL`;

/**
 * Writes the attempt's outcome (unless a newer attempt of the delivery started meanwhile) and
 * answers what follows: another attempt after the schedule's delay, the endpoint disabled (410 at
 * once; 5 days of nothing but failures), or nothing.
 */
export async function recordAttempt(a: Attempt, o: AttemptOutcome): Promise<Recorded> {
  const ok = o.status !== null && o.status >= 200 && o.status <= 299;
  const outcome = (status: string, nextInMs: number | null) => [a.id, a.attempts, status, nextInMs, o.status, o.ms, o.body, o.error];
  if (ok) {
    await db.$executeRawUnsafe(SUCCEEDED, ...outcome('succeeded', null), a.endpointId);
    return null;
  }
  const [endpoint] = await db.$queryRawUnsafe<{ enabled: boolean; failingForMs: number }[]>(
    `UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, timezone('UTC', now())) WHERE id = $1
     RETURNING enabled, (extract(epoch FROM timezone('UTC', now()) - failing_since) * 1000)::float8 AS "failingForMs"`,
    a.endpointId,
  );
  if (!endpoint) return null; // deleted meanwhile, its deliveries with it
  const disable = !endpoint.enabled ? null : o.status === 410 ? 'gone' : endpoint.failingForMs >= WEBHOOK_FAILING_DISABLE_MS ? 'failing' : null;
  const delay = retryDelayMs(a.attempts);
  // A disabled endpoint gets no further attempt (a retry by hand sends one).
  const retry = !disable && endpoint.enabled && delay !== null;
  await db.$executeRawUnsafe(SET_OUTCOME, ...outcome(retry ? 'pending' : 'failed', retry ? delay : null));
  if (disable) return { disable };
  return retry ? { againInMs: delay! } : null;
}
