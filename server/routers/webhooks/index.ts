// Webhook endpoints and their delivery log (DESIGN.md "Webhooks (Standard Webhooks 1.0)").
import * as deliveries from '../../services/webhooks/deliveries';
import * as endpoints from '../../services/webhooks/endpoints';
import { router, teamProcedure } from '../../trpc';
import * as s from './schemas';

const tags = ['Webhooks'];

export const webhooksRouter = router({
  list: teamProcedure('webhooks.read')
    .meta({ openapi: { method: 'GET', path: '/webhooks', tags, summary: 'List webhook endpoints, oldest first' } })
    .input(s.ListWebhooksInput)
    .output(s.WebhookEndpointList)
    .query(({ ctx }) => endpoints.listEndpoints(ctx.actor)),
  create: teamProcedure('webhooks.write')
    .meta({ status: 201, openapi: { method: 'POST', path: '/webhooks', tags, summary: 'Create a webhook endpoint (the answer is the only one to show its secret)' } })
    .input(s.CreateWebhookInput)
    .output(s.WebhookEndpointWithSecret)
    .mutation(({ ctx, input }) => endpoints.createEndpoint(ctx.actor, input)),
  get: teamProcedure('webhooks.read')
    .meta({ openapi: { method: 'GET', path: '/webhooks/{id}', tags, summary: 'Get a webhook endpoint' } })
    .input(s.WebhookIdInput)
    .output(s.WebhookEndpoint)
    .query(({ ctx, input }) => endpoints.getEndpoint(ctx.actor, input.id)),
  update: teamProcedure('webhooks.write')
    .meta({ openapi: { method: 'PATCH', path: '/webhooks/{id}', tags, summary: 'Update a webhook endpoint (enabled: true enables a disabled one again)' } })
    .input(s.UpdateWebhookInput)
    .output(s.WebhookEndpoint)
    .mutation(({ ctx, input }) => endpoints.updateEndpoint(ctx.actor, input.id, input)),
  delete: teamProcedure('webhooks.write')
    .meta({ openapi: { method: 'DELETE', path: '/webhooks/{id}', tags, summary: 'Delete a webhook endpoint and its delivery log' } })
    .input(s.WebhookIdInput)
    .output(s.deleted('webhook_endpoint'))
    .mutation(({ ctx, input }) => endpoints.deleteEndpoint(ctx.actor, input.id)),
  rotateSecret: teamProcedure('webhooks.write')
    .meta({ openapi: { method: 'POST', path: '/webhooks/{id}/rotate-secret', tags, summary: 'Rotate the signing secret (the previous one signs too for 24 hours)' } })
    .input(s.WebhookIdInput)
    .output(s.WebhookEndpointWithSecret)
    .mutation(({ ctx, input }) => endpoints.rotateSecret(ctx.actor, input.id)),
  test: teamProcedure('webhooks.write')
    .meta({ status: 201, openapi: { method: 'POST', path: '/webhooks/{id}/test', tags, summary: 'Send a webhook.test event to this endpoint alone' } })
    .input(s.WebhookIdInput)
    .output(s.WebhookDelivery)
    .mutation(({ ctx, input }) => endpoints.sendTest(ctx.actor, input.id)),
  deliveries: teamProcedure('webhooks.read')
    .meta({ openapi: { method: 'GET', path: '/webhooks/{id}/deliveries', tags, summary: 'List an endpoint\'s deliveries, newest first (filter status)' } })
    .input(s.ListDeliveriesInput)
    .output(s.WebhookDeliveryList)
    .query(({ ctx, input }) => deliveries.listDeliveries(ctx.actor, input.id, input)),
  retryDelivery: teamProcedure('webhooks.write')
    .meta({ openapi: { method: 'POST', path: '/webhooks/{id}/deliveries/{deliveryId}/retry', tags, summary: 'Send a delivery again now (a disabled endpoint\'s too)' } })
    .input(s.RetryDeliveryInput)
    .output(s.WebhookDelivery)
    .mutation(({ ctx, input }) => deliveries.retryDelivery(ctx.actor, input.id, input.deliveryId)),
});
