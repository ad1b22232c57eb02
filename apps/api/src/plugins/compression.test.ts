import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transactions } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createMerchant, loginAs } from "../test/factories";
import { webDist } from "../test/web-dist";

// Large enough that on-the-fly compression would kick in if it wrongly applied to assets.
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${i}`))};\n`;
const PAGE = `<!doctype html><html><head><title>Tessera</title></head><body><div id=root></div>${"<!-- pad -->".repeat(200)}</body></html>`;

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === "br") return brotliDecompressSync(body).toString();
  if (encoding === "gzip") return gunzipSync(body).toString();
  return body.toString();
}

describe("compression", () => {
  let t: TestApp;
  let precompressedBr: Buffer;
  let precompressedGz: Buffer;

  beforeAll(async () => {
    precompressedBr = brotliCompressSync(SCRIPT);
    precompressedGz = gzipSync(SCRIPT);
    const dist = webDist({
      "index.html": PAGE,
      "index.html.br": brotliCompressSync(PAGE),
      "assets/app-abc123.js": SCRIPT,
      "assets/app-abc123.js.br": precompressedBr,
      "assets/app-abc123.js.gz": precompressedGz,
      // A text asset the build left uncompressed.
      "assets/plain-abc123.js": SCRIPT,
    });
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(() => t.close());

  const asset = (acceptEncoding?: string, url = "/assets/app-abc123.js") =>
    t.app.inject({
      method: "GET",
      url,
      headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
    });

  it("serves an asset's brotli file as is, never compressed a second time", async () => {
    const res = await asset("gzip, deflate, br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(precompressedBr)).toBe(true);
    expect(decode("br", res.rawPayload)).toBe(SCRIPT);
  });

  it("serves an asset's gzip file to a client without brotli", async () => {
    const res = await asset("gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.rawPayload.equals(precompressedGz)).toBe(true);
  });

  it("serves an asset's plain bytes to a client that sends no Accept-Encoding", async () => {
    for (const header of [undefined, "identity"]) {
      const res = await asset(header);
      expect(res.statusCode, header).toBe(200);
      expect(res.headers["content-encoding"], header).toBeUndefined();
      expect(res.body, header).toBe(SCRIPT);
      expect(res.headers.vary, header).toMatch(/accept-encoding/i);
    }
  });

  it("leaves a static file without a compressed copy to the build", async () => {
    const res = await asset("br", "/assets/plain-abc123.js");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });

  it("negotiates index.html for client routes too", async () => {
    const res = await asset("br", "/merchant/members/42");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(decode("br", res.rawPayload)).toBe(PAGE);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("compresses the pages it writes a shop's data into, as the browser accepts", async () => {
    const { shop } = await createMerchant(t.database.db);
    for (const path of [`/${shop?.id}`, `/${shop?.id}/login`]) {
      const plain = await asset(undefined, path);
      expect(plain.statusCode, path).toBe(200);
      expect(plain.headers["content-encoding"], path).toBeUndefined();
      // The shop's data block makes the page the server's own, not the build's index.html.
      expect(plain.body, path).toContain('id="storefront-snapshot"');
      for (const encoding of ["br", "gzip"]) {
        const res = await asset(encoding, path);
        expect(res.headers["content-encoding"], `${path} ${encoding}`).toBe(encoding);
        expect(res.headers.vary, path).toMatch(/accept-encoding/i);
        expect(res.headers["content-type"], path).toMatch(/^text\/html/);
        expect(decode(encoding, res.rawPayload), `${path} ${encoding}`).toBe(plain.body);
      }
    }
  });

  it("compresses an API reply by the client's Accept-Encoding", async () => {
    const plain = await asset(undefined, "/api/docs/json");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const encoding of ["br", "gzip"]) {
      const res = await asset(encoding, "/api/docs/json");
      expect(res.headers["content-encoding"], encoding).toBe(encoding);
      expect(res.headers.vary, encoding).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length, encoding).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode(encoding, res.rawPayload)), encoding).toEqual(plain.json());
    }
    // Brotli is preferred when the client accepts both.
    expect((await asset("gzip, br", "/api/docs/json")).headers["content-encoding"]).toBe("br");
  });

  it("sends small API replies uncompressed", async () => {
    const res = await asset("br", "/api/health");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
  });

  it("compresses the streamed CSV export while it streams", async () => {
    const owner = await createMerchant(t.database.db);
    const shopId = owner.shop?.id as number;
    const { authorization } = await loginAs(t.app, owner);
    await t.database.db.insert(transactions).values(
      Array.from({ length: 50 }, (_, i) => ({
        shopId,
        customerName: `Customer ${i}`,
        kind: "membership_purchase" as const,
        membershipName: "Silver",
        plan: "monthly" as const,
        paymentType: "cash" as const,
        priceCents: 1999,
        amountCents: 1999,
        status: "succeeded" as const,
        transactionBy: "Staff",
      })),
    );
    const url = "/api/v1/reports/export-transaction-report?paymentType=all";
    const plain = await t.app.inject({ method: "GET", url, headers: { authorization } });
    expect(plain.statusCode).toBe(200);
    expect(plain.body.split("\r\n")).toHaveLength(52);
    const res = await t.app.inject({
      method: "GET",
      url,
      headers: { authorization, "accept-encoding": "br" },
    });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    // Streamed: the length is unknown up front, so no Content-Length is promised.
    expect(res.headers["content-length"]).toBeUndefined();
    expect(decode("br", res.rawPayload)).toBe(plain.body);
  });
});
