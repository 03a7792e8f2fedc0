// The webhook delivery engine (DESIGN.md "Webhooks (Standard Webhooks 1.0)"). emit() writes one
// pending delivery per subscribed endpoint in the transaction of the change; this sends them,
// never inside the request that caused them:
// - claim: one statement takes due rows (`FOR UPDATE SKIP LOCKED`), holds them for 60 s
//   (`locked_until`, WEBHOOK_CLAIM_SECONDS) and counts the attempt, so two instances never send the same attempt and a
//   crashed sender's rows are taken again once the hold has passed;
// - send, outside any transaction: a signed POST through the SSRF guard, 15 s, no redirects;
// - record: 2xx succeeded; otherwise the next attempt per the schedule, or failed. A 410
//   disables the endpoint at once; 5 days of nothing but failures disable it too (admins mailed).
// It runs when woken after a response that wrote deliveries (wake('webhooks')), on a timer in
// long-lived servers, and from Vercel Cron (app/api/cron/webhooks).
import { config } from '../config';
import { db } from '../db/client';
import { pgTimestamp } from '../db/sql';
import { afterResponse } from '../lib/after-response';
import { onWake } from '../lib/wake';
import { safePost, SafeFetchError } from '../net/safe-fetch';
import { disableEndpoint } from '../services/webhooks/endpoints';
import { mailAdminsEndpointFailing } from '../services/webhooks/notices';
import { retryDelayMs } from '../services/webhooks/schedule';
import { decryptSecret, signatureHeader } from '../services/webhooks/secrets';
import { WEBHOOK_FAILING_DISABLE_MS, WEBHOOK_RESPONSE_KEEP_BYTES, WEBHOOK_TIMEOUT_MS } from '../../lib/shared/webhooks';

/** Attempts one process sends at once. */
const CONCURRENCY = 8;

export type Claimed = {
  id: string;
  endpointId: string;
  eventId: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
};

/** Takes up to `limit` due deliveries for this process, in one short statement. */
export async function claimDue(limit: number, now = Date.now()): Promise<Claimed[]> {
  return db.$queryRawUnsafe<Claimed[]>(
    `WITH due AS (
       SELECT id FROM webhook_deliveries
       WHERE status = 'pending' AND next_attempt_at <= $1::timestamp AND (locked_until IS NULL OR locked_until < $1::timestamp)
       ORDER BY next_attempt_at
       LIMIT $2
       FOR UPDATE SKIP LOCKED)
     UPDATE webhook_deliveries d SET locked_until = $3::timestamp, attempts = d.attempts + 1, updated_at = $1::timestamp
     FROM due, webhook_endpoints w
     WHERE d.id = due.id AND w.id = d.endpoint_id
     RETURNING d.id, d.endpoint_id AS "endpointId", d.event_id AS "eventId", d.payload, d.attempts, w.url, w.secret,
       w.previous_secret AS "previousSecret", w.previous_secret_expires_at AS "previousSecretExpiresAt"`,
    pgTimestamp(now),
    limit,
    pgTimestamp(now + config.webhookClaimMs),
  );
}

export type Outcome = { status: number | null; ms: number | null; body: string | null; error: string | null };

/** The request of one attempt: Standard Webhooks headers, signed now by every live secret. */
export function attemptRequest(c: Claimed, now = Date.now()) {
  const timestamp = Math.floor(now / 1000);
  const secrets = [decryptSecret(c.secret)];
  if (c.previousSecret && c.previousSecretExpiresAt && c.previousSecretExpiresAt.getTime() > now) secrets.push(decryptSecret(c.previousSecret));
  return {
    'content-type': 'application/json',
    'user-agent': 'Quire-Webhooks/1',
    'webhook-id': c.eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(secrets, c.eventId, timestamp, c.payload),
  };
}

/** One attempt; never throws. */
export async function send(c: Claimed): Promise<Outcome> {
  const started = performance.now();
  try {
    const r = await safePost(c.url, {
      body: c.payload,
      headers: attemptRequest(c),
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      keepBytes: WEBHOOK_RESPONSE_KEEP_BYTES,
      allowPrivate: config.webhookAllowPrivateUrls,
    });
    const ok = r.status >= 200 && r.status <= 299;
    const error = ok
      ? null
      : r.status >= 300 && r.status <= 399
        ? `The endpoint answered HTTP ${r.status}; redirects are not followed.`
        : `The endpoint answered HTTP ${r.status}.`;
    return { status: r.status, ms: r.ms, body: r.body, error };
  } catch (e) {
    const message = e instanceof SafeFetchError ? e.message : 'The delivery could not be sent.';
    if (!(e instanceof SafeFetchError)) console.error('[quire] webhook attempt failed:', e);
    return { status: null, ms: Math.round(performance.now() - started), body: null, error: message };
  }
}

/**
 * Writes the attempt's outcome, unless the row was claimed again meanwhile (its hold had passed:
 * the newer attempt records its own).
 */
export async function record(c: Claimed, o: Outcome, now = Date.now()): Promise<void> {
  const at = pgTimestamp(now);
  const ok = o.status !== null && o.status >= 200 && o.status <= 299;
  const set = (status: string, next: number | null) =>
    db.$executeRawUnsafe(
      `UPDATE webhook_deliveries SET status = $3, next_attempt_at = $4::timestamp, locked_until = NULL, last_response_status = $5,
         last_response_ms = $6, last_response_body = $7, last_error = $8, updated_at = $9::timestamp
       WHERE id = $1 AND attempts = $2`,
      c.id,
      c.attempts,
      status,
      next === null ? null : pgTimestamp(next),
      o.status,
      o.ms,
      o.body,
      o.error,
      at,
    );
  if (ok) {
    await set('succeeded', null);
    await db.$executeRawUnsafe(`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL`, c.endpointId);
    return;
  }
  const [endpoint] = await db.$queryRawUnsafe<{ enabled: boolean; failingSince: Date }[]>(
    `UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, $2::timestamp) WHERE id = $1
     RETURNING enabled, failing_since AS "failingSince"`,
    c.endpointId,
    at,
  );
  if (!endpoint) return; // deleted meanwhile, its deliveries with it
  const delay = retryDelayMs(c.attempts);
  // A disabled endpoint gets no further attempt (a retry by hand sends one).
  const retry = o.status !== 410 && endpoint.enabled && delay !== null;
  await set(retry ? 'pending' : 'failed', retry ? now + delay : null);
  if (!endpoint.enabled) return;
  if (o.status === 410) {
    await disableEndpoint(c.endpointId, 'gone');
  } else if (now - endpoint.failingSince.getTime() >= WEBHOOK_FAILING_DISABLE_MS) {
    const disabled = await disableEndpoint(c.endpointId, 'failing');
    if (disabled) await mailAdminsEndpointFailing(disabled.teamId, disabled.endpoint);
  }
}

export type RunStats = { claimed: number; succeeded: number; failed: number };

/** Sends one claimed attempt and records it; never throws. */
async function deliver(c: Claimed, stats?: RunStats): Promise<void> {
  const outcome = await send(c);
  if (stats) outcome.error === null ? stats.succeeded++ : stats.failed++;
  await record(c, outcome).catch((e) => console.error('[quire] recording a webhook attempt failed:', e));
}

/**
 * Sends what is due until nothing is (or `maxMs` has passed) and answers what it did: the cron
 * route's run. `concurrency` workers, each claiming one row at a time, so a slow receiver holds
 * one worker, not a batch.
 */
export async function deliverDue(o: { maxMs?: number; concurrency?: number } = {}): Promise<RunStats> {
  const stats: RunStats = { claimed: 0, succeeded: 0, failed: 0 };
  const deadline = Date.now() + (o.maxMs ?? Infinity);
  const worker = async () => {
    while (Date.now() < deadline) {
      const [c] = await claimDue(1);
      if (!c) return;
      stats.claimed++;
      await deliver(c, stats);
    }
  };
  await Promise.all(Array.from({ length: o.concurrency ?? CONCURRENCY }, worker));
  return stats;
}

// In process: a pool of at most CONCURRENCY workers. A kick starts one when there is room; a
// worker that claimed a row starts another before it sends (more may be due), and stops when it
// finds nothing. So a receiver that hangs holds one worker for its 15 s, and the next kick still
// finds room for everything else.
let workers = 0;
let drained: PromiseWithResolvers<void> | null = null;

function kick(): void {
  if (workers < CONCURRENCY) {
    workers++;
    drained ??= Promise.withResolvers<void>();
    void (async () => {
      try {
        for (;;) {
          const [c] = await claimDue(1);
          if (!c) return;
          kick();
          await deliver(c);
        }
      } catch (e) {
        console.error('[quire] webhook delivery failed:', e instanceof Error ? e.message : e);
      } finally {
        if (--workers === 0) {
          drained?.resolve();
          drained = null;
        }
      }
    })();
  }
}

/** Settles when this process's workers have all stopped. */
const idle = () => drained?.promise ?? Promise.resolve();

let relook: Promise<void> | null = null;

/**
 * After the answer of a request that wrote deliveries, until this process has sent what it
 * found. wake() is called inside the writing transaction, so the rows may not be visible yet when
 * this starts: it looks again 300 ms later (one look for every wake of those 300 ms).
 */
async function afterWake() {
  kick();
  relook ??= new Promise<void>((r) => setTimeout(r, 300)).then(() => {
    relook = null;
    kick();
  });
  await relook;
  await idle();
}

let timer: NodeJS.Timeout | undefined;
let registered = false;

/**
 * Delivers in this process: after every response that wrote deliveries and, with `pollMs`, on a
 * timer that never keeps the process alive (retries, and rows another instance was woken for
 * but did not take). On Vercel only the wake (its cron route does the rest).
 */
export function startWebhookDelivery(o: { pollMs?: number } = {}) {
  if (!registered) {
    registered = true;
    onWake('webhooks', () => afterResponse('webhook delivery', afterWake));
  }
  if (o.pollMs && !timer) {
    timer = setInterval(kick, o.pollMs);
    timer.unref();
  }
}
