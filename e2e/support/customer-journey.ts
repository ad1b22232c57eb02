import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";
import {
  buyTierByCard,
  CUSTOMER_PASSWORD,
  DEMO_SHOP,
  SANDBOX_CARDS,
  type ShopCustomer,
  shopCatalogue,
  verifiedCustomer,
} from "./customers";
import { callApi, uniqueEmail } from "./journey";
import { type RunningServer, startServer } from "./server";

/** What a journey of the demo shop's customers works with once its `beforeAll` has run. */
type PublishedTier = { id: number; name: string; price: number };

export type CustomerJourney<Tier extends PublishedTier, Offer> = {
  server: RunningServer;
  browser: Browser;
  /** The demo shop's published tiers and offers on sale, as its customers see them. */
  tiers: Tier[];
  offers: Offer[];
  /** A folder of this run for the files a journey uploads (pictures, logos). */
  fileDir: string;
  /** Calls the API, as the customer whose token is given (see `callApi`). */
  api: <T>(path: string, init?: RequestInit & { token?: string }) => Promise<T>;
  /** The published tier of that name; a journey naming a missing tier fails at once. */
  tierNamed: (name: string) => Tier;
  /**
   * A new customer of the demo shop (an address unique to `who`), signed up through the API and
   * verified through the e-mailed link. `verifiedTo` is where the link sends the browser.
   */
  verifiedCustomer: (
    who: string,
    name: { firstName: string; lastName: string },
  ) => Promise<ShopCustomer & { verifiedTo: string | null }>;
  /** Pays the tier with the sandbox's approved card, as the card form would. */
  buyTierWithApprovedCard: (
    customer: { id: number; token: string },
    tier: Tier,
    cardholder: string,
  ) => Promise<unknown>;
};

/**
 * Registers a describe block's set-up and tear-down for journeys of the demo shop's customers:
 * the built app on its own port and data folder (with `env`), a browser, the shop's catalogue,
 * and a folder for uploads named after `fileDirPrefix`. The returned object is filled in by
 * `beforeAll`; read its fields inside hooks and tests only.
 */
export function customerJourney<Tier extends PublishedTier, Offer>(options: {
  env: Record<string, string>;
  fileDirPrefix: string;
}): CustomerJourney<Tier, Offer> {
  const journey = {
    api: <T>(path: string, init: RequestInit & { token?: string } = {}) =>
      callApi<T>(journey.server.url, path, init),
    tierNamed: (name: string) => {
      const tier = journey.tiers.find((t) => t.name === name);
      if (!tier) throw new Error(`no published tier ${name}`);
      return tier;
    },
    verifiedCustomer: (who: string, name: { firstName: string; lastName: string }) =>
      verifiedCustomer(journey.server.url, {
        ...name,
        password: CUSTOMER_PASSWORD,
        shopId: DEMO_SHOP.id,
        email: uniqueEmail(who),
      }),
    buyTierWithApprovedCard: (
      customer: { id: number; token: string },
      tier: Tier,
      cardholder: string,
    ) =>
      buyTierByCard(journey.server.url, customer, tier, DEMO_SHOP.id, {
        number: SANDBOX_CARDS.approved,
        name: cardholder,
      }),
  } as CustomerJourney<Tier, Offer>;

  beforeAll(async () => {
    journey.server = await startServer({ env: options.env });
    journey.browser = await launchBrowser();
    ({ tiers: journey.tiers, offers: journey.offers } = await shopCatalogue<Tier, Offer>(
      journey.server.url,
      DEMO_SHOP.id,
    ));
    journey.fileDir = mkdtempSync(join(tmpdir(), options.fileDirPrefix));
  });

  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
    if (journey.fileDir) rmSync(journey.fileDir, { recursive: true, force: true });
  });
  return journey;
}
