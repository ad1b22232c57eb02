import { describe, expect, it } from "vitest";
import {
  CUSTOMER_STORAGE_KEY,
  customerScope,
  getSessionScope,
  getSignedInCustomerId,
  getStoredCustomer,
  hasCustomerSessionFor,
  hasMerchantSession,
  removeToken,
  SESSION_SCOPE_STORAGE_KEY,
  setStoredCustomer,
  setToken,
  TOKEN_STORAGE_KEY,
} from "./token-storage";

describe("session scope", () => {
  it("no token, no session", () => {
    expect(getSessionScope()).toBeNull();
    expect(hasMerchantSession()).toBe(false);
    expect(hasCustomerSessionFor(7)).toBe(false);
  });

  it("a merchant token (the default) drops a stored customer", () => {
    setStoredCustomer({ id: 1, contactId: null, shopId: 7 });
    setToken("m");
    expect(hasMerchantSession()).toBe(true);
    expect(hasCustomerSessionFor(7)).toBe(false);
    expect(localStorage.getItem(CUSTOMER_STORAGE_KEY)).toBeNull();
  });

  it("a customer token belongs to one shop", () => {
    setToken("c", customerScope(7));
    expect(hasCustomerSessionFor(7)).toBe(true);
    expect(hasCustomerSessionFor("7")).toBe(true);
    expect(hasCustomerSessionFor(8)).toBe(false);
    expect(hasMerchantSession()).toBe(false);
  });

  it("a token stored without a scope, or with a broken one, is a merchant's", () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, "old");
    expect(getSessionScope()).toEqual({ kind: "merchant" });
    localStorage.setItem(SESSION_SCOPE_STORAGE_KEY, "{not json");
    expect(getSessionScope()).toEqual({ kind: "merchant" });
  });

  it("removeToken forgets token, scope and customer", () => {
    setToken("c", customerScope(7));
    setStoredCustomer({ id: 31, contactId: "ct", shopId: 7 });
    expect(getStoredCustomer()).toEqual({ id: 31, contactId: "ct", shopId: 7 });
    removeToken();
    expect(getSessionScope()).toBeNull();
    expect(getStoredCustomer()).toBeNull();
    expect(localStorage.getItem(SESSION_SCOPE_STORAGE_KEY)).toBeNull();
  });

  it("the signed-in customer's id only for the shop whose customer holds the token", () => {
    expect(getSignedInCustomerId(7)).toBeNull();
    setToken("c", customerScope(7));
    // A Google return stores the token alone: no id to use.
    expect(getSignedInCustomerId(7)).toBeNull();
    setStoredCustomer({ id: 31, contactId: null, shopId: 7 });
    expect(getSignedInCustomerId(7)).toBe(31);
    expect(getSignedInCustomerId("7")).toBe(31);
    expect(getSignedInCustomerId(8)).toBeNull();
    setToken("c", customerScope(8));
    expect(getSignedInCustomerId(8)).toBeNull();
  });
});
