import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { documentApiKeys } from "../modules/integrations/keys/openapi";

/** OpenAPI generated from the routes' zod schemas, at /api/docs/json with its UI at /api/docs. */
export async function registerApiDocs(app: FastifyInstance, opts: { publicUrl: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "Tessera API",
        description:
          "Membership and offers platform for independent shops. Authenticate with `Authorization: Bearer <token>`.",
        version: "1.0.0",
      },
      servers: [{ url: opts.publicUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer", description: "Session token" },
          apiKeyAuth: {
            type: "http",
            scheme: "bearer",
            description:
              "A shop's API key (`tsk_…`, created by the owner under Profile → Integrations): acts as the owner on the merchant routes, read-only or read-write",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      "openapiObject" in document
        ? documentApiKeys(nullableEnumsAllowNull(document.openapiObject))
        : document.swaggerObject,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    uiConfig: { docExpansion: "list", deepLinking: true },
  });
}

/**
 * OpenAPI 3.0 says an enum lists every allowed value, null included: `nullable: true` beside an
 * enum without null still refuses null. The zod conversion writes nullable enums that way, so
 * clients validating against the document would reject real answers (a `paymentType` of null).
 * Adding null to such enums makes the document say what the API sends.
 */
export function nullableEnumsAllowNull<T>(node: T): T {
  if (Array.isArray(node)) {
    for (const item of node) nullableEnumsAllowNull(item);
  } else if (node && typeof node === "object") {
    const record = node as Record<string, unknown>;
    if (record.nullable === true && Array.isArray(record.enum) && !record.enum.includes(null)) {
      record.enum.push(null);
    }
    for (const value of Object.values(record)) nullableEnumsAllowNull(value);
  }
  return node;
}
