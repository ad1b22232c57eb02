import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import Fastify from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
// @ts-expect-error -- oidc-provider ships no type declarations; the few calls used are typed below.
import OidcProviderModule from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, shops, users, userTwoFactor } from "../../db/schema";
import { createRateLimiter } from "../../infra/rate-limit";
import { createStorage } from "../../infra/storage";
import { registerAuth } from "../../plugins/auth";
import { createTestApp, type TestApp } from "../../test/app";
import {
  createFlowSealer,
  GOOGLE_FLOW_COOKIE,
  GOOGLE_MESSAGES,
  googleAuthRoutes,
  profileFromClaims,
  readCookie,
} from "./google";
import { authRoutes } from "./routes";
import { type AccountEmails, type AuthService, createAuthService } from "./service";
import { newTotpSecret, secretBox } from "./totp";

type ProviderConfiguration = Record<string, unknown>;
type OidcProvider = { callback(): (req: IncomingMessage, res: ServerResponse) => void };
const Provider = OidcProviderModule as new (
  issuer: string,
  configuration: ProviderConfiguration,
) => OidcProvider;

const CLIENT_ID = "tessera-test-client";
const CLIENT_SECRET = "a-client-secret-for-the-local-test-provider";
// Never contacted: the provider's redirect back to it is fed to app.inject instead.
const PUBLIC_URL = "http://127.0.0.1:4999";
const MERCHANT_CALLBACK = `${PUBLIC_URL}/api/v1/auth/google/callback`;
const CUSTOMER_CALLBACK = `${PUBLIC_URL}/api/v1/customer/auth/google/callback`;

/** The provider's accounts: the login typed on its form is the account id (`sub`). */
const accounts = new Map<string, Record<string, unknown>>();
const run = randomUUID().slice(0, 8);

/** A verified account, e-mail `<login>.<run>@example.com`, unless `claims` say otherwise. */
function addAccount(login: string, claims: Record<string, unknown>): string {
  const sub = `${login}-${run}`;
  accounts.set(sub, { email: `${login}.${run}@example.com`, email_verified: true, ...claims });
  return sub;
}

const ada = addAccount("ada", {
  email: `Ada.Lovelace.${run}@Example.com`,
  given_name: "Ada",
  family_name: "Lovelace",
});
const carol = addAccount("carol", { given_name: "Carol", family_name: "Customer" });
const mallory = addAccount("mallory", { given_name: "Mallory", family_name: "Attacker" });
const unverified = addAccount("unverified", {
  email_verified: false,
  given_name: "Una",
  family_name: "Verified",
});
const grace = addAccount("grace", { name: "Grace Brewster Hopper" });
const ownerAccount = addAccount("owner", { given_name: "Olive", family_name: "Owner" });
const disabledEmail = `disabled.${run}@example.com`;
const disabled = addAccount("disabled", {
  email: disabledEmail,
  given_name: "Dee",
  family_name: "Sabled",
});

async function listen(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

async function stop(server: Server | undefined) {
  if (!server) return;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * `idTokenOnly`: the claims come in the ID token and there is no userinfo endpoint, as with
 * Google; by default oidc-provider keeps them for userinfo, as many other providers do.
 */
async function startProvider(
  port = 0,
  options: { idTokenOnly?: boolean } = {},
): Promise<{ issuer: string; server: Server }> {
  const server = createServer();
  await listen(server, port);
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [MERCHANT_CALLBACK, CUSTOMER_CALLBACK],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name"],
    },
    async findAccount(_ctx: unknown, sub: string) {
      const claims = accounts.get(sub);
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...claims }) };
    },
    features: {
      devInteractions: { enabled: true },
      ...(options.idTokenOnly ? { userinfo: { enabled: false } } : {}),
    },
    conformIdTokenClaims: !options.idTokenOnly,
    cookies: { keys: ["local-test-provider-cookie-key"] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
  });
  server.on("request", provider.callback());
  return { issuer, server };
}

/** A browser at the provider: a cookie jar, redirects followed by hand. */
class ProviderBrowser {
  private readonly jar = new Map<string, string>();

  async request(url: URL, form?: Record<string, string>): Promise<Response> {
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const res = await fetch(url, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(";")[0] ?? "";
      const eq = pair.indexOf("=");
      if (eq > 0) this.jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  }
}

/**
 * Signs in at the provider's development login and consent pages (or cancels there) and returns
 * the redirect back to the product, which a real browser would follow.
 */
async function completeAtProvider(
  authorizationUrl: string,
  login: string,
  options: { cancel?: boolean } = {},
): Promise<URL> {
  const browser = new ProviderBrowser();
  let url = new URL(authorizationUrl);
  let res = await browser.request(url);
  for (let step = 0; step < 12; step += 1) {
    const location = res.headers.get("location");
    if (location) {
      url = new URL(location, url);
      if (url.href.startsWith(PUBLIC_URL)) return url;
      res = await browser.request(url);
      continue;
    }
    const html = await res.text();
    expect(res.status, html.slice(0, 500)).toBe(200);
    if (options.cancel) {
      const abort = /href="([^"]*\/abort)"/.exec(html)?.[1];
      if (!abort) throw new Error("no cancel link on the provider page");
      url = new URL(abort.replaceAll("&amp;", "&"), url);
      res = await browser.request(url);
      continue;
    }
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected provider page: ${html.slice(0, 300)}`);
    url = new URL(action.replaceAll("&amp;", "&"), url);
    res = await browser.request(
      url,
      prompt === "login" ? { prompt, login, password: "any" } : { prompt },
    );
  }
  throw new Error("the provider never redirected back");
}

const recordedEmails: string[] = [];
const emails: AccountEmails = {
  async sendVerifyEmail(input) {
    recordedEmails.push(`verify:${input.to}`);
  },
  async sendResetPassword(input) {
    recordedEmails.push(`reset:${input.to}`);
  },
  async sendStaffInvite(input) {
    recordedEmails.push(`invite:${input.to}`);
  },
  async sendMemberWelcome(input) {
    recordedEmails.push(`welcome:${input.to}`);
  },
  async sendSignInCode(input) {
    recordedEmails.push(`code:${input.to}`);
  },
};

describe("Google sign-in against a real local OpenID provider", () => {
  let t: TestApp;
  let provider: { issuer: string; server: Server };
  let shopId: number;
  let auth: AuthService;

  beforeAll(async () => {
    provider = await startProvider();
    t = await createTestApp({
      env: {
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
        OIDC_ISSUER: provider.issuer,
        PUBLIC_URL,
      },
    });
    const oidc = t.config.oidc;
    if (!oidc) throw new Error("the test configuration should enable Google sign-in");
    const db = t.database.db;
    auth = createAuthService({
      db,
      config: t.config,
      emails,
      storage: createStorage({ dataDir: t.config.dataDir, publicUrl: t.config.publicUrl }),
    });
    // Whatever app.ts does not wire (yet) is registered here, so the test works either way.
    if (!t.app.hasRequestDecorator("getSession")) registerAuth(t.app, db);
    if (!t.app.hasRoute({ method: "GET", url: "/api/v1/user/get-user" })) {
      await t.app.register(authRoutes, {
        auth,
        limiter: createRateLimiter({ max: 1000 }),
        googleEnabled: true,
      });
    }
    if (!t.app.hasRoute({ method: "GET", url: "/api/v1/auth/google" })) {
      await t.app.register(googleAuthRoutes, { auth, oidc, publicUrl: PUBLIC_URL, db });
    }

    const [owner] = await db
      .insert(users)
      .values({
        email: `owner.${run}@example.com`,
        firstName: "Olive",
        lastName: "Owner",
        emailVerifiedAt: new Date(),
      })
      .returning();
    if (!owner) throw new Error("no owner");
    const [shop] = await db
      .insert(shops)
      .values({ ownerId: owner.id, name: "Google Test Shop" })
      .returning();
    if (!shop) throw new Error("no shop");
    shopId = shop.id;
    await db.insert(users).values({
      email: disabledEmail,
      firstName: "Dee",
      lastName: "Sabled",
      shopId,
      status: "disabled",
    });
  });

  afterAll(async () => {
    await t?.close();
    await stop(provider?.server);
  });

  /** The start call: the provider's authorization URL and the flow cookie. */
  async function start(path: string) {
    const res = await t.app.inject({ method: "GET", url: path });
    expect(res.statusCode).toBe(302);
    const setCookie = [res.headers["set-cookie"] ?? []].flat();
    expect(setCookie).toHaveLength(1);
    const cookieLine = setCookie[0] ?? "";
    return {
      authorizationUrl: String(res.headers.location),
      cookieLine,
      cookie: cookieLine.split(";")[0] ?? "",
    };
  }

  async function callback(url: URL, cookie?: string) {
    const res = await t.app.inject({
      method: "GET",
      url: `${url.pathname}${url.search}`,
      headers: cookie ? { cookie: `theme=dark; ${cookie}` } : {},
    });
    expect(res.statusCode).toBe(302);
    return { res, location: new URL(String(res.headers.location), "http://spa.test") };
  }

  async function signIn(startPath: string, login: string) {
    const flow = await start(startPath);
    const back = await completeAtProvider(flow.authorizationUrl, login);
    return callback(back, flow.cookie);
  }

  async function userByEmail(email: string) {
    return t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  }

  it("sends the merchant to the provider with PKCE S256, state, nonce and the scopes", async () => {
    const flow = await start("/api/v1/auth/google");
    const url = new URL(flow.authorizationUrl);
    expect(url.origin).toBe(provider.issuer);
    const params = url.searchParams;
    expect(params.get("client_id")).toBe(CLIENT_ID);
    expect(params.get("response_type")).toBe("code");
    expect(params.get("scope")).toBe("openid profile email");
    expect(params.get("redirect_uri")).toBe(MERCHANT_CALLBACK);
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(params.get("state")).toMatch(/^[\w-]{20,}$/);
    expect(params.get("nonce")).toMatch(/^[\w-]{20,}$/);
    // The flow cookie: bound to this browser, unreadable by scripts, gone in 10 minutes.
    expect(flow.cookieLine).toMatch(new RegExp(`^${GOOGLE_FLOW_COOKIE}=[\\w-]+;`));
    expect(flow.cookieLine).toContain("Path=/api/v1");
    expect(flow.cookieLine).toContain("Max-Age=600");
    expect(flow.cookieLine).toContain("HttpOnly");
    expect(flow.cookieLine).toContain("SameSite=Lax");
    expect(flow.cookieLine).not.toContain("Secure"); // PUBLIC_URL is http here
    // Nothing secret is readable in it.
    const value = flow.cookie.slice(GOOGLE_FLOW_COOKIE.length + 1);
    expect(Buffer.from(value, "base64url").toString("latin1")).not.toContain(
      params.get("state") ?? "-",
    );
  });

  it("signs a new merchant in, creates the account verified, and the token works", async () => {
    const { res, location } = await signIn("/api/v1/auth/google", ada);
    expect(location.pathname).toBe("/");
    const token = location.searchParams.get("token");
    expect(token).toBeTruthy();
    expect(res.headers["cache-control"]).toBe("no-store");
    // The flow cookie is spent.
    const cleared = [res.headers["set-cookie"] ?? []].flat()[0] ?? "";
    expect(cleared).toMatch(new RegExp(`^${GOOGLE_FLOW_COOKIE}=;`));
    expect(cleared).toContain("Max-Age=0");
    expect(cleared).toContain("Path=/api/v1");

    const me = await t.app.inject({
      method: "GET",
      url: "/api/v1/user/get-user",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({
      email: `ada.lovelace.${run}@example.com`,
      firstName: "Ada",
      lastName: "Lovelace",
      emailVerified: true,
      shopId: null,
    });
    const rows = await userByEmail(`ada.lovelace.${run}@example.com`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(rows[0]?.passwordHash).toBeNull();
    expect(recordedEmails).toEqual([]);
  });

  it("reuses the account on a second sign-in with the same e-mail", async () => {
    const [before] = await userByEmail(`ada.lovelace.${run}@example.com`);
    const { location } = await signIn("/api/v1/auth/google", ada);
    const token = location.searchParams.get("token");
    expect(location.pathname).toBe("/");
    const me = await t.app.inject({
      method: "GET",
      url: "/api/v1/user/get-user",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().user.id).toBe(before?.id);
    expect(await userByEmail(`ada.lovelace.${run}@example.com`)).toHaveLength(1);
  });

  it("sends a merchant with two-factor sign-in to the code step instead of a session", async () => {
    const [adaUser] = await userByEmail(`ada.lovelace.${run}@example.com`);
    if (!adaUser) throw new Error("ada signed in above");
    await t.database.db.insert(userTwoFactor).values({
      userId: adaUser.id,
      secretEncrypted: secretBox(t.config).seal(newTotpSecret()),
      enabledAt: new Date(),
    });
    try {
      const { location } = await signIn("/api/v1/auth/google", ada);
      expect(location.pathname).toBe("/");
      expect(location.searchParams.get("token")).toBeNull();
      expect(location.searchParams.get("twoFactor")).toMatch(/^[\w-]{40,}$/);
      expect(location.searchParams.get("mode")).toBe("verify");
    } finally {
      await t.database.db.delete(userTwoFactor).where(eq(userTwoFactor.userId, adaUser.id));
    }
  });

  it("signs a customer in to an existing shop and creates a verified customer", async () => {
    const flow = await start(`/api/v1/customer/auth/google?shopId=${shopId}`);
    const url = new URL(flow.authorizationUrl);
    expect(url.searchParams.get("redirect_uri")).toBe(CUSTOMER_CALLBACK);
    expect(url.searchParams.get("state")).toMatch(new RegExp(`^${shopId}\\.`));
    const back = await completeAtProvider(flow.authorizationUrl, carol);
    expect(back.pathname).toBe("/api/v1/customer/auth/google/callback");
    const { location } = await callback(back, flow.cookie);
    expect(location.pathname).toBe(`/${shopId}/login`);
    expect(location.searchParams.get("token")).toBeTruthy();
    expect(location.searchParams.get("error")).toBeNull();
    const rows = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, `carol.${run}@example.com`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ shopId, firstName: "Carol", lastName: "Customer" });
    expect(rows[0]?.emailVerifiedAt).toBeInstanceOf(Date);
    // A customer sign-in does not make a merchant account.
    expect(await userByEmail(`carol.${run}@example.com`)).toHaveLength(0);
  });

  it("sends the shop's own owner, signing in on its page, to the merchant area", async () => {
    const { location } = await signIn(
      `/api/v1/customer/auth/google?shopId=${shopId}`,
      ownerAccount,
    );
    expect(location.pathname).toBe("/");
    const token = location.searchParams.get("token");
    const me = await t.app.inject({
      method: "GET",
      url: "/api/v1/user/get-user",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().user).toMatchObject({ shopId, role: "owner" });
    const rows = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, `owner.${run}@example.com`));
    expect(rows).toHaveLength(0);
  });

  it("refuses a callback whose state was tampered with", async () => {
    const flow = await start("/api/v1/auth/google");
    const back = await completeAtProvider(flow.authorizationUrl, mallory);
    back.searchParams.set("state", `${back.searchParams.get("state")}x`);
    const { location } = await callback(back, flow.cookie);
    expect(location.pathname).toBe("/");
    expect(location.searchParams.get("error")).toBe(GOOGLE_MESSAGES.expired);
    expect(location.searchParams.get("token")).toBeNull();
    expect(await userByEmail(`mallory.${run}@example.com`)).toHaveLength(0);
  });

  it("refuses a callback without the flow cookie (another browser: login CSRF)", async () => {
    const flow = await start(`/api/v1/customer/auth/google?shopId=${shopId}`);
    const back = await completeAtProvider(flow.authorizationUrl, mallory);
    const { location } = await callback(back);
    // The state carries the shop, so the error still lands on that shop's login page.
    expect(location.pathname).toBe(`/${shopId}/login`);
    expect(location.searchParams.get("error")).toBe(GOOGLE_MESSAGES.expired);
    expect(location.searchParams.get("token")).toBeNull();
  });

  it("refuses a flow cookie from the other flow or a forged one", async () => {
    const merchant = await start("/api/v1/auth/google");
    const back = await completeAtProvider(merchant.authorizationUrl, mallory);
    // Same state, but the cookie is replayed at the customer callback.
    const customerBack = new URL(back.search, CUSTOMER_CALLBACK);
    const asCustomer = await callback(customerBack, merchant.cookie);
    expect(asCustomer.location.searchParams.get("error")).toBe(GOOGLE_MESSAGES.expired);
    // And a customer's cookie at the merchant callback.
    const customer = await start(`/api/v1/customer/auth/google?shopId=${shopId}`);
    const fromCustomer = await completeAtProvider(customer.authorizationUrl, mallory);
    const asMerchant = await callback(
      new URL(fromCustomer.search, MERCHANT_CALLBACK),
      customer.cookie,
    );
    expect(asMerchant.location.pathname).toBe("/");
    expect(asMerchant.location.searchParams.get("error")).toBe(GOOGLE_MESSAGES.expired);
    const forged = await callback(back, `${GOOGLE_FLOW_COOKIE}=${"A".repeat(120)}`);
    expect(forged.location.searchParams.get("error")).toBe(GOOGLE_MESSAGES.expired);
    expect(await userByEmail(`mallory.${run}@example.com`)).toHaveLength(0);
  });

  it("returns a cancelled sign-in (error=access_denied) to the login page", async () => {
    const flow = await start("/api/v1/auth/google");
    const back = await completeAtProvider(flow.authorizationUrl, ada, { cancel: true });
    expect(back.searchParams.get("error")).toBe("access_denied");
    const { location } = await callback(back, flow.cookie);
    expect(location.pathname).toBe("/");
    expect(location.searchParams.get("error")).toBe(GOOGLE_MESSAGES.cancelled);

    const customer = await start(`/api/v1/customer/auth/google?shopId=${shopId}`);
    const customerBack = await completeAtProvider(customer.authorizationUrl, carol, {
      cancel: true,
    });
    const customerResult = await callback(customerBack, customer.cookie);
    expect(customerResult.location.pathname).toBe(`/${shopId}/login`);
    expect(customerResult.location.searchParams.get("error")).toBe(GOOGLE_MESSAGES.cancelled);
  });

  it("sends an unknown or malformed shop to /not-found before leaving for the provider", async () => {
    for (const query of ["?shopId=999999999", "?shopId=99999999999", "?shopId=abc", ""]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/v1/customer/auth/google${query}`,
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/not-found");
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("refuses an account whose e-mail the provider has not verified", async () => {
    const { location } = await signIn("/api/v1/auth/google", unverified);
    expect(location.pathname).toBe("/");
    expect(location.searchParams.get("error")).toBe(GOOGLE_MESSAGES.unverified);
    expect(await userByEmail(`unverified.${run}@example.com`)).toHaveLength(0);
  });

  it("refuses a disabled account with the service's message", async () => {
    const { location } = await signIn("/api/v1/auth/google", disabled);
    expect(location.searchParams.get("error")).toBe(
      "Your account has been disabled. Please contact the shop.",
    );
    expect(location.searchParams.get("token")).toBeNull();
  });

  it("turns a garbled callback into a redirect, never a raw error page", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/v1/auth/google/callback?code=a&code=b&state[x]=1",
    });
    expect(res.statusCode).toBe(302);
    expect(new URL(String(res.headers.location), "http://spa.test").searchParams.get("error")).toBe(
      GOOGLE_MESSAGES.expired,
    );
  });

  it("redirects with a readable error while the provider is down, and retries discovery", async () => {
    // An issuer that fails first, then comes up on the same address.
    const failing = createServer((_req, res) => {
      res.statusCode = 503;
      res.setHeader("connection", "close");
      res.end();
    });
    const port = await listen(failing);
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(googleAuthRoutes, {
      auth,
      db: t.database.db,
      publicUrl: PUBLIC_URL,
      oidc: {
        issuer: `http://127.0.0.1:${port}`,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
      },
    });
    let recovered: { server: Server } | undefined;
    try {
      const down = await app.inject({ method: "GET", url: "/api/v1/auth/google" });
      expect(down.statusCode).toBe(302);
      expect(down.headers.location).toBe(`/?error=${encodeURIComponent(GOOGLE_MESSAGES.failed)}`);
      expect(down.headers["set-cookie"]).toBeUndefined();
      const customerDown = await app.inject({
        method: "GET",
        url: `/api/v1/customer/auth/google?shopId=${shopId}`,
      });
      expect(customerDown.headers.location).toBe(
        `/${shopId}/login?error=${encodeURIComponent(GOOGLE_MESSAGES.failed)}`,
      );

      await stop(failing);
      recovered = await startProvider(port, { idTokenOnly: true });
      const up = await app.inject({ method: "GET", url: "/api/v1/auth/google" });
      expect(up.statusCode).toBe(302);
      // The whole flow now works, with the claims read from the ID token alone.
      const back = await completeAtProvider(String(up.headers.location), grace);
      const cookie = String([up.headers["set-cookie"]].flat()[0]).split(";")[0];
      const done = await app.inject({
        method: "GET",
        url: `${back.pathname}${back.search}`,
        headers: { cookie },
      });
      expect(String(done.headers.location)).toMatch(/^\/\?token=[\w-]+$/);
      const [user] = await userByEmail(`grace.${run}@example.com`);
      expect(user).toMatchObject({ firstName: "Grace", lastName: "Brewster Hopper" });
      expect(String(up.headers.location)).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/`));
    } finally {
      await app.close();
      await stop(failing);
      await stop(recovered?.server);
    }
  });

  it("documents the four routes in the OpenAPI document", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, { get?: { tags?: string[] } }>;
    expect(paths["/api/v1/auth/google"]?.get?.tags).toEqual(["auth"]);
    expect(paths["/api/v1/auth/google/callback"]?.get?.tags).toEqual(["auth"]);
    expect(paths["/api/v1/customer/auth/google"]?.get?.tags).toEqual(["customer auth"]);
    expect(paths["/api/v1/customer/auth/google/callback"]?.get?.tags).toEqual(["customer auth"]);
  });
});

describe("Google sign-in helpers", () => {
  it("seals the flow so that only the same secret opens it, and detects tampering", () => {
    const flow = {
      kind: "customer" as const,
      state: "7.abc",
      verifier: "v",
      nonce: "n",
      shopId: 7,
      expiresAt: Date.now() + 1000,
    };
    const sealed = createFlowSealer("secret-one").seal(flow);
    // Another instance with the same secret reads it; another secret cannot.
    expect(createFlowSealer("secret-one").open(sealed)).toEqual(flow);
    expect(createFlowSealer("secret-two").open(sealed)).toBeNull();
    const bytes = Buffer.from(sealed, "base64url");
    bytes[14] = (bytes[14] ?? 0) ^ 1;
    expect(createFlowSealer("secret-one").open(bytes.toString("base64url"))).toBeNull();
    expect(createFlowSealer("secret-one").open("not-a-cookie")).toBeNull();
    expect(createFlowSealer("secret-one").open("")).toBeNull();
  });

  it("reads one cookie from a Cookie header", () => {
    expect(readCookie("a=1; tessera_google_flow=xyz; b=2", "tessera_google_flow")).toBe("xyz");
    expect(readCookie('tessera_google_flow="q"', "tessera_google_flow")).toBe("q");
    expect(readCookie("x_tessera_google_flow=1", "tessera_google_flow")).toBeUndefined();
    expect(readCookie(undefined, "tessera_google_flow")).toBeUndefined();
  });

  it("takes names from the claims, then from `name`, then from the e-mail", () => {
    const base = { email: " Jo.Doe@Example.com ", email_verified: true };
    expect(profileFromClaims({ ...base, given_name: "Jo", family_name: "Doe" })).toEqual({
      email: "jo.doe@example.com",
      firstName: "Jo",
      lastName: "Doe",
    });
    expect(profileFromClaims({ ...base, name: "Jo Anne  Doe" })).toEqual({
      email: "jo.doe@example.com",
      firstName: "Jo",
      lastName: "Anne Doe",
    });
    expect(profileFromClaims(base)).toEqual({
      email: "jo.doe@example.com",
      firstName: "Jo.Doe".toLowerCase(),
      lastName: "",
    });
    expect(profileFromClaims({ ...base, given_name: "X".repeat(300) }).firstName).toHaveLength(100);
    expect(() => profileFromClaims({ email_verified: true })).toThrow(GOOGLE_MESSAGES.noEmail);
    expect(() => profileFromClaims({ ...base, email_verified: "true" })).toThrow(
      GOOGLE_MESSAGES.unverified,
    );
    expect(() => profileFromClaims({ ...base, email_verified: false })).toThrow(
      GOOGLE_MESSAGES.unverified,
    );
  });
});
