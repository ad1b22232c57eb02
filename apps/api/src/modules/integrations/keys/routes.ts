import {
  apiKeysResponseSchema,
  createApiKeyPayloadSchema,
  createApiKeyResponseSchema,
  idSchema,
  messageResponseSchema,
} from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ownerSteps, registerOwnerSteps } from "../owner-steps";
import type { ApiKeysService } from "./service";

const step = ownerSteps<ApiKeysService>();

/** The Integrations screen's API keys. Owner only, and never with a key (see service.ts). */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ keys: ApiKeysService }> = async (app, opts) => {
  registerOwnerSteps(app, opts.keys, [
    step({
      method: "GET",
      url: "/api/v1/integrations/api-keys",
      summary: "The shop's active API keys (names, scopes, first characters; never the key)",
      response: apiKeysResponseSchema,
      run: ({ service, owner }) => service.list(owner.shopId),
    }),
    step({
      method: "POST",
      url: "/api/v1/integrations/api-keys",
      summary: "Create an API key: the answer carries the whole key, shown this once",
      description:
        "Send it as `Authorization: Bearer tsk_…`. `read_only` keys may only read (GET); `read_write` keys may also change the shop's data. Neither reaches sign-in, staff, payment provider or integration routes.",
      from: "body",
      input: createApiKeyPayloadSchema,
      status: 201,
      response: createApiKeyResponseSchema,
      run: ({ service, owner }, body) => service.create(owner.shopId, owner.user.id, body),
    }),
    step({
      method: "DELETE",
      url: "/api/v1/integrations/api-keys/:id",
      summary: "Revoke an API key: calls with it answer 401 from now on",
      from: "params",
      input: z.object({ id: idSchema }),
      response: messageResponseSchema,
      run: ({ service, owner }, { id }) => service.revoke(owner.shopId, id),
    }),
  ]);
};
