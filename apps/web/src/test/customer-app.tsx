import userEvent from "@testing-library/user-event";
import type { InitialEntry } from "react-router";
import { routes } from "@/app/router";
import { mockApi } from "./api-mock";
import { signInCustomer } from "./customer-data";
import { renderRoutes } from "./render";

/**
 * The start most customer-area tests share: the customer signed in, the API answering from
 * `apiRoutes`, a user to drive the page, and the whole app opened at `entry`. Kept apart from
 * customer-data so tests of single components do not load the app's router.
 */
export function openAsCustomer(entry: InitialEntry, apiRoutes: Parameters<typeof mockApi>[0]) {
  signInCustomer();
  const api = mockApi(apiRoutes);
  const user = userEvent.setup();
  return { api, user, ...renderRoutes(routes, entry) };
}
