import userEvent from "@testing-library/user-event";
import type { InitialEntry } from "react-router";
import { routes } from "@/app/router";
import type { mockApi } from "./api-mock";
import { signInMerchant } from "./merchant-data";
import { renderRoutes } from "./render";

/**
 * The start most merchant-area tests share: the owner signed in, the API answering from
 * `apiRoutes` (over the user and shop calls), a user to drive the page, and the whole app opened
 * at `entry`. Kept apart from merchant-data so tests of single components do not load the router.
 */
export function openAsMerchant(entry: InitialEntry, apiRoutes: Parameters<typeof mockApi>[0] = {}) {
  const api = signInMerchant(apiRoutes);
  const user = userEvent.setup();
  return { api, user, ...renderRoutes(routes, entry) };
}
