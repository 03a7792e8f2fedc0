// Webhooks (DESIGN.md "Webhooks (Standard Webhooks 1.0)"): the rules the API, the dashboard and the
// delivery engine share.
import type { PlanName } from './plans';

/** Endpoints a team may have, by plan (beyond: 403 plan_restriction, feature `webhooks`). */
export const WEBHOOK_ENDPOINT_CAPS: Record<PlanName, number> = { free: 0, pro: 1, business: 5, datarooms: 10, 'datarooms-plus': 25 };

/** Why an endpoint is disabled: the receiver answered 410, 5 days of failures, or by hand. */
export const WEBHOOK_DISABLED_REASONS = ['gone', 'failing', 'manual'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Seconds after each failed attempt before the next (±10 % jitter); then the delivery is failed. */
export const WEBHOOK_RETRY_SCHEDULE_S = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;

/** An endpoint whose every delivery has failed for this long is disabled (`failing`). */
export const WEBHOOK_FAILING_DISABLE_MS = 5 * 24 * 3600 * 1000;

/** After a rotation the previous secret signs too, for this long. */
export const WEBHOOK_PREVIOUS_SECRET_MS = 24 * 3600 * 1000;

/** A delivery attempt: a 2xx within this time is success. */
export const WEBHOOK_TIMEOUT_MS = 15_000;

/** Bytes of the receiver's answer kept in the delivery log. */
export const WEBHOOK_RESPONSE_KEEP_BYTES = 1024;

export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 500;
/** Entries an endpoint's `events` list may have. */
export const WEBHOOK_EVENTS_MAX = 100;
