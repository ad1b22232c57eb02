import {
  apiKeysResponseSchema,
  createApiKeyPayloadSchema,
  createApiKeyResponseSchema,
  idSchema,
  messageResponseSchema,
} from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { bearerSecurity, requireOwner } from "../../../plugins/auth";
import type { ApiKeysService } from "./service";

const tags = ["integrations"];

/** The Integrations screen's API keys. Owner only, and never with a key (see service.ts). */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ keys: ApiKeysService }> = async (app, opts) => {
  const { keys } = opts;

  app.get(
    "/api/v1/integrations/api-keys",
    {
      schema: {
        tags,
        summary: "The shop's active API keys (names, scopes, first characters; never the key)",
        security: bearerSecurity,
        response: { 200: apiKeysResponseSchema },
      },
    },
    async (request) => keys.list((await requireOwner(request)).shopId),
  );

  app.post(
    "/api/v1/integrations/api-keys",
    {
      schema: {
        tags,
        summary: "Create an API key: the answer carries the whole key, shown this once",
        description:
          "Send it as `Authorization: Bearer tsk_…`. `read_only` keys may only read (GET); `read_write` keys may also change the shop's data. Neither reaches sign-in, staff, payment provider or integration routes.",
        security: bearerSecurity,
        body: createApiKeyPayloadSchema,
        response: { 201: createApiKeyResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await requireOwner(request);
      return reply.code(201).send(await keys.create(session.shopId, session.user.id, request.body));
    },
  );

  app.delete(
    "/api/v1/integrations/api-keys/:id",
    {
      schema: {
        tags,
        summary: "Revoke an API key: calls with it answer 401 from now on",
        security: bearerSecurity,
        params: z.object({ id: idSchema }),
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => keys.revoke((await requireOwner(request)).shopId, request.params.id),
  );
};
