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
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { bearerSecurity, requireOwner } from "../../../plugins/auth";
import { type RouteStep, routeSteps } from "../../../plugins/route-steps";
import type { WebhooksService } from "./service";

const tags = ["integrations"];
const BASE = "/api/v1/integrations/webhooks";
const endpointParams = z.object({ id: idSchema });

/** What an owner-only step gets: the service and the owner's shop. */
type Owner = { webhooks: WebhooksService; shopId: number };
type EndpointStep = RouteStep<Owner> & { method: "GET" | "POST" | "DELETE" };
const step = routeSteps<Owner>();

/**
 * The routes on one endpoint that read nothing but ids from the URL and answer 200 (its delivery
 * log's test event and resend among them): one table, so each says only what it does; the owner
 * check and the schema's frame are shared.
 */
const endpointSteps: EndpointStep[] = [
  {
    method: "DELETE",
    ...step({
      url: `${BASE}/:id`,
      summary: "Delete an endpoint and its delivery log",
      input: endpointParams,
      response: messageResponseSchema,
      run: ({ webhooks, shopId }, { id }) => webhooks.remove(shopId, id),
    }),
  },
  {
    method: "GET",
    ...step({
      url: `${BASE}/:id/secret`,
      summary: "Reveal an endpoint's current signing secret (the owner only)",
      input: endpointParams,
      response: webhookSecretResponseSchema,
      run: ({ webhooks, shopId }, { id }) => webhooks.secret(shopId, id),
    }),
  },
  {
    method: "POST",
    ...step({
      url: `${BASE}/:id/rotate-secret`,
      summary: "Make a new signing secret; the old one keeps signing for 24 hours",
      input: endpointParams,
      response: webhookSecretResponseSchema,
      run: ({ webhooks, shopId }, { id }) => webhooks.rotate(shopId, id),
    }),
  },
  {
    method: "POST",
    ...step({
      url: `${BASE}/:id/test`,
      summary: "Send a `webhook.test` event to this endpoint",
      input: endpointParams,
      response: webhookDeliveryResponseSchema,
      run: ({ webhooks, shopId }, { id }) => webhooks.sendTest(shopId, id),
    }),
  },
  {
    method: "POST",
    ...step({
      url: `${BASE}/:id/deliveries/:deliveryId/resend`,
      summary: "Send a delivery again now",
      input: z.object({ id: idSchema, deliveryId: idSchema }),
      response: webhookDeliveryResponseSchema,
      run: ({ webhooks, shopId }, { id, deliveryId }) => webhooks.resend(shopId, id, deliveryId),
    }),
  },
];

function registerEndpointSteps(
  app: Pick<FastifyInstance, "route">,
  webhooks: WebhooksService,
  steps: EndpointStep[],
) {
  for (const s of steps) {
    app.route({
      method: s.method,
      url: s.url,
      schema: {
        tags,
        summary: s.summary,
        security: bearerSecurity,
        params: s.input,
        response: { 200: s.response },
      },
      handler: async (request) =>
        s.run({ webhooks, shopId: (await requireOwner(request)).shopId }, request.params),
    });
  }
}

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

  registerEndpointSteps(app, webhooks, endpointSteps);

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
};
