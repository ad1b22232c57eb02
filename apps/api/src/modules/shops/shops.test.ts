import { describe, expect, it } from "vitest";
import { expectConfirmed } from "../../test/answers";
import { createCustomer, createMerchant, createStaff, loginAs } from "../../test/factories";
import { appForFile, expectUnknownShopRefused } from "../../test/file-app";
import { makeImage, multipart } from "../../test/multipart";

const t = appForFile();

async function shopForm(overrides: { name?: string; logo?: Buffer | null; banner?: Buffer } = {}) {
  const files: Record<string, { buffer: Buffer; filename: string; type: string }> = {
    banner: {
      buffer: overrides.banner ?? (await makeImage(1200, 600, "jpeg")),
      filename: "cover photo.jpg",
      type: "image/jpeg",
    },
  };
  if (overrides.logo !== null) {
    files.logo = {
      buffer: overrides.logo ?? (await makeImage(400, 400)),
      filename: "logo.png",
      type: "image/png",
    };
  }
  return multipart({ name: overrides.name ?? "Bean and Leaf, Co.", industry: "Retail" }, files);
}

/** POST create-shop with a form from `shopForm`, as the signed-in account. */
function createShop(form: Awaited<ReturnType<typeof shopForm>>, authorization: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/v1/shop/create-shop",
    headers: { ...form.headers, authorization },
    payload: form.payload,
  });
}

function myShop(authorization: string) {
  return t.app.inject({
    method: "GET",
    url: "/api/v1/shop/get-shop-by-userId",
    headers: { authorization },
  });
}

describe("create shop", () => {
  it("creates the owner's shop with stored images, then refuses a second one", async () => {
    const owner = await createMerchant(t.database.db, { withShop: false });
    const { authorization } = await loginAs(t.app, owner);
    const form = await shopForm({ name: "Bean, Leaf's Co." });
    const res = await createShop(form, authorization);
    const { shop } = expectConfirmed(res, 201, "Shop created successfully");
    expect(shop).toMatchObject({
      name: "Bean, Leaf's Co.",
      industry: "Retail",
      primaryColor: "#0099D8",
      secondaryColor: "#EFF6FF",
    });
    expect(shop.logo).toMatch(/^\/uploads\/shops\/[\w-]+\.png$/);
    expect(shop.banner).toMatch(/^\/uploads\/shops\/[\w-]+\.jpg$/);
    const logo = await t.app.inject({ method: "GET", url: shop.logo });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers["content-type"]).toBe("image/png");

    const mine = await myShop(authorization);
    expect(mine.json().shop.id).toBe(shop.id);

    const again = await shopForm();
    const second = await createShop(again, authorization);
    expect(second.statusCode).toBe(409);
  });

  it("asks an unverified owner to verify first", async () => {
    const owner = await createMerchant(t.database.db, { withShop: false, verified: false });
    const { authorization } = await loginAs(t.app, owner);
    const form = await shopForm();
    const res = await createShop(form, authorization);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/verify your email/i);
  });

  it("refuses bad names, missing and broken images with the spec's messages", async () => {
    const owner = await createMerchant(t.database.db, { withShop: false });
    const { authorization } = await loginAs(t.app, owner);
    const cases: [Parameters<typeof shopForm>[0], string, string][] = [
      [{ name: "Shop <script>" }, "name", "Invalid characters in shop name"],
      [{ name: "" }, "name", "Shop name is required"],
      [{ logo: null }, "logo", "Shop Logo is required"],
      [
        { logo: Buffer.from("not an image at all") },
        "logo",
        "Invalid image file or corrupted image",
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const form = await shopForm(overrides);
      const res = await createShop(form, authorization);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().errors[field], message).toBe(message);
    }
    const mine = await myShop(authorization);
    expect(mine.json()).toEqual({ shop: null });
  });

  it("is for owners only: staff and customers cannot create shops", async () => {
    const { shop } = await createMerchant(t.database.db);
    const staff = await createStaff(t.database.db, shop?.id as number);
    const customer = await createCustomer(t.database.db, shop?.id as number);
    for (const authorization of [
      (await loginAs(t.app, staff)).authorization,
      (await loginAs(t.app, customer, shop?.id)).authorization,
    ]) {
      const form = await shopForm();
      const res = await createShop(form, authorization);
      expect(res.statusCode).toBe(403);
    }
  });

  it("needs a session", async () => {
    const form = await shopForm();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/shop/create-shop",
      headers: form.headers,
      payload: form.payload,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("shop lookups", () => {
  it("shows a shop's public profile, and 404 Store Not Found for an unknown one", async () => {
    const { shop } = await createMerchant(t.database.db);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v1/shop/get-shop-by-Id?shopId=${shop?.id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().shop).toMatchObject({ id: shop?.id, name: "Test Shop" });
    expect(res.json().shop).not.toHaveProperty("ownerId");
    await expectUnknownShopRefused(t, (id) => `/api/v1/shop/get-shop-by-Id?shopId=${id}`);
  });

  it("gives staff their employer's shop", async () => {
    const { shop } = await createMerchant(t.database.db);
    const staff = await createStaff(t.database.db, shop?.id as number);
    const { authorization } = await loginAs(t.app, staff);
    const res = await myShop(authorization);
    expect(res.json().shop.id).toBe(shop?.id);
  });
});
