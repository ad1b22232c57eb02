import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";
import { callApi, endJourney, ownerSession, type SavedSession, sessionPage } from "./journey";
import { type RunningServer, startServer } from "./server";

type Viewport = { width: number; height: number };
type PageOptions = NonNullable<Parameters<typeof sessionPage>[3]>;

/** What a journey run by the demo owner works with once its `beforeAll` has run. */
export type OwnerJourney = {
  server: RunningServer;
  browser: Browser;
  /** The owner's signed-in browser state, which every owner page starts from. */
  ownerState: SavedSession;
  ownerToken: string;
  /** A page of its own context, signed in as the owner. */
  ownerPage: (viewport: Viewport, options?: PageOptions) => Promise<Page>;
  /** Calls the API as the owner (see `callApi`). */
  api: <T>(path: string, init?: RequestInit) => Promise<T>;
};

/**
 * Registers a describe block's set-up and tear-down for a journey of the demo owner: the built
 * app on its own port and data folder (with `env`), a browser, and the owner signed in once.
 * The returned object is filled in by `beforeAll`; read its fields inside hooks and tests only.
 */
export function ownerJourney(
  options: { env?: Record<string, string>; startupMs?: number; setUpMs?: number } = {},
): OwnerJourney {
  const journey = {
    ownerPage: (viewport: Viewport, pageOptions: PageOptions = {}) =>
      sessionPage(journey.browser, journey.ownerState, viewport, pageOptions),
    api: <T>(path: string, init: RequestInit = {}) =>
      callApi<T>(journey.server.url, path, { ...init, token: journey.ownerToken }),
  } as OwnerJourney;

  beforeAll(async () => {
    journey.server = await startServer({ env: options.env, startupMs: options.startupMs });
    journey.browser = await launchBrowser();
    const owner = await ownerSession(journey.browser, journey.server.url);
    journey.ownerState = owner.state;
    journey.ownerToken = owner.token;
  }, options.setUpMs);

  afterAll(() => endJourney(journey.browser, journey.server));
  return journey;
}
