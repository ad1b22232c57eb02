import { randomUUID } from "node:crypto";
import SwaggerParser from "@apidevtools/swagger-parser";
import Fastify from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../infra/db";
import { createMailer, type Mailer } from "../../infra/mailer";
import { resetPasswordMessage, verifyEmailMessage } from "../../infra/mailer/templates";
import { registerApiDocs } from "../../plugins/docs";
import { registerErrorHandling } from "../../plugins/errors";
import { registerSecurityHeaders } from "../../plugins/security";
import { devMailboxRoutes, linksIn } from "./routes";

const PUBLIC_URL = "http://localhost:3000";

/** The mailbox on an app with the same validation, errors, headers and docs as buildApp. */
async function buildMailboxApp(database: DatabaseHandle) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerSecurityHeaders(app, { publicUrl: PUBLIC_URL });
  await registerApiDocs(app, { publicUrl: PUBLIC_URL });
  await app.register(devMailboxRoutes, { database });
  return app;
}

describe("developer mailbox", () => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildMailboxApp>>;
  let mailer: Mailer;
  // Unique per run: against PostgreSQL other test files write to the same outbox.
  const ada = `Ada.${randomUUID().slice(0, 8)}@Example.com`;
  const grace = `grace-${randomUUID().slice(0, 8)}@example.com`;
  const verifyLink = `${PUBLIC_URL}/api/v1/auth/verify-email?token=verify-1&email=${encodeURIComponent(ada)}`;
  const resetLink = `${PUBLIC_URL}/7/pass/reset-password?token=reset-2&email=${encodeURIComponent(grace)}`;

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 2 });
    await database.migrate();
    app = await buildMailboxApp(database);
    mailer = createMailer({ mailFrom: "Tessera <no-reply@tessera.test>", db: database.db });
    await mailer.send({
      to: ada,
      ...(await verifyEmailMessage({ firstName: "Ada", link: verifyLink })),
    });
    await mailer.send({
      to: grace,
      ...(await resetPasswordMessage({
        firstName: "Grace <b>Hopper</b>",
        link: resetLink,
        shop: { name: "Blue Door & <Co>", primaryColor: "#7C3AED" },
      })),
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("answers JSON with the newest messages first, for browser tests to read links from", async () => {
    const res = await app.inject({ method: "GET", url: "/api/dev/mailbox" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const { messages } = res.json() as { messages: { id: number; to: string }[] };
    expect(messages.length).toBeLessThanOrEqual(50);
    const mine = messages.filter((m) => m.to === ada || m.to === grace);
    expect(mine.map((m) => m.to)).toEqual([grace, ada]);
    expect(messages[0]?.id).toBeGreaterThanOrEqual(messages[1]?.id ?? 0);
  });

  it("filters by recipient, ignoring case, with each message's full content", async () => {
    const res = await app.inject({
      method: "GET",
      url: `/api/dev/mailbox?to=${encodeURIComponent(ada.toLowerCase())}`,
    });
    const { messages } = res.json();
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(Object.keys(message).sort()).toEqual([
      "createdAt",
      "html",
      "id",
      "subject",
      "text",
      "to",
    ]);
    expect(message).toMatchObject({ to: ada, subject: "Verify your email for Tessera" });
    expect(new Date(message.createdAt).toISOString()).toBe(message.createdAt);
    expect(linksIn(message.text)).toEqual([verifyLink]);
  });

  it("answers an unknown recipient with an empty list", async () => {
    const res = await app.inject({ method: "GET", url: "/api/dev/mailbox?to=nobody@example.com" });
    expect(res.json()).toEqual({ messages: [] });
  });

  it("shows the messages on a page with clickable links and each message's HTML", async () => {
    const res = await app.inject({
      method: "GET",
      url: `/dev/mailbox?to=${encodeURIComponent(grace)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    const page = res.body;
    expect(page).toContain("Reset your password for Blue Door &amp; &lt;Co&gt;");
    expect(page).toContain(`<strong>${grace}</strong>`);
    expect(page).toMatch(/<time datetime="[^"]+">\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC<\/time>/);
    expect(page).toContain(`<a href="${resetLink.replaceAll("&", "&amp;")}"`);
    // The e-mail's own HTML, escaped into a sandboxed srcdoc frame that cannot run scripts.
    const frame = /<iframe [^>]*sandbox="([^"]*)"[^>]*srcdoc="([^"]*)"/.exec(page);
    expect(frame).not.toBeNull();
    expect(frame?.[1]).not.toContain("allow-scripts");
    expect(frame?.[1]).not.toContain("allow-same-origin");
    expect(frame?.[2]).toContain("&lt;base target=&quot;_top&quot;&gt;");
    expect(frame?.[2]).toContain("#7c3aed");
    // The recipient's name was escaped in the e-mail and again for the attribute.
    expect(frame?.[2]).toContain("Grace &amp;lt;b&amp;gt;Hopper");
    expect(page).not.toContain("<b>Hopper</b>");
    expect(page).not.toMatch(/<script/i);
  });

  it("is served under the app's CSP: no inline script allowed, frames from this origin", async () => {
    const res = await app.inject({ method: "GET", url: "/dev/mailbox" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-src 'self'");
    expect(res.body).toContain(ada);
  });

  it("says so when there is nothing to show", async () => {
    const res = await app.inject({ method: "GET", url: "/dev/mailbox?to=nobody@example.com" });
    expect(res.body).toContain("No e-mails yet.");
  });

  it("documents both routes under the dev tag in a valid OpenAPI document", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs/json" });
    const doc = res.json();
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
    expect(doc.paths["/api/dev/mailbox"].get.tags).toEqual(["dev"]);
    expect(doc.paths["/dev/mailbox"].get.tags).toEqual(["dev"]);
    expect(
      doc.paths["/api/dev/mailbox"].get.parameters.map((p: { name: string }) => p.name),
    ).toEqual(["to"]);
  });
});
