import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { registerErrorHandling } from "../../plugins/errors";
import { registerSecurityHeaders } from "../../plugins/security";
import { registerSpaHosting } from "../../plugins/spa";
import { webDist } from "../../test/web-dist";
import { createStorage, type DiskStorage, registerUploadsHosting } from "./index";

const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe("disk storage", () => {
  let dataDir: string;
  let storage: DiskStorage;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), "tessera-storage-"));
    storage = createStorage({ dataDir, publicUrl: "https://shop.example.com/" });
  });

  it("writes under DATA_DIR/uploads/<folder> with a random name and a relative URL", async () => {
    const a = await storage.save(PNG_BYTES, {
      extension: "png",
      contentType: "image/png",
      folder: "shops",
    });
    const b = await storage.save(PNG_BYTES, {
      extension: "png",
      contentType: "image/png",
      folder: "shops",
    });
    expect(a.key).toMatch(/^shops\/[A-Za-z0-9_-]{22}\.png$/);
    expect(a.url).toBe(`/uploads/${a.key}`);
    expect(b.key).not.toBe(a.key);
    expect(readFileSync(join(dataDir, "uploads", a.key))).toEqual(PNG_BYTES);
  });

  it("accepts nested folders but never a path that leaves the uploads directory", async () => {
    const nested = await storage.save(PNG_BYTES, {
      extension: "jpg",
      contentType: "image/jpeg",
      folder: "shops/12/offers",
    });
    expect(nested.key).toMatch(/^shops\/12\/offers\/[A-Za-z0-9_-]{22}\.jpg$/);
    for (const folder of ["../outside", "/etc", "shops/../..", "Shops", "", "a//b", ".hidden"]) {
      await expect(
        storage.save(PNG_BYTES, { extension: "png", contentType: "image/png", folder }),
        folder,
      ).rejects.toThrow(TypeError);
    }
    await expect(
      storage.save(PNG_BYTES, { extension: "png/../x", contentType: "image/png", folder: "shops" }),
    ).rejects.toThrow(TypeError);
  });

  it("removes a file, and ignores missing files and foreign keys", async () => {
    const saved = await storage.save(PNG_BYTES, {
      extension: "png",
      contentType: "image/png",
      folder: "tmp",
    });
    const path = join(dataDir, "uploads", saved.key);
    expect(existsSync(path)).toBe(true);
    await storage.remove(saved.key);
    expect(existsSync(path)).toBe(false);
    await expect(storage.remove(saved.key)).resolves.toBeUndefined();

    writeFileSync(join(dataDir, "keep-me.txt"), "precious");
    await storage.remove("../keep-me.txt");
    expect(existsSync(join(dataDir, "keep-me.txt"))).toBe(true);
  });

  it("finds the key of a URL it handed out, relative or absolute, and nothing else", async () => {
    const saved = await storage.save(PNG_BYTES, {
      extension: "png",
      contentType: "image/png",
      folder: "shops",
    });
    expect(storage.keyFromUrl(saved.url)).toBe(saved.key);
    expect(storage.keyFromUrl(`https://shop.example.com${saved.url}`)).toBe(saved.key);
    expect(storage.keyFromUrl(`https://elsewhere.example${saved.url}`)).toBeNull();
    expect(storage.keyFromUrl("/uploads/../../etc/passwd")).toBeNull();
    expect(storage.keyFromUrl("https://lh3.googleusercontent.com/a/photo.jpg")).toBeNull();
    expect(storage.absoluteUrl(saved.url)).toBe(`https://shop.example.com${saved.url}`);
    expect(storage.absoluteUrl("https://cdn.example/x.png")).toBe("https://cdn.example/x.png");
  });
});

describe("serving /uploads", () => {
  let app: FastifyInstance;
  let dataDir: string;
  let storage: DiskStorage;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "tessera-uploads-"));
    // A built SPA is present, so a path that slipped through would get index.html, not a 404.
    const dist = webDist({ "index.html": "<!doctype html><title>Tessera SPA</title>" });
    // The app's own plugins around the hosting, as buildApp puts them.
    app = Fastify();
    registerErrorHandling(app);
    await registerSecurityHeaders(app, { publicUrl: "http://localhost:3000" });
    storage = createStorage({ dataDir, publicUrl: "http://localhost:3000" });
    registerUploadsHosting(app, storage);
    await registerSpaHosting(app, {
      webDist: dist,
      publicUrl: "http://localhost:3000",
      // No shops here: every storefront path is an unknown shop.
      readStorefront: async () => {
        throw new AppError("NOT_FOUND", "Store Not Found");
      },
    });
    // Files that must never be reachable: outside the uploads directory, and a dot file inside.
    writeFileSync(join(dataDir, "secret.png"), "not for you");
    mkdirSync(join(dataDir, "uploads", "shops"), { recursive: true });
    writeFileSync(join(dataDir, "uploads", "shops", ".env.png"), "SECRET=1");
  });
  afterAll(() => app.close());

  /** Stores the sample bytes as a file of this type and asks the app for it. */
  async function savedAndServed(extension: string, contentType: string, folder: string) {
    const saved = await storage.save(PNG_BYTES, { extension, contentType, folder });
    return { saved, res: await app.inject({ method: "GET", url: saved.url }) };
  }

  it("serves a stored file with long-lived caching, its type and nosniff", async () => {
    const { saved, res } = await savedAndServed("png", "image/png", "shops");
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(PNG_BYTES);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["content-length"]).toBe(String(PNG_BYTES.length));
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");

    const head = await app.inject({ method: "HEAD", url: saved.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toBe("image/png");
    expect(head.body).toBe("");
  });

  it("serves JPEG as image/jpeg", async () => {
    const { res } = await savedAndServed("jpg", "image/jpeg", "offers");
    expect(res.headers["content-type"]).toBe("image/jpeg");
  });

  it("answers a missing file with JSON 404, not the SPA", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/uploads/shops/AAAAAAAAAAAAAAAAAAAAAA.png",
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Not found" });
    expect(res.headers["cache-control"]).not.toContain("immutable");
  });

  it("lists no directories", async () => {
    for (const url of ["/uploads", "/uploads/", "/uploads/shops", "/uploads/shops/"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain("Tessera SPA");
      expect(res.body, url).not.toContain(".png");
    }
  });

  it("refuses path traversal sent raw over HTTP", async () => {
    // HTTP clients (and inject) resolve "..", so this one goes over a socket exactly as written.
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    for (const path of [
      "/uploads/../../etc/passwd",
      "/uploads/../secret.png",
      "/uploads/shops/../../secret.png",
      "/uploads/shops/..\\..\\secret.png",
      "/uploads/%2e%2e/%2e%2e/etc/passwd",
      "/uploads/shops/%2e%2e/%2e%2e/secret.png",
    ]) {
      const response = await rawGet(port, path);
      expect(response, path).toMatch(/^HTTP\/1\.1 404 /);
      expect(response, path).not.toMatch(/root:|not for you|SECRET=1|Tessera SPA/);
    }
  });

  it("refuses path traversal in every spelling", async () => {
    for (const url of [
      "/uploads/..%2F..%2Fetc%2Fpasswd",
      "/uploads/shops/%2e%2e%2f%2e%2e%2fsecret.png",
      "/uploads/..%5c..%5csecret.png",
      "/uploads/%2Fetc%2Fpasswd",
      "/uploads//etc/passwd",
      "/uploads/shops/.env.png",
      "/uploads/shops/%00.png",
    ]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toMatch(/root:|not for you|SECRET=1|Tessera SPA/);
    }
  });
});

function rawGet(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    });
    let data = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      data += chunk;
    });
    socket.on("end", () => resolve(data));
    socket.on("error", reject);
  });
}
