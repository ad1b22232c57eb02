import {
  createWebhookEndpointPayloadSchema,
  idSchema,
  messageResponseSchema,
  paginationQuerySchema,
  updateWebhookEndpointPayloadSchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryResponseSchema,
  webhookEndpointResponseSchema,
  webhookEndpointsResponseSchema,
  webhookSecretResponseSchema,
} from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ownerSteps, registerOwnerSteps } from "../owner-steps";
import type { WebhooksService } from "./service";

const BASE = "/api/v1/integrations/webhooks";
const endpointParams = z.object({ id: idSchema });
const step = ownerSteps<WebhooksService>();

/** The list, a new endpoint, and the calls on one endpoint and its delivery log. */
const steps = [
  step({
    method: "GET",
    url: BASE,
    summary: "The shop's webhook endpoints (never their secrets)",
    response: webhookEndpointsResponseSchema,
    run: ({ service, owner }) => service.list(owner.shopId),
  }),
  step({
    method: "POST",
    url: BASE,
    summary: "Add a webhook endpoint: the answer carries its signing secret",
    description:
      "Events are POSTed as Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`, HMAC-SHA256 with the secret). The address must be https and public unless WEBHOOKS_ALLOW_PRIVATE=true.",
    from: "body",
    input: createWebhookEndpointPayloadSchema,
    status: 201,
    response: webhookSecretResponseSchema,
    run: ({ service, owner }, body) => service.create(owner.shopId, body),
  }),
  step({
    method: "DELETE",
    url: `${BASE}/:id`,
    summary: "Delete an endpoint and its delivery log",
    from: "params",
    input: endpointParams,
    response: messageResponseSchema,
    run: ({ service, owner }, { id }) => service.remove(owner.shopId, id),
  }),
  step({
    method: "GET",
    url: `${BASE}/:id/secret`,
    summary: "Reveal an endpoint's current signing secret (the owner only)",
    from: "params",
    input: endpointParams,
    response: webhookSecretResponseSchema,
    run: ({ service, owner }, { id }) => service.secret(owner.shopId, id),
  }),
  step({
    method: "POST",
    url: `${BASE}/:id/rotate-secret`,
    summary: "Make a new signing secret; the old one keeps signing for 24 hours",
    from: "params",
    input: endpointParams,
    response: webhookSecretResponseSchema,
    run: ({ service, owner }, { id }) => service.rotate(owner.shopId, id),
  }),
  step({
    method: "POST",
    url: `${BASE}/:id/test`,
    summary: "Send a `webhook.test` event to this endpoint",
    from: "params",
    input: endpointParams,
    response: webhookDeliveryResponseSchema,
    run: ({ service, owner }, { id }) => service.sendTest(owner.shopId, id),
  }),
  step({
    method: "POST",
    url: `${BASE}/:id/deliveries/:deliveryId/resend`,
    summary: "Send a delivery again now",
    from: "params",
    input: z.object({ id: idSchema, deliveryId: idSchema }),
    response: webhookDeliveryResponseSchema,
    run: ({ service, owner }, { id, deliveryId }) => service.resend(owner.shopId, id, deliveryId),
  }),
  step({
    method: "PATCH",
    url: `${BASE}/:id`,
    summary: "Change an endpoint's address, description or events, or disable/enable it",
    params: endpointParams,
    from: "body",
    input: updateWebhookEndpointPayloadSchema,
    response: webhookEndpointResponseSchema,
    run: ({ service, owner }, body, { id }) => service.update(owner.shopId, id, body),
  }),
  step({
    method: "GET",
    url: `${BASE}/:id/deliveries`,
    summary: "The endpoint's delivery log, newest first",
    params: endpointParams,
    from: "querystring",
    input: paginationQuerySchema,
    response: webhookDeliveriesResponseSchema,
    run: ({ service, owner }, query, { id }) => service.deliveries(owner.shopId, id, query),
  }),
];

/**
 * The Integrations screen's webhook endpoints and their delivery log. Owner only, and never with
 * an API key (see ../owner-steps.ts).
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (
  app,
  opts,
) => {
  registerOwnerSteps(app, opts.webhooks, steps);
};
