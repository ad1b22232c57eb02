import { randomBytes } from "node:crypto";
import pg from "pg";
import { createClient } from "redis";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeImage } from "./multipart";
import { startS3Server } from "./s3";
import { call, environment, openAndPay, prepare } from "./server-fixture";
import { type ServerProcess, startServerProcess } from "./server-process";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const METRICS_TOKEN = "scale-out-metrics-token";
/** The sweeps pg-boss schedules once a minute (checkout recovery also runs at each start-up). */
const SCHEDULED = [
  "membership-renewals",
  "membership-expiries",
  "membership-expiry-notices",
  "membership-rewards",
  "housekeeping",
];
const POSTGRES = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Whether this machine has the PostgreSQL and Redis the instances share. */
async function peersAnswer(): Promise<string | null> {
  const client = new pg.Client({ connectionString: POSTGRES, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
  } catch {
    return `PostgreSQL is not answering at ${POSTGRES}`;
  }
  const redis = createClient({ url: REDIS_URL, socket: { reconnectStrategy: false } });
  redis.on("error", () => {});
  try {
    await redis.connect();
    await redis.quit();
  } catch {
    return `Redis is not answering at ${REDIS_URL}`;
  }
  return null;
}

/** Waits for `promise`, failing with `what` after `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(what)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Opens the customer dashboard's event stream, as the browser's EventSource does. */
async function openEventStream(url: string, query: Record<string, string | number>) {
  const controller = new AbortController();
  const params = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  );
  const res = await fetch(`${url}/api/v1/events?${params}`, { signal: controller.signal });
  if (res.status !== 200 || !res.body) throw new Error(`event stream refused: ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const changed = (async () => {
    let text = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the event stream ended");
      text += decoder.decode(value, { stream: true });
      const event = /event: changed\ndata: (.*)\n\n/.exec(text);
      if (event) return event[1] as string;
    }
  })();
  changed.catch(() => {});
  return { changed, close: () => controller.abort() };
}

/** Sums one counter's series across instances' /metrics pages. */
function counterSum(pages: string[], prefix: string): number {
  let sum = 0;
  for (const page of pages) {
    for (const line of page.split("\n")) {
      if (line.startsWith(prefix)) sum += Number(line.slice(line.lastIndexOf(" ") + 1));
    }
  }
  return sum;
}

/**
 * Two real instances on one PostgreSQL database and one Redis, as behind a load balancer:
 * whatever one instance does, the other sees.
 */
describe("two instances on one PostgreSQL and Redis", () => {
  let missing: string | null = null;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let drop = async () => {};
  let fixture: Awaited<ReturnType<typeof prepare>>;
  let databaseUrl = "";
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  let s3Endpoint = "";

  beforeAll(async () => {
    missing = await peersAnswer();
    if (missing) {
      console.warn(`Skipping the scale-out test: ${missing}.`);
      return;
    }
    const setup = await environment({ postgres: "required" });
    drop = setup.drop;
    databaseUrl = setup.env.DATABASE_URL;
    fixture = await prepare(setup.env, { abandoned: 1, shopless: true });
    // Uploads go to a real S3-compatible server both instances use.
    s3 = await startS3Server();
    s3Endpoint = s3.endpoint;
    // One data folder for both: the payments secret kept there opens the fixture shop's key,
    // as PAYMENTS_SECRET would in a real deployment.
    // A key namespace of its own, so rate counts of an earlier run cannot leak into this one.
    const shared = {
      ...setup.env,
      REDIS_URL,
      REDIS_PREFIX: `tessera-test-${randomBytes(4).toString("hex")}`,
      RATE_LIMIT_PER_MINUTE: "4",
      ...s3.env,
      METRICS_TOKEN,
    };
    [a, b] = await Promise.all([startServerProcess(shared), startServerProcess(shared)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop("SIGTERM"), b?.stop("SIGTERM")]);
    await drop();
    await s3?.close();
  });

  const url = (which: ServerProcess | undefined) => (which as ServerProcess).url;

  it("recovers an abandoned payment once, though both instances start up at once", async (context) => {
    if (missing) context.skip();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      let rows: { status: string }[] = [];
      for (let tries = 0; tries < 50 && rows.length === 0; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        rows = (
          await client.query("select status from transactions where provider_reference = $1", [
            fixture.abandoned[0],
          ])
        ).rows;
      }
      // Give the slower instance time to try as well, then count again.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      rows = (
        await client.query("select status from transactions where provider_reference = $1", [
          fixture.abandoned[0],
        ])
      ).rows;
      expect(rows).toEqual([{ status: "succeeded" }]);
    } finally {
      await client.end();
    }
  });

  it("keeps a session made on one instance on the other, and delivers live across them", async (context) => {
    if (missing) context.skip();
    const owner = await call(url(a), "/api/v1/auth/sign-in", fixture.owner);
    const customer = await call(url(a), "/api/v1/customer/auth/sign-in", {
      email: fixture.email,
      password: fixture.password,
      shopId: fixture.shopId,
    });
    expect(owner.status).toBe(200);
    const me = await fetch(`${url(b)}/api/v1/customer/auth/me`, {
      headers: { authorization: `Bearer ${customer.body.token}` },
    });
    expect(me.status).toBe(200);

    // The owner's bell and the customer's dashboard stream are connected to B; the customer
    // buys on A.
    const stream = await openEventStream(url(b), {
      shopId: fixture.shopId,
      customerId: fixture.customerId,
      token: String(customer.body.token),
    });
    const socket = connect(url(b), {
      transports: ["websocket"],
      query: { authToken: String(owner.body.token) },
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once("connect_error", reject);
        socket.emit("connectUser", "owner", () => resolve());
      });
      const heard = new Promise<{ title: string }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no notification on B")), 10_000);
        socket.once("notification", (payload: { title: string }) => {
          clearTimeout(timer);
          resolve(payload);
        });
      });
      const authorization = `Bearer ${customer.body.token}`;
      const paid = await openAndPay(url(a), authorization, fixture);
      const done = await call(
        url(a),
        "/api/v1/fortis/elements/transaction/complete",
        paid,
        authorization,
      );
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect((await heard).title).toMatch(/offer/i);
      expect(await within(stream.changed, 10_000, "no refresh on B's event stream")).toBeTruthy();
    } finally {
      socket.disconnect();
      stream.close();
    }
  });

  it("serves through B the images uploaded through A (S3)", async (context) => {
    if (missing) context.skip();
    const owner = await call(url(a), "/api/v1/auth/sign-in", fixture.shopless);
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    const form = new FormData();
    form.append("name", "Cloud Cafe");
    form.append("industry", "Retail");
    const image = async (w: number, h: number) =>
      new Blob([new Uint8Array(await makeImage(w, h))], { type: "image/png" });
    form.append("logo", await image(400, 400), "logo.png");
    form.append("banner", await image(1200, 600), "banner.png");
    const created = await fetch(`${url(a)}/api/v1/shop/create-shop`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.body.token}` },
      body: form,
    });
    const body = (await created.json()) as { shop: { id: number; logo: string } };
    expect(created.status, JSON.stringify(body)).toBe(201);

    // B reads the shop and links the logo at the bucket; the bucket serves it.
    const shown = await fetch(`${url(b)}/api/v1/shop/get-shop-by-Id?shopId=${body.shop.id}`);
    const { shop } = (await shown.json()) as { shop: { logo: string } };
    expect(shop.logo).toBe(body.shop.logo);
    expect(shop.logo.startsWith(`${s3Endpoint}/tessera-uploads/`)).toBe(true);
    const logo = await fetch(shop.logo);
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toBe("image/png");
    // B's pages allow the bucket's images, as A's do.
    const health = await fetch(`${url(b)}/api/health`);
    expect(health.headers.get("content-security-policy")).toContain(s3Endpoint);
  });

  it("runs each scheduled job once a minute across both instances", async (context) => {
    if (missing) context.skip();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const completed = async () => {
      const { rows } = await client.query<{ name: string; n: number }>(
        "select name, count(*)::int as n from pgboss.job where name = any($1) and state = 'completed' group by name",
        [SCHEDULED],
      );
      return Object.fromEntries(rows.map((r) => [r.name, r.n])) as Record<string, number>;
    };
    const scrape = async () =>
      Promise.all(
        [a, b].map(async (which) => {
          const res = await fetch(`${url(which)}/metrics`, {
            headers: { authorization: `Bearer ${METRICS_TOKEN}` },
          });
          return res.text();
        }),
      );
    try {
      // pg-boss sends each sweep at the minute; wait until every one has run at least once.
      const deadline = Date.now() + 150_000;
      let done = await completed();
      while (SCHEDULED.some((name) => !done[name]) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        done = await completed();
      }
      expect(Object.keys(done).sort()).toEqual([...SCHEDULED].sort());
      // Never two runs of one job in the same minute, whichever instance ran them.
      const doubled = await client.query(
        "select name, date_trunc('minute', created_on) as minute, count(*)::int as n from pgboss.job where name = any($1) group by 1, 2 having count(*) > 1",
        [SCHEDULED],
      );
      expect(doubled.rows).toEqual([]);
      // The runs the two instances counted add up to the queue's completed runs: had both
      // instances run a sweep, the sum would be twice as much.
      let ran: Record<string, number> = {};
      for (let tries = 0; tries < 20; tries++) {
        const pages = await scrape();
        done = await completed();
        ran = Object.fromEntries(
          SCHEDULED.map((name) => [
            name,
            counterSum(pages, `tessera_job_runs_total{job="${name}",`),
          ]),
        );
        if (SCHEDULED.every((name) => ran[name] === done[name])) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(ran).toEqual(done);
      const pages = await scrape();
      expect(pages[0]).toMatch(/tessera_job_queue_depth\{job="membership-renewals"\} \d+/);
    } finally {
      await client.end();
    }
  }, 200_000);

  it("counts rate-limited attempts across both instances", async (context) => {
    if (missing) context.skip();
    // Fixed one-minute windows: start at the beginning of one, so the count is not cut in two.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 200));
    const email = `nobody.${randomBytes(4).toString("hex")}@example.com`;
    const attempt = (which: ServerProcess | undefined) =>
      call(url(which), "/api/v1/auth/forgot-password", { email });
    // Four allowed per minute; each instance alone has seen at most three of these.
    const answers = [await attempt(a), await attempt(b), await attempt(a), await attempt(b)];
    const last = await attempt(a);
    expect(answers.map((r) => r.status)).not.toContain(429);
    expect(last.status).toBe(429);
  }, 90_000);
});
