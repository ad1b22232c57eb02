import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";
import type { Database } from "../../infra/db";
import type { EventBus } from "../../infra/events";
import { createRateLimiter, createRedisRateLimiter } from "../../infra/rate-limit";
import type { Storage } from "../../infra/storage";
import type { CustomerService } from "../customer/service";
import { appleWalletRoutes } from "./apple-routes";
import { createAppleWallet } from "./apple-wallet";
import { createGoogleWallet } from "./google-wallet";
import { memberCardRoutes } from "./routes";
import { createMemberCardService } from "./service";

/** Member card look-ups per person and per address a minute: a busy counter stays well under. */
export const CARD_LOOKUPS_PER_MINUTE = 60;

/**
 * The member card's parts, wired together: the card service, its two wallets (each following
 * the member's changes on the event bus) and their routes, with the look-up limiter.
 */
export async function registerMemberCards(
  app: FastifyInstance,
  deps: {
    db: Database;
    config: Config;
    customer: CustomerService;
    storage: Storage;
    events: EventBus;
    /** The server's secret: each Apple pass's authentication token is derived from it. */
    secret: string;
  },
) {
  const { db, config, events } = deps;
  // A counter scans a card per customer: its own, roomier budget than the sign-in limiter's.
  const limiter = config.redisUrl
    ? createRedisRateLimiter({
        url: config.redisUrl,
        prefix: config.redisPrefix,
        max: CARD_LOOKUPS_PER_MINUTE,
        logger: app.log,
      })
    : createRateLimiter({ max: CARD_LOOKUPS_PER_MINUTE });
  app.addHook("onClose", () => limiter.close());

  const describe: Parameters<typeof createAppleWallet>[0]["describe"] = (holder) =>
    cards.getCard({ shopId: holder.shopId, customer: holder });
  const appleWallet = createAppleWallet({
    db,
    config: config.appleWallet,
    publicUrl: config.publicUrl,
    secret: deps.secret,
    storage: deps.storage,
    events,
    logger: app.log,
    describe,
  });
  app.addHook("onClose", async () => appleWallet.close());
  const googleWallet = createGoogleWallet({
    config: config.googleWallet,
    publicUrl: config.publicUrl,
    db,
    events,
    logger: app.log,
    describe,
  });
  app.addHook("onClose", async () => googleWallet.close());
  const cards = createMemberCardService({
    db,
    customer: deps.customer,
    publicUrl: config.publicUrl,
    walletLinks: async (holder, card) => ({
      apple: appleWallet.downloadLink(holder),
      google: await googleWallet.saveLink(holder, card, card.shopName),
    }),
  });
  await app.register(memberCardRoutes, { cards, limiter });
  await app.register(appleWalletRoutes, { wallet: appleWallet });
}
