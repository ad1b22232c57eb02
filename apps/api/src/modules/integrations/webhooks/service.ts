import { isIP } from "node:net";
import {
  type CreateWebhookEndpointPayload,
  MAX_WEBHOOK_ENDPOINTS,
  type UpdateWebhookEndpointPayload,
  WEBHOOK_MESSAGES,
  type WebhookEndpoint,
} from "@tessera/shared";
import { sql } from "drizzle-orm";
import type { WebhookEndpointRow } from "../../../db/schema";
import { AppError } from "../../../errors";
import type { Database } from "../../../infra/db";
import { createWebhookLog, findEndpointOf } from "./log";
import { isPrivateAddress, newWebhookSecret } from "./outbound";
import * as repo from "./repo";

/** How long the previous secret keeps signing after a rotation. */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;

const iso = (d: Date | null) => d?.toISOString() ?? null;

function endpointDto(row: WebhookEndpointRow, at: Date): WebhookEndpoint {
  const previousLive =
    row.previousSecretExpiresAt && row.previousSecretExpiresAt.getTime() > at.getTime();
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    failingSince: iso(row.failingSince),
    previousSecretExpiresAt: previousLive ? iso(row.previousSecretExpiresAt) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export type WebhooksServiceDeps = {
  db: Database;
  now: () => Date;
  /** WEBHOOKS_ALLOW_PRIVATE: private addresses (and plain http) are accepted. */
  allowPrivate: boolean;
  /** Plain http is accepted in development too (a receiver on the developer's machine). */
  allowHttp: boolean;
};

export function createWebhooksService(deps: WebhooksServiceDeps) {
  const { db, now } = deps;

  /** What the URL schema cannot know: https, no credentials, no private literal address. */
  function checkUrl(value: string) {
    const url = new URL(value);
    if (url.username || url.password) {
      throw new AppError("UNPROCESSABLE", WEBHOOK_MESSAGES.urlCredentials);
    }
    if (url.protocol !== "https:" && !deps.allowPrivate && !deps.allowHttp) {
      throw new AppError("UNPROCESSABLE", WEBHOOK_MESSAGES.urlHttps);
    }
    // Names are checked again at each delivery, on the address actually connected to.
    const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
    const local = host === "localhost" || host.endsWith(".localhost");
    if (!deps.allowPrivate && (local || (isIP(host) !== 0 && isPrivateAddress(host)))) {
      throw new AppError("UNPROCESSABLE", WEBHOOK_MESSAGES.urlPrivate);
    }
    return url.toString();
  }

  return {
    ...createWebhookLog(deps),

    async list(shopId: number) {
      const at = now();
      return { endpoints: (await repo.listEndpoints(db, shopId)).map((r) => endpointDto(r, at)) };
    },

    async create(shopId: number, input: CreateWebhookEndpointPayload) {
      const url = checkUrl(input.url);
      const secret = newWebhookSecret();
      const row = await db.transaction(async (tx) => {
        // The shop row serialises concurrent creates, so the limit holds.
        await tx.execute(sql`select id from shops where id = ${shopId} for update`);
        if ((await repo.countEndpoints(tx, shopId)) >= MAX_WEBHOOK_ENDPOINTS) {
          throw new AppError("UNPROCESSABLE", WEBHOOK_MESSAGES.endpointLimit);
        }
        return repo.insertEndpoint(tx, {
          shopId,
          url,
          description: input.description ?? "",
          eventTypes: input.eventTypes as string[],
          secret,
        });
      });
      return {
        message: WEBHOOK_MESSAGES.endpointCreated,
        endpoint: endpointDto(row, now()),
        secret,
      };
    },

    async update(shopId: number, id: number, input: UpdateWebhookEndpointPayload) {
      const current = await findEndpointOf(db, shopId, id);
      const enabling = input.enabled === true && !current.enabled;
      const row = await repo.updateEndpoint(db, current.id, {
        ...(input.url !== undefined ? { url: checkUrl(input.url) } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.eventTypes !== undefined ? { eventTypes: input.eventTypes as string[] } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        // Enabling starts afresh: the three days of failure count from the next failure.
        ...(enabling ? { disabledReason: null, failingSince: null } : {}),
        ...(input.enabled === false ? { disabledReason: WEBHOOK_MESSAGES.disabledByOwner } : {}),
      });
      const message =
        input.enabled === true && Object.keys(input).length === 1
          ? WEBHOOK_MESSAGES.endpointEnabled
          : input.enabled === false && Object.keys(input).length === 1
            ? WEBHOOK_MESSAGES.endpointDisabled
            : WEBHOOK_MESSAGES.endpointUpdated;
      return { message, endpoint: endpointDto(row, now()) };
    },

    async remove(shopId: number, id: number) {
      const row = await repo.deleteEndpoint(db, shopId, id);
      if (!row) throw new AppError("NOT_FOUND", WEBHOOK_MESSAGES.endpointNotFound);
      return { message: WEBHOOK_MESSAGES.endpointDeleted };
    },

    /** The owner may look at the secret again (the screen's "Reveal"); keys never reach it. */
    async secret(shopId: number, id: number) {
      const row = await findEndpointOf(db, shopId, id);
      return { message: "", endpoint: endpointDto(row, now()), secret: row.secret };
    },

    /** A new secret; the old one keeps signing for 24 h beside it. */
    async rotate(shopId: number, id: number) {
      const secret = newWebhookSecret();
      const row = await db.transaction(async (tx) => {
        const current = await repo.findEndpoint(tx, shopId, id, true);
        if (!current) throw new AppError("NOT_FOUND", WEBHOOK_MESSAGES.endpointNotFound);
        return repo.updateEndpoint(tx, current.id, {
          secret,
          previousSecret: current.secret,
          previousSecretExpiresAt: new Date(now().getTime() + PREVIOUS_SECRET_MS),
        });
      });
      return { message: WEBHOOK_MESSAGES.secretRotated, endpoint: endpointDto(row, now()), secret };
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
