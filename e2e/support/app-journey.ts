import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";
import { endJourney } from "./journey";
import { type RunningServer, startServer } from "./server";

/** What a journey works with once its `beforeAll` has run: the built app and a browser. */
export type AppJourney = { server: RunningServer; browser: Browser };

/**
 * Registers a describe block's set-up and tear-down: the built app on a fresh data folder (the
 * demo shop seeded; `env` added to its environment) and a browser. `startupMs` is how long the
 * app may take to start, `setUpMs` how long the whole set-up may take. The returned object is
 * filled in by `beforeAll`; read its fields inside hooks and tests only.
 */
export function appJourney(
  options: { env?: Record<string, string>; startupMs?: number; setUpMs?: number } = {},
): AppJourney {
  const journey = {} as AppJourney;
  beforeAll(async () => {
    journey.server = await startServer({ env: options.env, startupMs: options.startupMs });
    journey.browser = await launchBrowser();
  }, options.setUpMs);
  afterAll(() => endJourney(journey.browser, journey.server));
  return journey;
}
