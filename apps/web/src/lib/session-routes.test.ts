import { describe, expect, it } from "vitest";
import { getLoginPathFor, getShopIdFromPath, isSessionTokenRoute } from "./session-routes";

describe("isSessionTokenRoute", () => {
  it.each([
    ["/", true],
    ["", true],
    ["/register", true],
    ["/register/", true],
    ["/merchant", true],
    ["/merchant/dashboard", true],
    ["/merchant/members/12/redeem-benefits", true],
    ["/shop-42/login", true],
    ["/shop-42/register", true],
    ["/42/login/", true],
    // Reset / invitation tokens are never sessions.
    ["/pass/reset-password", false],
    ["/shop-42/pass/reset-password", false],
    ["/set-password", false],
    ["/employee/set-password", false],
    // Other pages do not take a session from the URL.
    ["/pass/forgot-password", false],
    ["/verify-email", false],
    ["/email-verified", false],
    ["/create-shop", false],
    ["/not-found", false],
    ["/shop-42", false],
    ["/shop-42/customer/dashboard", false],
    ["/shop-42/login/extra", false],
    // A platform segment in the shop position is not a shop.
    ["/pass/login", false],
    ["/employee/register", false],
  ])("%s → %s", (pathname, expected) => {
    expect(isSessionTokenRoute(pathname)).toBe(expected);
  });
});

describe("getShopIdFromPath", () => {
  it.each([
    ["/", null],
    ["/merchant/dashboard", null],
    ["/register", null],
    ["/pass/reset-password", null],
    ["/verify-email-to-reset-password", null],
    ["/shop-42", "shop-42"],
    ["/17/customer/dashboard", "17"],
  ])("%s → %s", (pathname, expected) => {
    expect(getShopIdFromPath(pathname)).toBe(expected);
  });
});

describe("getLoginPathFor", () => {
  it.each([
    ["/", "/"],
    ["/merchant/dashboard", "/"],
    ["/create-shop", "/"],
    ["/employee/set-password", "/"],
    ["/not-found", "/"],
    ["/shop-42/customer/dashboard", "/shop-42/login"],
    ["/shop-42", "/shop-42/login"],
    ["/7/customer/profile-overview/edit-profile", "/7/login"],
  ])("%s → %s", (pathname, expected) => {
    expect(getLoginPathFor(pathname)).toBe(expected);
  });
});
