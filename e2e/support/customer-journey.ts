import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";
import { DEMO_SHOP, shopCatalogue } from "./customers";
import { callApi } from "./journey";
import { type RunningServer, startServer } from "./server";

/** What a journey of the demo shop's customers works with once its `beforeAll` has run. */
export type CustomerJourney<Tier, Offer> = {
  server: RunningServer;
  browser: Browser;
  /** The demo shop's published tiers and offers on sale, as its customers see them. */
  tiers: Tier[];
  offers: Offer[];
  /** A folder of this run for the files a journey uploads (pictures, logos). */
  fileDir: string;
  /** Calls the API, as the customer whose token is given (see `callApi`). */
  api: <T>(path: string, init?: RequestInit & { token?: string }) => Promise<T>;
};

/**
 * Registers a describe block's set-up and tear-down for journeys of the demo shop's customers:
 * the built app on its own port and data folder (with `env`), a browser, the shop's catalogue,
 * and a folder for uploads named after `fileDirPrefix`. The returned object is filled in by
 * `beforeAll`; read its fields inside hooks and tests only.
 */
export function customerJourney<Tier, Offer>(options: {
  env: Record<string, string>;
  fileDirPrefix: string;
}): CustomerJourney<Tier, Offer> {
  const journey = {
    api: <T>(path: string, init: RequestInit & { token?: string } = {}) =>
      callApi<T>(journey.server.url, path, init),
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
