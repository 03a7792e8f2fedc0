// Webhook deliveries on the one queue (DESIGN.md "Webhooks (Standard Webhooks 1.0)"): a job per
// delivery, written with it in the transaction of the event. Each run sends one attempt: a signed
// POST through the SSRF guard, outside any transaction, no redirects; the delivery's state is
// written by services/webhooks/delivery-state.ts, which answers when to try again.
// Fairness: at most two attempts per endpoint and eight per team are in flight across instances
// (the queue's group and team caps), so one team's receiver that hangs holds two workers and a team
// whose receivers all hang holds half of an instance's 16, never all of them; an endpoint that has
// been failing gets 5 s instead of 15. (Eight, not four: a team's fan-out to 5 endpoints took 17 s
// instead of 14 for 1,000 events; docs/benchmarks.md.)
import { config } from '../config';
import { safePost, SafeFetchError } from '../net/safe-fetch';
import { disableEndpoint } from '../services/webhooks/endpoints';
import { DELIVERY_JOB, recordAttempt, startAttempt, type Attempt, type AttemptOutcome } from '../services/webhooks/delivery-state';
import { mailAdminsEndpointFailing } from '../services/webhooks/notices';
import { decryptSecret, signatureHeader } from '../services/webhooks/secrets';
import { WEBHOOK_RESPONSE_KEEP_BYTES, WEBHOOK_TIMEOUT_MS } from '../../lib/shared/webhooks';
import { defineJobKind, exponentialBackoff, type Outcome } from './queue';

/** The deadline of an attempt to an endpoint that has failed since its last success. */
export const FAILING_ENDPOINT_TIMEOUT_MS = 5_000;

/** The request of one attempt: Standard Webhooks headers, signed now by every live secret. */
export function attemptRequest(a: Attempt, now = Date.now()) {
  const timestamp = Math.floor(now / 1000);
  const secrets = [decryptSecret(a.secret)];
  if (a.previousSecret && a.previousSecretExpiresAt && a.previousSecretExpiresAt.getTime() > now) secrets.push(decryptSecret(a.previousSecret));
  return {
    'content-type': 'application/json',
    'user-agent': 'Quire-Webhooks/1',
    'webhook-id': a.eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(secrets, a.eventId, timestamp, a.payload),
  };
}

/** One attempt; never throws. */
export async function send(a: Attempt): Promise<AttemptOutcome> {
  const started = performance.now();
  try {
    const r = await safePost(a.url, {
      body: a.payload,
      headers: attemptRequest(a),
      timeoutMs: a.failingSince ? FAILING_ENDPOINT_TIMEOUT_MS : WEBHOOK_TIMEOUT_MS,
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

async function deliver(deliveryId: string): Promise<Outcome> {
  const attempt = await startAttempt(deliveryId);
  if (!attempt) return; // succeeded, failed or deleted meanwhile
  const next = await recordAttempt(attempt, await send(attempt));
  if (next && 'disable' in next) {
    const disabled = await disableEndpoint(attempt.endpointId, next.disable);
    if (disabled && next.disable === 'failing') await mailAdminsEndpointFailing(disabled.teamId, disabled.endpoint);
    return;
  }
  return next ?? undefined;
}

export function registerWebhookJobs() {
  defineJobKind(DELIVERY_JOB, {
    run: (job) => deliver(job.ref!),
    concurrency: 16,
    get leaseMs() {
      return config.webhookClaimMs;
    },
    // The delivery keeps its own schedule (each attempt's outcome answers `againInMs`); these are
    // for failures of the engine itself (the database unreachable mid-attempt).
    maxAttempts: 5,
    backoffMs: exponentialBackoff,
    groupCap: 2,
    teamCap: 8,
  });
}
