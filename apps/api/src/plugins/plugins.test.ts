import { Writable } from "node:stream";
import SwaggerParser from "@apidevtools/swagger-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../errors";
import { loggerOptions } from "../logger";
import { createTestApp, type TestApp } from "../test/app";
import { appForFile } from "../test/file-app";
import { webDist } from "../test/web-dist";
import { INTERNAL_ERROR_MESSAGE } from "./errors";

describe("errors", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.app.post(
      "/api/v1/test/echo",
      {
        schema: {
          body: z.object({
            email: z.email({ error: "Enter a valid email" }),
            age: z.number({ error: "Enter your age" }),
          }),
        },
      },
      async (request) => request.body,
    );
    t.app.get("/api/v1/test/crash", async () => {
      throw new Error("connection to postgres://admin:hunter2@db failed");
    });
    t.app.get("/api/v1/test/sold-out", async () => {
      throw new AppError("CONFLICT", "This offer is sold out.", { title: "Sold out" });
    });
  });
  afterAll(() => t.close());

  it("answers unknown /api paths with JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/no-such-thing" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: "Not found" });
  });

  it("answers a validation failure with 400 and a message per field", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/test/echo",
      payload: { email: "nope" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "Enter a valid email",
      errors: { email: "Enter a valid email", age: "Enter your age" },
    });
  });

  it("answers malformed JSON with a readable 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/test/echo",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "The request could not be read. Please check it and try again.",
    );
  });

  it("maps business errors to their status with message and title", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/test/sold-out" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "This offer is sold out.", title: "Sold out" });
  });

  it("never leaks internals on a 5xx", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/test/crash" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: INTERNAL_ERROR_MESSAGE });
    expect(res.body).not.toContain("hunter2");
  });
});

describe("API documentation", () => {
  const t = appForFile();

  it("serves a valid OpenAPI document listing every route", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
    expect(t.app.apiRoutes.length).toBeGreaterThan(0);
    for (const route of t.app.apiRoutes) {
      // OpenAPI writes path parameters as {id} where Fastify writes :id.
      const path = route.url.replace(/:(\w+)/g, "{$1}");
      expect(doc.paths[path], `${route.method} ${route.url}`).toBeDefined();
      expect(
        doc.paths[path][route.method.toLowerCase()],
        `${route.method} ${route.url}`,
      ).toBeDefined();
    }
  });

  it("serves the documentation UI", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
  });
});

describe("security headers", () => {
  const t = appForFile();

  it("sends a CSP that allows only this origin's scripts", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("SPA hosting", () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = webDist({
      "index.html": "<!doctype html><title>Tessera</title><div id=root>",
      "assets/index-abc123.js": "console.log(1)",
    });
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(() => t.close());

  it("caches hashed assets for a year", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("answers client routes with index.html, revalidated", async () => {
    for (const url of ["/", "/merchant/dashboard", "/42/customer/dashboard?tab=offers"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain("<title>Tessera</title>");
      expect(res.headers["cache-control"], url).toBe("no-cache");
    }
  });

  it("answers a missing asset with 404, not the page", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/index-gone.js" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
  });

  it("still answers unknown API paths with JSON", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/missing" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Not found" });
  });
});

describe("logging", () => {
  it("never writes tokens, passwords or cookies", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const t = await createTestApp({ logger: loggerOptions("trace", stream) });
    try {
      await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/reset-password?token=tok-SECRET-1&email=a%40b.co",
        headers: { authorization: "Bearer tok-SECRET-2", cookie: "sid=tok-SECRET-3" },
        payload: { password: "tok-SECRET-4" },
      });
      const log = lines.join("");
      expect(log).toContain("/api/v1/auth/reset-password");
      expect(log).not.toMatch(/tok-SECRET/);
      expect(log).not.toContain("a%40b.co");
    } finally {
      await t.close();
    }
  });
});
