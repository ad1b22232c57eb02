import { ACCESS_MESSAGES, PAYMENT_MESSAGES } from "@tessera/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Shop } from "../../db/schema";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import type { KeyBox } from "../../infra/payments/secrets";
import {
  type MerchantAccount,
  type PaymentProvider,
  ProviderError,
} from "../../infra/payments/types";
import * as repo from "./repo";

/**
 * What every payment workflow works with: the database, the provider, the key box for the
 * merchants' API keys, the clock and the log. Each workflow is a set of plain functions that
 * take this context first, as the repos take the executor.
 */
export type PaymentsDeps = {
  db: Database;
  provider: PaymentProvider;
  keyBox: KeyBox;
  publicUrl: string;
  /** The postback URL with the credentials the provider must send. */
  postbackUrl: string;
  now?: () => Date;
  logger?: FastifyBaseLogger;
};

export type PaymentsContext = Omit<PaymentsDeps, "now" | "logger"> & {
  now: () => Date;
  log: FastifyBaseLogger | undefined;
};

export function createPaymentsContext(deps: PaymentsDeps): PaymentsContext {
  const { now, logger, ...rest } = deps;
  return { ...rest, now: now ?? (() => new Date()), log: logger };
}

/** Who did it, for `transactionBy` and notices. */
export type Actor =
  | { kind: "customer"; customerId: number }
  | { kind: "merchant"; userId: number; name: string };

/** A merchant (owner or staff) acting at the counter. */
export type CounterActor = Extract<Actor, { kind: "merchant" }>;

export function fullName(person: { firstName: string; lastName: string }) {
  return `${person.firstName} ${person.lastName}`.trim();
}

export function paymentFailed(): AppError {
  return new AppError("UNPROCESSABLE", PAYMENT_MESSAGES.paymentFailed);
}

export function isConnected(ctx: PaymentsContext, shop: Shop) {
  return Boolean(
    shop.paymentsProvider === ctx.provider.name &&
      shop.fortisId &&
      shop.fortisUserId &&
      shop.fortisApiKeyEncrypted &&
      shop.fortisProductTransactionId,
  );
}

export function accountOf(ctx: PaymentsContext, shop: Shop): MerchantAccount {
  if (!isConnected(ctx, shop)) throw new AppError("UNPROCESSABLE", PAYMENT_MESSAGES.notConnected);
  return {
    userId: shop.fortisUserId as string,
    apiKey: ctx.keyBox.open(shop.fortisApiKeyEncrypted as string),
    locationId: shop.fortisId as string,
    productTransactionId: shop.fortisProductTransactionId as string,
  };
}

export async function requireShop(ctx: PaymentsContext, shopId: number) {
  const shop = await repo.findShop(ctx.db, shopId);
  if (!shop) throw new AppError("NOT_FOUND", ACCESS_MESSAGES.storeNotFound);
  return shop;
}

/** Provider calls fail with a readable message, never the provider's internals. */
export async function callProvider<T>(ctx: PaymentsContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderError) {
      ctx.log?.warn({ err: error }, "payment provider call failed");
      const refused = error.status !== null && error.status >= 400 && error.status < 500;
      throw new AppError(
        refused ? "UNPROCESSABLE" : "UNAVAILABLE",
        refused ? error.message : "The payment provider could not be reached. Please try again.",
      );
    }
    throw error;
  }
}
