import { setToken } from "@/lib/token-storage";
import { makeShop, makeUser, mockApi } from "./api-mock";

/**
 * The merchant signed in, with the API answering what every merchant page loads: the user (the
 * owner, with any `user` fields replaced) and their shop; `apiRoutes` adds routes or replaces these.
 */
export function signInMerchant(
  apiRoutes: Parameters<typeof mockApi>[0] = {},
  user: Record<string, unknown> = {},
) {
  setToken("m-tok");
  return mockApi({
    "GET /user/get-user": { user: makeUser(user) },
    "GET /shop/get-shop-by-userId": { shop: makeShop() },
    ...apiRoutes,
  });
}
