import { STOREFRONT_SNAPSHOT_ID, type StorefrontSnapshot } from "@tessera/shared";

/**
 * The storefront read the server wrote into the HTML of `/{shopId}` and `/{shopId}/login`
 * (apps/api plugins/spa.ts), taken once, before the first render (`primeStorefront`): the block
 * is removed, so a later visit in the same tab (another shop, or this one after the merchant
 * changed it) asks the API as usual. Anything unexpected — another shop's id, a
 * damaged block — is ignored and the app reads the API instead.
 */
export function takeInlineSnapshot(shopId: number): StorefrontSnapshot | null {
  if (typeof document === "undefined") return null;
  const block = document.getElementById(STOREFRONT_SNAPSHOT_ID);
  if (!block) return null;
  block.remove();
  try {
    const value = JSON.parse(block.textContent ?? "") as Partial<StorefrontSnapshot>;
    const fits =
      value.shop?.id === shopId && Array.isArray(value.memberships) && Array.isArray(value.offers);
    return fits ? (value as StorefrontSnapshot) : null;
  } catch {
    return null;
  }
}
