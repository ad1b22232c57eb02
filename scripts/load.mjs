#!/usr/bin/env node
// `npm run load`: a load run, not a test. Starts two instances (the `npm start` bundle) on a
// PostgreSQL database of their own, seeds the demo shop, and drives a mixed scenario against
// both for LOAD_SECONDS (default 600): storefront reads, customer sign-ins, the members list,
// card purchases through the sandbox, socket connections. Only 127.0.0.1; bounded concurrency.
// Prints throughput, p50/p99 per kind, errors, and each instance's RSS at the start and the end.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { io } from "socket.io-client";
import { apiBundle, buildApi, serverNodeFlags } from "./build-api.mjs";
import { freePort } from "./local-server.mjs";

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const seconds = Number(process.env.LOAD_SECONDS ?? 600);
const warmupSeconds = Number(process.env.LOAD_WARMUP_SECONDS ?? 30);
const postgres = process.env.LOAD_POSTGRES ?? "postgres://postgres@127.0.0.1:5432/postgres";
const TOKEN = "load-run-metrics-token";
const scale = Number(process.env.LOAD_SCALE ?? 1);
// Each autocannon run measures in a thread of its own, so the purchases' and sockets' work in
// this process cannot hold a read's answer unread. LOAD_BENCH_THREADS=0: all in this thread.
const benchThreads = process.env.LOAD_BENCH_THREADS !== "0";
const rate = (perSecond) => Math.max(1, Math.round(perSecond * scale));
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

async function startInstance(env) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...serverNodeFlags, apiBundle], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: url },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c) => (output += c));
  child.stderr.on("data", (c) => (output += c));
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`instance exited:\n${output}`);
    if (
      await fetch(`${url}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, child, output: () => output };
}

const metrics = async (url) =>
  (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();

async function rss(url) {
  const line = (await metrics(url))
    .split("\n")
    .find((l) => l.startsWith("process_resident_memory_bytes "));
  return Number(line?.split(" ")[1] ?? 0);
}

/**
 * The instance's own view of a route: its requests and how many took over 100 ms from the
 * request's arrival to its answer (the request-duration histogram), and its event-loop lag.
 * A slow answer the server did not see is time spent before or after it: in the kernel, on the
 * busy cores, or in the driver's own event loop.
 */
function serverSide(text, route) {
  const sum = (le) =>
    text
      .split("\n")
      .filter(
        (l) =>
          l.startsWith("http_request_duration_seconds_bucket{") && l.includes(`route="${route}"`),
      )
      .filter((l) => l.includes(`le="${le}"`))
      .reduce((n, l) => n + Number(l.split(" ")[1]), 0);
  return { count: sum("+Inf"), over100: sum("+Inf") - sum("0.1") };
}
const gauge = (text, name) =>
  Number(
    text
      .split("\n")
      .find((l) => l.startsWith(`${name} `))
      ?.split(" ")[1] ?? 0,
  );

const post = async (url, path, body, token) => {
  const res = await fetch(`${url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => ({})) };
};

function percentile(sorted, p) {
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
    : 0;
}

/** A loop of multi-step work (a purchase, a socket) with its own latency record. */
async function loop(kind, until, workers, once) {
  const times = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (Date.now() < until) {
        const started = performance.now();
        try {
          // The latency is the work's own; the pause after it (think time) is not counted.
          const ended = await once(worker);
          times.push((ended ?? performance.now()) - started);
        } catch (error) {
          errors++;
          if (errors <= 3) console.error(`${kind}: ${error.message}`);
        }
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    kind,
    requests: times.length + errors,
    errors,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
  };
}

async function main() {
  await buildApi();
  const name = `tessera_load_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgres });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(postgres);
  url.pathname = `/${name}`;
  const env = {
    NODE_ENV: "production",
    DATABASE_URL: url.toString(),
    DATA_DIR: mkdtempSync(join(tmpdir(), "tessera-load-")),
    METRICS_TOKEN: TOKEN,
    RATE_LIMIT_PER_MINUTE: "100000000",
    LOG_LEVEL: "warn",
    WEB_DIST: "/nonexistent-web-dist",
    SEED_DEMO: "true",
  };
  const instances = [];
  try {
    instances.push(await startInstance(env));
    instances.push(await startInstance({ ...env, SEED_DEMO: "false" }));
    const [a] = instances;
    const printed = a.output();
    const shopId = Number(/storefront\s+\S+\/(\d+)/.exec(printed)?.[1]);
    const owner = /owner\s+(\S+) \/ (\S+)/.exec(printed);
    const customer = /customer\s+(\S+) \/ (\S+)/.exec(printed);
    if (!shopId || !owner || !customer) throw new Error(`no demo shop:\n${printed}`);
    const ownerToken = (
      await post(a.url, "/api/v1/auth/sign-in", { email: owner[1], password: owner[2] })
    ).body.token;
    const signIn = { email: customer[1], password: customer[2], shopId };
    const me = (await post(a.url, "/api/v1/customer/auth/sign-in", signIn)).body;
    const storefront = await (await fetch(`${a.url}/api/v1/storefront?shopId=${shopId}`)).json();
    const offer = storefront.offers?.[0];
    if (!ownerToken || !me.token || !offer) throw new Error("demo shop incomplete");

    /** The scenario's mix for `seconds`: each kind's row (requests, errors, p50, p99). */
    const drive = (seconds) => {
      const until = Date.now() + seconds * 1000;
      const bench = (kind, path, extra = {}) =>
        Promise.all(
          instances.map(
            (instance) =>
              new Promise((done, fail) =>
                autocannon(
                  {
                    url: `${instance.url}${path}`,
                    connections: 2,
                    duration: seconds,
                    ...(benchThreads ? { workers: 1 } : {}),
                    ...extra,
                  },
                  (error, result) => (error ? fail(error) : done(result)),
                ),
              ),
          ),
        ).then((results) => ({
          kind,
          requests: results.reduce((n, r) => n + r.requests.total, 0),
          errors: results.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
          p50: Math.max(...results.map((r) => r.latency.p50)),
          p99: Math.max(...results.map((r) => r.latency.p99)),
        }));
      return Promise.all([
        // Rates per instance (LOAD_SCALE multiplies them): a steady mix, not a flood.
        bench("storefront read", `/api/v1/storefront?shopId=${shopId}`, { overallRate: rate(20) }),
        bench("customer sign-in", "/api/v1/customer/auth/sign-in", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(signIn),
          connections: 1,
          overallRate: rate(1),
        }),
        bench("members list", "/api/v1/member/get-all-members?page=1&pageSize=20", {
          headers: { authorization: `Bearer ${ownerToken}` },
          connections: 1,
          overallRate: rate(5),
        }),
        loop("card purchase (3 steps)", until, 2, async (worker) => {
          const at = instances[worker % 2].url;
          const opened = await post(
            at,
            "/api/v1/fortis/elements/transaction/intention",
            {
              amount: 1,
              shopId,
              customerId: me.customer.id,
              type: "offer",
              offerId: offer.id,
            },
            me.token,
          );
          if (opened.status !== 200)
            throw new Error(`intention ${opened.status} ${JSON.stringify(opened.body)}`);
          const paid = await post(at, "/api/v1/sandbox/checkout/pay", {
            token: opened.body.data.client_token,
            cardNumber: "4111 1111 1111 1111",
            expiry: "12/40",
            cvc: "123",
            name: "Load Run",
          });
          if (paid.status !== 200) throw new Error(`pay ${paid.status}`);
          const done = await post(
            instances[(worker + 1) % 2].url,
            "/api/v1/fortis/elements/transaction/complete",
            {
              checkoutId: opened.body.data.checkoutId,
              transactionId: String(paid.body.transactionId),
            },
            me.token,
          );
          if (done.status !== 200)
            throw new Error(`complete ${done.status} ${JSON.stringify(done.body)}`);
          const ended = performance.now();
          await pause(1000);
          return ended;
        }),
        loop("socket connect + join", until, 2, async (worker) => {
          const socket = io(instances[worker % 2].url, {
            transports: ["websocket"],
            query: { authToken: ownerToken },
            reconnection: false,
            forceNew: true,
          });
          try {
            await new Promise((ok, fail) => {
              const timer = setTimeout(() => fail(new Error("socket timeout")), 5000);
              socket.once("connect_error", fail);
              socket.emit("connectUser", "owner", () => {
                clearTimeout(timer);
                ok();
              });
            });
          } finally {
            socket.disconnect();
          }
          const ended = performance.now();
          await pause(1000);
          return ended;
        }),
      ]);
    };
    // Warm-up, not measured: every route taken, first-use packages loaded and the code
    // optimised before the timed run, as on an instance that has been serving for a while.
    if (warmupSeconds > 0) {
      console.log(`Warming up both instances for ${warmupSeconds} s…`);
      await drive(warmupSeconds);
    }
    const rssStart = await Promise.all(instances.map((i) => rss(i.url)));
    const textsBefore = await Promise.all(instances.map((i) => metrics(i.url)));
    const driverLag = monitorEventLoopDelay({ resolution: 10 });
    driverLag.enable();
    console.log(`Driving both instances for ${seconds} s…`);
    const rows = await drive(seconds);
    driverLag.disable();
    const rssEnd = await Promise.all(instances.map((i) => rss(i.url)));
    const texts = await Promise.all(instances.map((i) => metrics(i.url)));
    console.log(`\n${seconds} s, two instances on PostgreSQL, 127.0.0.1:`);
    console.log("| kind | requests | per second | p50 ms | p99 ms | errors |");
    console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
    for (const r of rows) {
      console.log(
        `| ${r.kind} | ${r.requests} | ${(r.requests / seconds).toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`,
      );
    }
    instances.forEach((_, i) => {
      const growth = ((rssEnd[i] - rssStart[i]) / rssStart[i]) * 100;
      console.log(
        `instance ${"AB"[i]}: RSS ${(rssStart[i] / 2 ** 20).toFixed(0)} MB → ${(rssEnd[i] / 2 ** 20).toFixed(0)} MB (${growth >= 0 ? "+" : ""}${growth.toFixed(1)} %)`,
      );
    });
    const reads = [
      ["storefront read", "/api/v1/storefront"],
      ["members list", "/api/v1/member/get-all-members"],
    ];
    for (const [kind, route] of reads) {
      // The timed run's own requests: the warm-up's are subtracted.
      const seen = texts.map((t) => serverSide(t, route));
      const before = textsBefore.map((t) => serverSide(t, route));
      const count = seen.reduce((n, s, i) => n + s.count - before[i].count, 0);
      const over = seen.reduce((n, s, i) => n + s.over100 - before[i].over100, 0);
      console.log(`${kind}, as the instances saw it: ${over} of ${count} over 100 ms`);
    }
    const lag = (name) => texts.map((t) => (gauge(t, name) * 1000).toFixed(0)).join(" / ");
    console.log(
      `event-loop lag (A / B): p99 ${lag("nodejs_eventloop_lag_p99_seconds")} ms, max ${lag("nodejs_eventloop_lag_max_seconds")} ms; ` +
        `the driver's own: p99 ${(driverLag.percentile(99) / 1e6).toFixed(0)} ms, max ${(driverLag.max / 1e6).toFixed(0)} ms`,
    );
  } finally {
    for (const instance of instances) instance.child.kill("SIGTERM");
    await Promise.all(
      instances.map(
        (i) => new Promise((r) => (i.child.exitCode !== null ? r() : i.child.once("exit", r))),
      ),
    );
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
