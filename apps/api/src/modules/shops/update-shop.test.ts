import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { STORE_MESSAGES } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import { shops } from "../../db/schema";
import { findRow } from "../../infra/db/rows";
import { createCustomer, createMerchant, createStaff, loginAs } from "../../test/factories";
import { appForFile, ownerCreatingShop } from "../../test/file-app";
import { expectFieldErrors } from "../../test/form-errors";
import { makeImage, sendMultipart } from "../../test/multipart";

const HEIC_SAMPLE = readFileSync(
  new URL("../../infra/images/fixtures/sample.heic", import.meta.url),
);

const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "1000" } });

const URL_PATH = "/api/v1/shop/update-shop";
const pathOfUrl = (url: string) => join(t.config.dataDir, url);

type FilePart = { buffer: Buffer; filename: string; type: string };

const settings = {
  name: "Bean Bar",
  tagline: "Coffee worth waking up for",
  industry: "Hospitality",
  fontStyle: "Playfair Display",
  primaryColor: "#aa3300",
  secondaryColor: "#FFFFFF",
};

async function png(width: number, height: number): Promise<FilePart> {
  return { buffer: await makeImage(width, height, "png"), filename: "pic.png", type: "image/png" };
}

/** An owner whose shop was created through the API, so its logo and banner are stored files. */
async function ownerWithShop() {
  const { owner, authorization, res } = await ownerCreatingShop(t, "Old Name");
  expect(res.statusCode).toBe(201);
  return { authorization, shop: res.json().shop, owner };
}

async function update(
  authorization: string | undefined,
  fields: Record<string, string>,
  files: Record<string, FilePart> = {},
) {
  return sendMultipart(
    t.app,
    { method: "PUT", url: URL_PATH, headers: authorization ? { authorization } : {} },
    fields,
    files,
  );
}

const shopRow = (id: number) => findRow(t.database.db, shops, id);

describe("update shop (Customize Store)", () => {
  it("saves branding, images and time zone, and removes the replaced images", async () => {
    const { authorization, shop } = await ownerWithShop();
    const res = await update(
      authorization,
      { ...settings, id: String(shop.id), timeZone: "europe/london" },
      { logo: await png(200, 200), banner: await png(502, 270) },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe("Store updated successfully");
    expect(body.shop).toMatchObject({
      id: shop.id,
      name: "Bean Bar",
      tagline: "Coffee worth waking up for",
      industry: "Hospitality",
      fontStyle: "Playfair Display",
      primaryColor: "#AA3300",
      secondaryColor: "#FFFFFF",
      timeZone: "Europe/London",
    });
    expect(body.shop.logo).not.toBe(shop.logo);
    expect(body.shop.banner).not.toBe(shop.banner);
    expect(existsSync(pathOfUrl(body.shop.logo))).toBe(true);
    expect(existsSync(pathOfUrl(body.shop.banner))).toBe(true);
    expect(existsSync(pathOfUrl(shop.logo))).toBe(false);
    expect(existsSync(pathOfUrl(shop.banner))).toBe(false);
    const publicView = await t.app.inject({
      method: "GET",
      url: `/api/v1/shop/get-shop-by-Id?shopId=${shop.id}`,
    });
    expect(publicView.json().shop).toMatchObject({
      name: "Bean Bar",
      fontStyle: "Playfair Display",
    });
  });

  it("keeps the images and the time zone when they are not sent", async () => {
    const { authorization, shop } = await ownerWithShop();
    const res = await update(authorization, { ...settings, id: "", timeZone: "" });
    expect(res.statusCode).toBe(200);
    expect(res.json().shop).toMatchObject({
      logo: shop.logo,
      banner: shop.banner,
      timeZone: "America/New_York",
    });
    expect(existsSync(pathOfUrl(shop.logo))).toBe(true);
  });

  it("turns sign-up by e-mailed code off and on, and keeps it when not sent", async () => {
    const { authorization } = await ownerWithShop();
    const off = await update(authorization, { ...settings, codeSignUp: "false" });
    expect(off.statusCode).toBe(200);
    expect(off.json().shop.codeSignUp).toBe(false);
    const kept = await update(authorization, settings);
    expect(kept.json().shop.codeSignUp).toBe(false);
    const on = await update(authorization, { ...settings, codeSignUp: "true" });
    expect(on.json().shop.codeSignUp).toBe(true);
  });

  it("sets the customer side's default language and browser following, and keeps them when not sent", async () => {
    const { authorization } = await ownerWithShop();
    const created = await update(authorization, settings);
    expect(created.json().shop).toMatchObject({ defaultLocale: "en", followBrowserLocale: true });
    const set = await update(authorization, {
      ...settings,
      defaultLocale: "de",
      followBrowserLocale: "false",
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().shop).toMatchObject({ defaultLocale: "de", followBrowserLocale: false });
    const kept = await update(authorization, settings);
    expect(kept.json().shop).toMatchObject({ defaultLocale: "de", followBrowserLocale: false });
    const bad = await update(authorization, { ...settings, defaultLocale: "xx" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.defaultLocale).toBe(STORE_MESSAGES.localeInvalid);
    const after = await update(authorization, settings);
    expect(after.json().shop.defaultLocale).toBe("de");
  });

  it("refuses bad fields and images with the spec's messages and changes nothing", async () => {
    const { authorization, shop } = await ownerWithShop();
    const gif = await makeImage(200, 200, "gif");
    const cases: [Record<string, string>, Record<string, FilePart>, Record<string, string>][] = [
      [
        { name: "ab", tagline: "Hey!", industry: "", fontStyle: "Comic Sans" },
        {},
        {
          name: "Enter a valid company name",
          tagline: "Tag line must contains at least 5 letters.",
          industry: "Select an industry",
          fontStyle: "Select a font style",
          primaryColor: "Enter a primary color as # followed by 6 hex digits",
          secondaryColor: "Enter a secondary color as # followed by 6 hex digits",
        },
      ],
      [
        {
          ...settings,
          name: "Bean <Bar>",
          tagline: "t".repeat(201),
          industry: "Mining",
          primaryColor: "#FFF",
          secondaryColor: "blue",
          timeZone: "Mars/Olympus",
        },
        {},
        {
          name: "Invalid characters in shop name",
          tagline: "Tag line should not exceed 200 characters.",
          industry: "Select an industry",
          primaryColor: "Enter a primary color as # followed by 6 hex digits",
          secondaryColor: "Enter a secondary color as # followed by 6 hex digits",
          timeZone: "Select a valid time zone",
        },
      ],
      [
        settings,
        { logo: await png(201, 200), banner: await png(479, 270) },
        {
          logo: "Logo must be exactly 200 x 200 pixels",
          banner: "Cover photo must be 480-520 pixels wide and 250-290 pixels high",
        },
      ],
      [
        settings,
        {
          logo: { buffer: gif, filename: "logo.gif", type: "image/gif" },
          banner: { buffer: HEIC_SAMPLE, filename: "cover.heic", type: "image/heic" },
        },
        {
          logo: "Only PNG, JPEG and JPG files are allowed",
          banner: "Only PNG, JPEG and JPG files are allowed",
        },
      ],
      [
        { ...settings, name: "" },
        { logo: { buffer: Buffer.from("nope"), filename: "logo.png", type: "image/png" } },
        {
          name: "Enter a valid company name",
          logo: "Invalid image file or corrupted image",
        },
      ],
    ];
    for (const [fields, files, errors] of cases) {
      const res = await update(authorization, fields, files);
      expect(res.statusCode, JSON.stringify(errors)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    expect(await shopRow(shop.id)).toMatchObject({
      name: "Old Name",
      logo: shop.logo,
      banner: shop.banner,
      primaryColor: "#0099D8",
    });
  });

  it("treats the id as a claim: another shop's id is Store Not Found", async () => {
    const { authorization, shop } = await ownerWithShop();
    const other = await createMerchant(t.database.db);
    const otherId = other.shop?.id as number;
    const foreign = await update(authorization, { ...settings, id: String(otherId) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe("Store Not Found");
    expect((await shopRow(otherId))?.name).toBe("Test Shop");
    expect((await shopRow(shop.id))?.name).toBe("Old Name");
    const bad = await update(authorization, { ...settings, id: "abc" });
    expectFieldErrors(bad, { id: "Invalid id" });
  });

  it("is for the owner only: staff, customers, anonymous callers and shopless owners are refused", async () => {
    const { shop } = await ownerWithShop();
    const staff = await createStaff(t.database.db, shop.id);
    const customer = await createCustomer(t.database.db, shop.id);
    const shopless = await createMerchant(t.database.db, { withShop: false });
    const cases: [string | undefined, number, string][] = [
      [(await loginAs(t.app, staff)).authorization, 403, "Only the shop owner can do this."],
      [(await loginAs(t.app, customer, shop.id)).authorization, 403, ""],
      [(await loginAs(t.app, shopless)).authorization, 403, "Create your shop first."],
      [undefined, 401, ""],
    ];
    for (const [authorization, status, message] of cases) {
      const res = await update(authorization, { ...settings, name: "Taken over" });
      expect(res.statusCode).toBe(status);
      if (message) expect(res.json().message).toBe(message);
    }
    expect((await shopRow(shop.id))?.name).toBe("Old Name");
  });
});
