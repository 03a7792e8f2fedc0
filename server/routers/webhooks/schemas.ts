import { z } from 'zod';
import { cursorQuery, deleted, id, jsonBool, limitQuery, listOf } from '../../schemas/common';
import { text } from '../../schemas/fields';
import type { ResourceDocs } from '../../openapi/resource-docs';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_DESCRIPTION_MAX, WEBHOOK_DISABLED_REASONS, WEBHOOK_EVENTS_MAX, WEBHOOK_URL_MAX } from '../../../lib/shared/webhooks';

export const WebhookEndpoint = z.object({
  id: z.string(),
  object: z.literal('webhook_endpoint'),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  disabled_reason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  created: z.string(),
  updated_at: z.string(),
});
export const WebhookEndpointList = listOf(WebhookEndpoint);
/** The create and rotate-secret answers: the only places the secret appears. */
export const WebhookEndpointWithSecret = WebhookEndpoint.extend({
  secret: z.string().describe('whsec_ + base64 of 32 random bytes: sign-checking key, shown only in this answer'),
});

export const WebhookDelivery = z.object({
  id: z.string(),
  object: z.literal('webhook_delivery'),
  endpoint_id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.int(),
  last_response_status: z.int().nullable(),
  last_response_ms: z.int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created: z.string(),
  updated_at: z.string(),
});
export const WebhookDeliveryList = listOf(WebhookDelivery);

const url = z.string().min(1, 'must not be empty').max(WEBHOOK_URL_MAX).describe('https URL of a public address that receives the events');
const events = z
  .array(z.string().min(1).max(64))
  .min(1, 'must name at least one event type (or "*")')
  .max(WEBHOOK_EVENTS_MAX)
  .describe('Event types (document.created), prefixes ending in .* (dataroom.*), or ["*"] for every event');
const description = text(WEBHOOK_DESCRIPTION_MAX).nullable().optional();
const endpointId = id('webhook endpoint id');

export const ListWebhooksInput = z.strictObject({});
export const WebhookIdInput = z.strictObject({ id: endpointId });
export const CreateWebhookInput = z.strictObject({ url, description, events, enabled: jsonBool().optional() });
export const UpdateWebhookInput = z.strictObject({
  id: endpointId,
  url: url.optional(),
  description,
  events: events.optional(),
  enabled: jsonBool().optional().describe('false disables the endpoint (disabled_reason "manual"); true enables it again'),
});
export const ListDeliveriesInput = z.strictObject({
  id: endpointId,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  limit: limitQuery(25),
  cursor: cursorQuery,
});
export const RetryDeliveryInput = z.strictObject({ id: endpointId, deliveryId: id('delivery id') });

export { deleted };

export const openApiDocs: ResourceDocs = {
  tag: {
    name: 'Webhooks',
    description:
      'Endpoints that receive the team\'s events as [Standard Webhooks](https://www.standardwebhooks.com/): a signed `POST` with `webhook-id` (the event id, the same on every retry), ' +
      '`webhook-timestamp` and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` under the secret\'s bytes after `whsec_`; two space-separated signatures for 24 hours after a rotation). ' +
      'The body is `{ id, type, timestamp, data }`. At least once, unordered: a 2xx within 15 s is success; failures are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (±10 %), then given up. ' +
      'A 410 disables the endpoint at once, and 5 days of nothing but failures disable it too.',
  },
  examples: {
    'webhooks-create': { url: 'https://example.com/hooks/quire', description: 'Deal room sync', events: ['dataroom.*', 'view.created'] },
    'webhooks-update': { events: ['*'], enabled: true },
  },
};
