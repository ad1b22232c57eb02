import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { createMerchant, createOffer, createTier } from "../../test/factories";
import { expectUnknownShopRefused } from "../../test/file-app";

let t: TestApp;
let shopId: number;
beforeAll(async () => {
  t = await createTestApp();
  const { shop } = await createMerchant(t.database.db);
  if (!shop) throw new Error("no shop");
  shopId = shop.id;
  await createTier(t.database.db, shopId, { name: "Gold", priceCents: 2500 });
  await createTier(t.database.db, shopId, { name: "Hidden", status: "inactive" });
  await createOffer(t.database.db, shopId, { offerName: "Running" });
  await createOffer(t.database.db, shopId, {
    offerName: "Over",
    startDate: "2020-01-01",
    endDate: "2020-01-31",
  });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });

describe("GET /api/v1/storefront", () => {
  it("answers the shop, its published tiers and today's offers, as the three reads do", async () => {
    const res = await get(`/api/v1/storefront?shopId=${shopId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.shop).toMatchObject({ id: shopId, name: "Test Shop", tagline: "Tested daily" });
    expect(body.memberships.map((tier: { name: string }) => tier.name)).toEqual(["Gold"]);
    expect(body.memberships[0]).toMatchObject({ price: 25, Benefits: [{ name: "Free coffee" }] });
    expect(body.offers.map((offer: { offerName: string }) => offer.offerName)).toEqual(["Running"]);

    const [shop, tiers, offers] = await Promise.all([
      get(`/api/v1/shop/get-shop-by-Id?shopId=${shopId}`),
      get(`/api/v1/customer/memberships/get-active-memberships?shopId=${shopId}`),
      get(`/api/v1/customer/offers/get-active-offers?shopId=${shopId}`),
    ]);
    expect(body).toEqual({
      shop: shop.json().shop,
      memberships: tiers.json().memberships,
      offers: offers.json().offers,
    });
  });

  it("shows each shop only its own tiers and offers, whatever their ids", async () => {
    // Several shops, tiers and offers, so the ids of one table no longer match another's.
    const { shop: other } = await createMerchant(t.database.db);
    if (!other) throw new Error("no shop");
    for (const name of ["Bronze", "Silver"]) {
      await createTier(t.database.db, other.id, { name, priceCents: 1000 });
    }
    for (const offerName of ["Other A", "Other B", "Other C"]) {
      await createOffer(t.database.db, other.id, { offerName });
    }
    for (const id of [shopId, other.id]) {
      const body = (await get(`/api/v1/storefront?shopId=${id}`)).json();
      const [tiers, offers] = await Promise.all([
        get(`/api/v1/customer/memberships/get-active-memberships?shopId=${id}`),
        get(`/api/v1/customer/offers/get-active-offers?shopId=${id}`),
      ]);
      expect(body.memberships).toEqual(tiers.json().memberships);
      expect(body.offers).toEqual(offers.json().offers);
    }
    const mine = (await get(`/api/v1/storefront?shopId=${shopId}`)).json();
    expect(mine.memberships.map((tier: { name: string }) => tier.name)).toEqual(["Gold"]);
    expect(mine.offers.map((offer: { offerName: string }) => offer.offerName)).toEqual(["Running"]);
    const theirs = (await get(`/api/v1/storefront?shopId=${other.id}`)).json();
    expect(theirs.memberships.map((tier: { name: string }) => tier.name)).toEqual([
      "Bronze",
      "Silver",
    ]);
    expect(theirs.offers).toHaveLength(3);
  });

  it("answers 404 Store Not Found for an unknown shop, 400 for a bad id", async () => {
    const missing = await expectUnknownShopRefused(t, (id) => `/api/v1/storefront?shopId=${id}`);
    expect(missing.headers.etag).toBeUndefined();
  });

  it("is documented in the OpenAPI document", async () => {
    const res = await get("/api/docs/json");
    const spec = res.json();
    const op = spec.paths["/api/v1/storefront"]?.get;
    expect(op).toBeDefined();
    expect(Object.keys(op.responses["200"].content["application/json"].schema.properties)).toEqual([
      "shop",
      "memberships",
      "offers",
    ]);
  });
});

describe("public reads: ETag and 304", () => {
  const publicReads = () => [
    `/api/v1/storefront?shopId=${shopId}`,
    `/api/v1/shop/get-shop-by-Id?shopId=${shopId}`,
    `/api/v1/customer/memberships/get-active-memberships?shopId=${shopId}`,
    `/api/v1/customer/offers/get-active-offers?shopId=${shopId}`,
  ];

  it("answer a strong ETag and revalidating Cache-Control, then 304 without a body", async () => {
    for (const url of publicReads()) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^"[\w-]{20,}"$/);
      expect(first.headers["cache-control"], url).toBe("public, max-age=0, must-revalidate");

      const again = await get(url);
      expect(again.headers.etag, url).toBe(etag);

      const repeat = await get(url, { "if-none-match": etag });
      expect(repeat.statusCode, url).toBe(304);
      expect(repeat.body, url).toBe("");
      expect(repeat.headers.etag, url).toBe(etag);

      // Weak comparison, and a list of candidates, as browsers and proxies send them.
      const listed = await get(url, { "if-none-match": `"other", W/${etag}` });
      expect(listed.statusCode, url).toBe(304);

      const stale = await get(url, { "if-none-match": '"not-the-current-one"' });
      expect(stale.statusCode, url).toBe(200);
      expect(stale.json(), url).toEqual(first.json());
    }
  });

  it("change the ETag when the content changes", async () => {
    const url = `/api/v1/storefront?shopId=${shopId}`;
    const before = String((await get(url)).headers.etag);
    await createOffer(t.database.db, shopId, { offerName: "Fresh" });
    const after = await get(url, { "if-none-match": before });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    expect(after.json().offers.map((o: { offerName: string }) => o.offerName)).toContain("Fresh");
  });

  it("keep the ETag of the plain JSON under compression", async () => {
    const url = `/api/v1/storefront?shopId=${shopId}`;
    const plain = await get(url);
    const zipped = await get(url, { "accept-encoding": "gzip" });
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    const repeat = await get(url, {
      "accept-encoding": "br",
      "if-none-match": String(plain.headers.etag),
    });
    expect(repeat.statusCode).toBe(304);
    expect(repeat.headers["content-encoding"]).toBeUndefined();
    expect(repeat.rawPayload.length).toBe(0);
  });

  it("leave private reads without ETag", async () => {
    const res = await get("/api/v1/shop/get-shop-by-userId");
    expect(res.headers.etag).toBeUndefined();
  });
});
