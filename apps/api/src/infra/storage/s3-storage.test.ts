import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../config";
import { createTestApp, type TestApp } from "../../test/app";
import { ownerCreatingShop } from "../../test/file-app";
import { startS3Server } from "../../test/s3";
import { createS3Storage } from "./s3-storage";

let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
let endpoint: string;
let t: TestApp;

beforeAll(async () => {
  s3 = await startS3Server();
  endpoint = s3.endpoint;
  t = await createTestApp({ env: s3.env });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe("S3-compatible storage", () => {
  it("stores a new shop's images in the bucket and links them from there", async () => {
    const { res } = await ownerCreatingShop(t, "Cloud Cafe");
    expect(res.statusCode).toBe(201);
    const { logo } = res.json().shop;
    expect(logo).toMatch(new RegExp(`^${endpoint}/tessera-uploads/shops/[\\w-]+\\.png$`));

    const stored = await fetch(logo);
    expect(stored.status).toBe(200);
    expect(stored.headers.get("content-type")).toBe("image/png");
    expect((await stored.arrayBuffer()).byteLength).toBeGreaterThan(100);

    // Nothing is served from the local uploads folder, and the CSP lets the bucket's images in.
    const local = await t.app.inject({ method: "GET", url: "/uploads/shops/x.png" });
    expect(local.statusCode).toBe(404);
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(String(health.headers["content-security-policy"])).toContain(endpoint);
  });

  it("saves, resolves and removes a file", async () => {
    const storage = createS3Storage({
      endpoint,
      bucket: "tessera-uploads",
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      publicBaseUrl: `${endpoint}/tessera-uploads`,
    });
    const file = await storage.save(Buffer.from("hello"), {
      extension: "png",
      contentType: "image/png",
      folder: "offers",
    });
    expect(storage.keyFromUrl(file.url)).toBe(file.key);
    expect(storage.keyFromUrl("https://elsewhere.test/x.png")).toBeNull();
    expect((await fetch(file.url)).status).toBe(200);
    await storage.remove(file.key);
    expect((await fetch(file.url)).status).toBe(404);
    // Removing what is already gone is not an error.
    await storage.remove(file.key);
  });
});

describe("S3 configuration", () => {
  it("needs all four S3 settings or none", () => {
    expect(() => loadConfig({ S3_BUCKET: "x" })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: "x" })).toThrow(/set all four, or none/);
    const config = loadConfig({
      S3_ENDPOINT: "http://127.0.0.1:9000/",
      S3_BUCKET: "b",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
    });
    expect(config.s3?.publicBaseUrl).toBe("http://127.0.0.1:9000/b");
  });
});
