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
import { bearerSecurity, requireOwner } from "../../../plugins/auth";
import type { WebhooksService } from "./service";

const tags = ["integrations"];
const BASE = "/api/v1/integrations/webhooks";
const endpointParams = z.object({ id: idSchema });

/**
 * The Integrations screen's webhook endpoints. Owner only, and never with an API key (the
 * `/integrations/` prefix is people-only, see keys/service.ts): a leaked key must not re-point
 * the shop's events or read their secrets.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (
  app,
  opts,
) => {
  const { webhooks } = opts;

  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: "The shop's webhook endpoints (never their secrets)",
        security: bearerSecurity,
        response: { 200: webhookEndpointsResponseSchema },
      },
    },
    async (request) => webhooks.list((await requireOwner(request)).shopId),
  );

  app.post(
    BASE,
    {
      schema: {
        tags,
        summary: "Add a webhook endpoint: the answer carries its signing secret",
        description:
          "Events are POSTed as Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`, HMAC-SHA256 with the secret). The address must be https and public unless WEBHOOKS_ALLOW_PRIVATE=true.",
        security: bearerSecurity,
        body: createWebhookEndpointPayloadSchema,
        response: { 201: webhookSecretResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await requireOwner(request);
      return reply.code(201).send(await webhooks.create(session.shopId, request.body));
    },
  );

  app.patch(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: "Change an endpoint's address, description or events, or disable/enable it",
        security: bearerSecurity,
        params: endpointParams,
        body: updateWebhookEndpointPayloadSchema,
        response: { 200: webhookEndpointResponseSchema },
      },
    },
    async (request) =>
      webhooks.update((await requireOwner(request)).shopId, request.params.id, request.body),
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: "Delete an endpoint and its delivery log",
        security: bearerSecurity,
        params: endpointParams,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => webhooks.remove((await requireOwner(request)).shopId, request.params.id),
  );

  app.get(
    `${BASE}/:id/secret`,
    {
      schema: {
        tags,
        summary: "Reveal an endpoint's current signing secret (the owner only)",
        security: bearerSecurity,
        params: endpointParams,
        response: { 200: webhookSecretResponseSchema },
      },
    },
    async (request) => webhooks.secret((await requireOwner(request)).shopId, request.params.id),
  );

  app.post(
    `${BASE}/:id/rotate-secret`,
    {
      schema: {
        tags,
        summary: "Make a new signing secret; the old one keeps signing for 24 hours",
        security: bearerSecurity,
        params: endpointParams,
        response: { 200: webhookSecretResponseSchema },
      },
    },
    async (request) => webhooks.rotate((await requireOwner(request)).shopId, request.params.id),
  );

  await app.register(webhookLogRoutes, { webhooks });
};

/** The delivery log: a test event, the log's pages, a resend. Owner only, as above. */
const webhookLogRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (
  app,
  opts,
) => {
  const { webhooks } = opts;

  app.post(
    `${BASE}/:id/test`,
    {
      schema: {
        tags,
        summary: "Send a `webhook.test` event to this endpoint",
        security: bearerSecurity,
        params: endpointParams,
        response: { 200: webhookDeliveryResponseSchema },
      },
    },
    async (request) => webhooks.sendTest((await requireOwner(request)).shopId, request.params.id),
  );

  app.get(
    `${BASE}/:id/deliveries`,
    {
      schema: {
        tags,
        summary: "The endpoint's delivery log, newest first",
        security: bearerSecurity,
        params: endpointParams,
        querystring: paginationQuerySchema,
        response: { 200: webhookDeliveriesResponseSchema },
      },
    },
    async (request) =>
      webhooks.deliveries((await requireOwner(request)).shopId, request.params.id, request.query),
  );

  app.post(
    `${BASE}/:id/deliveries/:deliveryId/resend`,
    {
      schema: {
        tags,
        summary: "Send a delivery again now",
        security: bearerSecurity,
        params: z.object({ id: idSchema, deliveryId: idSchema }),
        response: { 200: webhookDeliveryResponseSchema },
      },
    },
    async (request) =>
      webhooks.resend(
        (await requireOwner(request)).shopId,
        request.params.id,
        request.params.deliveryId,
      ),
  );
};
