import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { imageVariantUrl } from "@tessera/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { createStorage } from "../storage";

let t: TestApp;
let bannerUrl: string;
let original: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  original = await sharp({
    create: { width: 2000, height: 1000, channels: 3, background: "#0b3c5d" },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  const storage = createStorage({ dataDir: t.config.dataDir, publicUrl: t.config.publicUrl });
  bannerUrl = (
    await storage.save(original, { extension: "jpg", contentType: "image/jpeg", folder: "shops" })
  ).url;
});
afterAll(async () => {
  await t?.close();
});

const cacheDir = () => join(t.config.dataDir, "cache", "images");

describe("image variants (/media)", () => {
  it("answers a stored image as a WebP of the asked width, cacheable for a year", async () => {
    const res = await t.app.inject({ method: "GET", url: imageVariantUrl(bannerUrl, 640) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 640, height: 320 });
    expect(res.rawPayload.length).toBeLessThan(original.length);
  });

  it("never enlarges: a width above the original's answers the original's size", async () => {
    const storage = createStorage({ dataDir: t.config.dataDir, publicUrl: t.config.publicUrl });
    const logo = await sharp({
      create: { width: 500, height: 500, channels: 4, background: "#ffffff00" },
    })
      .png()
      .toBuffer();
    const saved = await storage.save(logo, {
      extension: "png",
      contentType: "image/png",
      folder: "shops",
    });
    const res = await t.app.inject({ method: "GET", url: imageVariantUrl(saved.url, 640) });
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: "webp", width: 500 });
  });

  it("makes a variant once and answers it from the cache afterwards", async () => {
    const url = imageVariantUrl(bannerUrl, 320);
    const [a, b] = await Promise.all([
      t.app.inject({ method: "GET", url }),
      t.app.inject({ method: "GET", url }),
    ]);
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    const cached = readdirSync(cacheDir()).filter((f) => f.endsWith("-w320.webp"));
    expect(cached).toHaveLength(1);
    expect(readdirSync(cacheDir()).some((f) => f.endsWith(".partial"))).toBe(false);

    // The cache is disposable: deleting it only means the next request resizes again.
    rmSync(cacheDir(), { recursive: true });
    const again = await t.app.inject({ method: "GET", url });
    expect(again.statusCode).toBe(200);
    expect(existsSync(cacheDir())).toBe(true);
  });

  it("refuses widths that are not listed, so nobody can make it resize to every width", async () => {
    for (const w of ["641", "0", "-96", "abc", "96.5"]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/media?src=${encodeURIComponent(bannerUrl)}&w=${w}`,
      });
      expect(res.statusCode, w).toBe(400);
      expect(res.json().message).toBe("Ask for a stored image at one of the listed widths");
    }
    expect((await t.app.inject({ method: "GET", url: "/media" })).statusCode).toBe(400);
  });

  it("answers 404 for anything that is not a file the store holds", async () => {
    for (const src of [
      "/uploads/shops/AAAAAAAAAAAAAAAAAAAAAA.jpg",
      "/uploads/../config.json",
      "https://elsewhere.example/banner.jpg",
      "/etc/passwd",
      "data:image/png;base64,AAAA",
    ]) {
      const res = await t.app.inject({ method: "GET", url: imageVariantUrl(src, 320) });
      expect(res.statusCode, src).toBe(404);
      expect(res.headers["content-type"]).toMatch(/application\/json/);
    }
  });
});
