/**
 * The session kept in localStorage (spec §3 "Stored locally"): the bearer token under "token",
 * and the customer object (id, contactId) under "customer" when a customer is signed in.
 *
 * A token belongs either to a platform user (owner or staff) or to one shop's customer; the
 * server keeps them apart, and calling a merchant endpoint with a customer's token would end
 * that session. So the scope of the token is kept beside it under "sessionScope".
 */
export const TOKEN_STORAGE_KEY = "token";
export const SESSION_SCOPE_STORAGE_KEY = "sessionScope";
export const CUSTOMER_STORAGE_KEY = "customer";

/** Whose token is stored: a merchant's (owner or staff), or a customer's of one shop. */
export type SessionScope = { kind: "merchant" } | { kind: "customer"; shopId: string };

export const MERCHANT_SCOPE: SessionScope = { kind: "merchant" };

export function customerScope(shopId: string | number): SessionScope {
  return { kind: "customer", shopId: String(shopId) };
}

/** The part of a customer the browser keeps between visits (spec: id and contactId). */
export interface StoredCustomer {
  id: number;
  contactId: string | null;
  shopId: number;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key) || null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage blocked: the session lasts for this page only.
  }
}

function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing stored to remove.
  }
}

export function getToken(): string | null {
  return read(TOKEN_STORAGE_KEY);
}

/**
 * Stores a session token and whose it is (default: a merchant's, as on every platform page).
 * A merchant token drops any stored customer object.
 */
export function setToken(token: string, scope: SessionScope = MERCHANT_SCOPE): void {
  write(TOKEN_STORAGE_KEY, token);
  write(SESSION_SCOPE_STORAGE_KEY, JSON.stringify(scope));
  if (scope.kind === "merchant") remove(CUSTOMER_STORAGE_KEY);
}

/** Forgets the session: token, its scope and the stored customer. */
export function removeToken(): void {
  remove(TOKEN_STORAGE_KEY);
  remove(SESSION_SCOPE_STORAGE_KEY);
  remove(CUSTOMER_STORAGE_KEY);
}

export function hasToken(): boolean {
  return getToken() !== null;
}

/** The stored token's scope; null without a token. A token stored without one is a merchant's. */
export function getSessionScope(): SessionScope | null {
  if (!hasToken()) return null;
  const raw = read(SESSION_SCOPE_STORAGE_KEY);
  if (!raw) return MERCHANT_SCOPE;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === "object" && parsed !== null) {
      const { kind, shopId } = parsed as { kind?: unknown; shopId?: unknown };
      if (kind === "customer" && (typeof shopId === "string" || typeof shopId === "number")) {
        return customerScope(shopId);
      }
      if (kind === "merchant") return MERCHANT_SCOPE;
    }
  } catch {
    // Unreadable: treated as a merchant token below, like a token stored before scopes.
  }
  return MERCHANT_SCOPE;
}

/** A merchant (owner or staff) is signed in. */
export function hasMerchantSession(): boolean {
  return getSessionScope()?.kind === "merchant";
}

/** A customer of this shop is signed in. */
export function hasCustomerSessionFor(shopId: string | number): boolean {
  const scope = getSessionScope();
  return scope?.kind === "customer" && scope.shopId === String(shopId);
}

export function setStoredCustomer(customer: StoredCustomer): void {
  write(
    CUSTOMER_STORAGE_KEY,
    JSON.stringify({ id: customer.id, contactId: customer.contactId, shopId: customer.shopId }),
  );
}

export function getStoredCustomer(): StoredCustomer | null {
  const raw = read(CUSTOMER_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredCustomer>;
    if (typeof parsed.id !== "number" || typeof parsed.shopId !== "number") return null;
    return {
      id: parsed.id,
      contactId: typeof parsed.contactId === "string" ? parsed.contactId : null,
      shopId: parsed.shopId,
    };
  } catch {
    return null;
  }
}

/**
 * The signed-in customer's id at this shop: the stored customer when the stored token is this
 * shop's customer's, else null (a merchant token, another shop's customer, or a Google sign-in,
 * whose return carries only the token).
 */
export function getSignedInCustomerId(shopId: string | number): number | null {
  if (!hasCustomerSessionFor(shopId)) return null;
  const customer = getStoredCustomer();
  return customer && String(customer.shopId) === String(shopId) ? customer.id : null;
}
