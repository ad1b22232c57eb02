import { QueryClient } from "@tanstack/react-query";
import { STOREFRONT_SNAPSHOT_ID } from "@tessera/shared";
import { afterEach, describe, expect, it } from "vitest";
import { shopKeys } from "@/features/shops/api";
import { primeStorefront, storefrontKeys } from "./api";

const snapshot = {
  shop: { id: 7, name: "Bean & Leaf" },
  memberships: [{ id: 1 }],
  offers: [{ id: 2 }],
};

function writeBlock() {
  const block = document.createElement("script");
  block.type = "application/json";
  block.id = STOREFRONT_SNAPSHOT_ID;
  block.textContent = JSON.stringify(snapshot);
  document.head.append(block);
}

afterEach(() => document.getElementById(STOREFRONT_SNAPSHOT_ID)?.remove());

describe("primeStorefront", () => {
  it.each(["/7", "/7/login"])("puts the page's storefront read in the cache on %s", (path) => {
    writeBlock();
    const client = new QueryClient();
    primeStorefront(client, path);
    expect(client.getQueryData(storefrontKeys.snapshot(7))).toEqual(snapshot);
    expect(client.getQueryData(shopKeys.byId(7))).toEqual(snapshot.shop);
    expect(client.getQueryData(storefrontKeys.memberships(7))).toEqual(snapshot.memberships);
    expect(client.getQueryData(storefrontKeys.offers(7))).toEqual(snapshot.offers);
    expect(document.getElementById(STOREFRONT_SNAPSHOT_ID)).toBeNull();
  });

  it("leaves the cache empty for another shop's address, a page with no shop or no block", () => {
    for (const path of ["/8", "/merchant/dashboard", "/"]) {
      writeBlock();
      const client = new QueryClient();
      primeStorefront(client, path);
      expect(client.getQueryCache().getAll()).toEqual([]);
      document.getElementById(STOREFRONT_SNAPSHOT_ID)?.remove();
    }
    const client = new QueryClient();
    primeStorefront(client, "/7");
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
