#!/usr/bin/env node
// `npm run bench`: on PostgreSQL (when DATABASE_URL is set, or a throwaway database on
// 127.0.0.1:5432) and on the embedded PGlite,
// - storefront: the combined public read /{shopId} makes, the three spec reads beside it, and the
//   page with its data written in, under load, after seeding a shop with 5 published tiers of 2
//   benefits and 10 active offers through the real API;
// - members: the merchant's members list at 100,000 members in one shop (bulk-inserted with
//   generate_series), first page and a name search, one request at a time (median and p95).
// - reports: 1,000,000 transactions and 300,000 redemptions over the last year in one shop
//   (generate_series), then dashboard stats, Offers Performance, the first report pages (median
//   and p95 of sequential requests) and full CSV exports (rows/s, the server's peak RSS); on
//   PostgreSQL only (BENCH_TRANSACTIONS, BENCH_REDEMPTIONS change the sizes).
// - analytics (BENCH_ONLY=analytics only, PostgreSQL): the reports shop plus 100,000 members with a
//   year of membership history, then each analytics read (scripts/bench-analytics.mjs).
// - import (PostgreSQL): a 100,000-row members CSV uploaded, dry-run and imported, rows/s and the
//   server's peak RSS against the issue 18 budget (scripts/bench-import.mjs).
// BENCH_ONLY=storefront, BENCH_ONLY=members, BENCH_ONLY=reports or BENCH_ONLY=import runs one part;
// BENCH_ONLY=lighthouse runs Lighthouse against npm start (scripts/bench-lighthouse.mjs). Not a test: it prints figures to
// record in docs/benchmarks.md.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { apiBundle, buildApi, serverNodeFlags } from "./build-api.mjs";
import { freePort, quietProductionEnv } from "./local-server.mjs";

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const sharp = createRequire(join(root, "apps/api/package.json"))("sharp");
const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 50;

const ONLY = process.env.BENCH_ONLY;
if (ONLY === "lighthouse") {
  await import("./bench-lighthouse.mjs");
  process.exit(0);
}
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);

async function startServer(env, { apiOnly = false } = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // apiOnly: the API alone (no web build), the bundle `npm start` runs, as its own process so
  // its RSS is the server's.
  if (apiOnly) await buildApi();
  const args = [...serverNodeFlags, apiOnly ? apiBundle : join(root, "scripts/start.mjs")];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...quietProductionEnv(port, url),
      RATE_LIMIT_PER_MINUTE: "1000",
      DATA_DIR: mkdtempSync(join(tmpdir(), "tessera-bench-")),
      ...(apiOnly ? { WEB_DIST: "/nonexistent-web-dist" } : {}),
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  // Up to two minutes: `npm start` bundles the API first, slow on a busy machine.
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
  throw new Error("server did not start");
}

/** scripts/bench-bare-storefront.mjs on a free port, once it answers. */
async function startBareStorefront(databaseUrl) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(root, "scripts/bench-bare-storefront.mjs")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 120; i++) {
    try {
      await fetch(`${url}/storefront?shopId=0`);
      return { url, child };
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
  throw new Error("the bare storefront did not start");
}

/** SIGTERM, then wait for the process to finish closing its database. */
function stopServer(server) {
  return new Promise((ok) => {
    if (server.child.exitCode !== null) return ok();
    server.child.once("exit", () => ok());
    server.child.kill("SIGTERM");
  });
}

async function call(url, path, { token, body, form, method = "POST" } = {}) {
  const res = await fetch(`${url}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: form ?? (body ? JSON.stringify(body) : undefined),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** The demo owner's shop, topped up to 5 published tiers and 10 active offers. */
async function seed(url) {
  const { token, user } = await call(url, "/auth/sign-in", {
    body: { email: "owner@demo-shop.test", password: "Demo@1234" },
  });
  const { memberships } = await call(url, "/memberships/get-all-memberships?active=true", {
    token,
    method: "GET",
  });
  for (let i = memberships.length; i < 5; i++) {
    await call(url, "/memberships/create-membership", {
      token,
      body: {
        name: `Bench Tier ${i + 1}`,
        description: "A tier made by the benchmark.",
        price: 19.99 + i,
        cashbackReward: 5,
        renewal: "monthly",
        status: "active",
        Benefits: [
          { name: "Free coffee", worth: 4, benefitType: "monthly" },
          { name: "Pastry", worth: 3, benefitType: "monthly" },
        ],
      },
    });
  }
  const image = await sharp({
    create: { width: 340, height: 220, channels: 3, background: { r: 0, g: 153, b: 216 } },
  })
    .png()
    .toBuffer();
  const { offers } = await call(url, "/offers/get-all-offers?timeFilter=active", {
    token,
    method: "GET",
  });
  const today = new Date().toISOString().slice(0, 10);
  const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  for (let i = offers.length; i < 10; i++) {
    const form = new FormData();
    const fields = {
      offerName: `Bench Offer ${i + 1}`,
      description: "An offer made by the benchmark.",
      offerPrice: "9.99",
      originalPrice: "14.99",
      isLimited: "false",
      quantity: "0",
      isLimitedPerUser: "false",
      limitPerUser: "0",
      hasValidity: "false",
      validityDays: "0",
      startDate: today,
      endDate: inAMonth,
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append("offerImage", new Blob([image], { type: "image/png" }), "offer.png");
    await call(url, "/offers/create-offer", { token, form });
  }
  return user.shopId;
}

function measure(url) {
  return new Promise((ok, fail) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION }, (error, result) =>
      error ? fail(error) : ok(result),
    );
  });
}

async function run(label, env) {
  const server = await startServer(env);
  try {
    const shopId = await seed(server.url);
    // The combined read /{shopId} makes today, the three spec reads it replaced (kept for
    // clients that use them) and the page itself with its data written in.
    const reads = [
      `/api/v1/storefront?shopId=${shopId}`,
      `/api/v1/shop/get-shop-by-Id?shopId=${shopId}`,
      `/api/v1/customer/memberships/get-active-memberships?shopId=${shopId}`,
      `/api/v1/customer/offers/get-active-offers?shopId=${shopId}`,
      `/${shopId}`,
    ];
    const rows = [];
    const row = (read, r) => ({
      database: label,
      read,
      "req/s": Math.round(r.requests.average),
      "p99 ms": r.latency.p99,
      errors: r.errors + r.non2xx,
    });
    for (const path of reads) {
      const r = await measure(server.url + path);
      rows.push(row(path === `/${shopId}` ? "/{shopId} (page)" : path.replace(/\?.*/, ""), r));
    }
    if (env.DATABASE_URL) {
      // The baseline: the same three queries from bare Fastify and pg on the same database.
      const bare = await startBareStorefront(env.DATABASE_URL);
      try {
        rows.push(
          row(
            "baseline: bare Fastify + pg, 3 queries",
            await measure(`${bare.url}/storefront?shopId=${shopId}`),
          ),
        );
      } finally {
        bare.child.kill("SIGTERM");
      }
    }
    return rows;
  } finally {
    server.child.kill("SIGTERM");
  }
}

// ---------------------------------------------------------------- members list

const FIRST = [
  "Ava",
  "Liam",
  "Noah",
  "Emma",
  "Olivia",
  "Mia",
  "Lucas",
  "Sophia",
  "Ethan",
  "Isabella",
  "Mason",
  "Harper",
  "Logan",
  "Evelyn",
  "Elijah",
  "Amelia",
  "James",
  "Abigail",
  "Henry",
  "Ella",
  "Jack",
  "Chloe",
  "Samuel",
  "Zoey",
  "Daniel",
  "Lily",
  "Owen",
  "Grace",
  "Leo",
  "Nora",
  "Caleb",
  "Hazel",
  "Isaac",
  "Aria",
  "Ryan",
  "Layla",
  "Nathan",
  "Ruby",
  "Adam",
  "Ivy",
];
const SURNAME_START = [
  "Har",
  "Wil",
  "Ash",
  "Bro",
  "Cal",
  "Dun",
  "Eld",
  "Fair",
  "Gar",
  "Hol",
  "Ing",
  "Kel",
  "Lan",
  "Mar",
  "Nor",
  "Oak",
  "Pem",
  "Quin",
  "Rad",
  "Sal",
  "Thorn",
  "Ul",
  "Ver",
  "Wes",
  "Yar",
  "Ald",
  "Bel",
  "Cor",
  "Dal",
  "Ever",
  "Fen",
  "Glen",
  "Hart",
  "Ives",
  "Jen",
  "Kin",
  "Lock",
  "Mil",
  "Nash",
  "Orm",
  "Pax",
  "Rid",
  "Stan",
  "Tal",
  "Upton",
  "Vale",
  "Wick",
  "York",
  "Zell",
  "Brad",
];
const SURNAME_END = [
  "ford",
  "ton",
  "wood",
  "ley",
  "field",
  "by",
  "man",
  "son",
  "well",
  "more",
  "worth",
  "stead",
  "holt",
  "mere",
  "ridge",
  "wick",
  "dale",
  "ham",
  "shaw",
  "croft",
  "gate",
  "brook",
  "land",
  "combe",
  "hurst",
  "burn",
  "low",
  "win",
  "den",
  "sey",
  "rick",
  "ling",
  "ett",
  "ard",
  "ell",
  "ick",
  "ine",
  "age",
  "ery",
  "ock",
  "ott",
  "ow",
  "ay",
  "ey",
  "is",
  "er",
  "an",
  "en",
  "in",
  "on",
];
const sqlList = (words) => `ARRAY[${words.map((w) => `'${w}'`).join(",")}]`;

/**
 * 100,000 members in one shop, in one statement per table: two thirds with a membership of the
 * shop's first tier (mostly active, some cancelled or expired), each of those with a reward in
 * the wallet. About 2,500 distinct surnames, so a surname search finds a few dozen members.
 */
function bulkMembersSql(shopId) {
  return [
    `INSERT INTO customers (shop_id, email, first_name, last_name, phone_number, created_at, updated_at, last_activity_at)
     SELECT ${shopId}, 'bench.${process.pid}.' || g || '@bench-member.test',
       (${sqlList(FIRST)})[1 + g % 40],
       (${sqlList(SURNAME_START)})[1 + (g / 40) % 50] || (${sqlList(SURNAME_END)})[1 + (g / 2000) % 50],
       '+1202555' || lpad((g % 10000)::text, 4, '0'),
       now() - make_interval(mins => g), now() - make_interval(mins => g),
       now() - make_interval(mins => (g * 7919) % ${MEMBERS})
     FROM generate_series(1, ${MEMBERS}) AS g`,
    `INSERT INTO customer_memberships (shop_id, customer_id, tier_id, plan, status, payment_type,
       start_date, period_start, expire_date, cancelled_at, ended_at)
     SELECT c.shop_id, c.id, t.id, t.renewal,
       CASE WHEN c.id % 11 = 0 THEN 'cancelled' WHEN c.id % 13 = 0 THEN 'expired' ELSE 'active' END,
       CASE WHEN c.id % 2 = 0 THEN 'pos' ELSE 'cash' END,
       c.created_at, now() - interval '3 days', now() + interval '27 days',
       CASE WHEN c.id % 11 = 0 THEN now() ELSE NULL END,
       CASE WHEN c.id % 13 = 0 AND c.id % 11 <> 0 THEN now() ELSE NULL END
     FROM customers c
     CROSS JOIN LATERAL (SELECT id, renewal FROM membership_tiers WHERE shop_id = c.shop_id ORDER BY id LIMIT 1) t
     WHERE c.shop_id = ${shopId} AND c.email LIKE 'bench.${process.pid}.%' AND c.id % 3 <> 0`,
    `INSERT INTO cashback_ledger (shop_id, customer_id, customer_membership_id, amount_cents, kind, description)
     SELECT m.shop_id, m.customer_id, m.id, 200 + (m.customer_id % 5) * 100, 'reward', 'Bench reward'
     FROM customer_memberships m JOIN customers c ON c.id = m.customer_id
     WHERE m.shop_id = ${shopId} AND c.email LIKE 'bench.${process.pid}.%'`,
    "VACUUM ANALYZE customers",
    "VACUUM ANALYZE customer_memberships",
    "VACUUM ANALYZE cashback_ledger",
  ];
}

/** Runs the bulk insert against PostgreSQL (server running) or a stopped server's PGlite files. */
async function bulkInsertMembers(target, shopId) {
  const statements = bulkMembersSql(shopId);
  const started = performance.now();
  if (target.databaseUrl) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const db = await PGlite.create(join(target.dataDir, "db"), { extensions: { pg_trgm } });
    try {
      for (const statement of statements) await db.exec(statement);
    } finally {
      await db.close();
    }
  }
  return Math.round(performance.now() - started);
}

/** One request at a time: what a merchant waits for, without load from others. */
async function timeRequests(url, token) {
  const headers = { authorization: `Bearer ${token}` };
  const times = [];
  let body;
  for (let i = 0; i < SAMPLES + 10; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    body = await res.json();
    if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
    if (i >= 10) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  const list = body.members ?? body.transactions ?? body.redemptions ?? body.offers ?? body.series;
  return { median: at(0.5), p95: at(0.95), total: body.total, rows: list?.length };
}

/** A table row of one read timed by timeRequests: the database, the read, median and p95. */
function timingRow(label, read, r) {
  return {
    database: label,
    read,
    "median ms": Number(r.median.toFixed(1)),
    "p95 ms": Number(r.p95.toFixed(1)),
  };
}

async function runMembers(label, env) {
  const dataDir = mkdtempSync(join(tmpdir(), "tessera-bench-members-"));
  const serverEnv = { ...env, DATA_DIR: dataDir };
  let server = await startServer(serverEnv);
  try {
    const login = { email: "owner@demo-shop.test", password: "Demo@1234" };
    const { user } = await call(server.url, "/auth/sign-in", { body: login });
    const target = env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir };
    // PGlite's files belong to one process: the server stops while they are written.
    if (!target.databaseUrl) await stopServer(server);
    const insertMs = await bulkInsertMembers(target, user.shopId);
    if (!target.databaseUrl) server = await startServer(serverEnv);
    const { token } = await call(server.url, "/auth/sign-in", { body: login });
    const base = `${server.url}/api/v1/member/get-all-members`;
    const reads = [
      ["first page", "?page=1&pageSize=20"],
      ["name search", "?search=Hartwood&page=1&pageSize=20"],
      ["active filter", "?active=true&page=1&pageSize=20"],
      ["last activity", "?lastActivity=true&page=1&pageSize=20"],
      ["page 2,000", "?page=2000&pageSize=20"],
    ];
    const rows = [];
    for (const [name, query] of reads) {
      const r = await timeRequests(base + query, token);
      rows.push({
        ...timingRow(label, `${name} (${query.slice(1)})`, r),
        total: r.total,
        rows: r.rows,
      });
    }
    console.log(`${label}: inserted ${MEMBERS.toLocaleString("en")} members in ${insertMs} ms`);
    return rows;
  } finally {
    await stopServer(server);
  }
}

// ---------------------------------------------------------------- dashboard and reports

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
const REDEMPTIONS = Number(process.env.BENCH_REDEMPTIONS ?? 300_000);

/**
 * A busy shop's year: TRANSACTIONS payments spread evenly over the last 365 days (a quarter offer
 * purchases of the shop's offers, the rest membership purchases and renewals; online, pos and
 * cash in turn; 1 in 50 failed) and REDEMPTIONS redemptions, each in one statement.
 */
function bulkReportsSql(shopId) {
  const seconds = 365 * 86_400;
  return [
    `INSERT INTO transactions (shop_id, customer_name, kind, membership_name, plan, offer_id, offer_name,
       payment_type, price_cents, discount_cents, cashback_used_cents, amount_cents, provider,
       provider_reference, status, transaction_by, created_at)
     SELECT ${shopId}, 'Bench Customer ' || (g % 5000),
       CASE WHEN g % 4 = 0 THEN 'offer_purchase' WHEN g % 4 = 1 THEN 'membership_purchase' ELSE 'membership_renewal' END,
       CASE WHEN g % 4 = 0 THEN NULL ELSE 'Bench Tier' END,
       CASE WHEN g % 4 = 0 THEN NULL ELSE 'monthly' END,
       CASE WHEN g % 4 = 0 THEN o.ids[1 + g % array_length(o.ids, 1)] END,
       CASE WHEN g % 4 = 0 THEN 'Bench Offer' END,
       (ARRAY['online','pos','cash'])[1 + g % 3],
       999 + g % 2000, 0, CASE WHEN g % 4 = 0 THEN g % 100 ELSE 0 END,
       999 + g % 2000 - CASE WHEN g % 4 = 0 THEN g % 100 ELSE 0 END,
       CASE WHEN g % 3 = 2 THEN NULL ELSE 'sandbox' END,
       CASE WHEN g % 3 = 2 THEN NULL ELSE 'bench-${process.pid}-' || g END,
       CASE WHEN g % 50 = 0 THEN 'failed' ELSE 'succeeded' END,
       'Bench Customer ' || (g % 5000),
       now() - make_interval(secs => (g::double precision * ${seconds}) / ${TRANSACTIONS})
     FROM generate_series(1, ${TRANSACTIONS}) AS g
     CROSS JOIN (SELECT array_agg(id) AS ids FROM offers WHERE shop_id = ${shopId}) o`,
    `INSERT INTO redemptions (shop_id, customer_name, redemption_type, item, value_cents,
       performed_by, performed_by_name, redemption_date)
     SELECT ${shopId}, 'Bench Customer ' || (g % 5000),
       (ARRAY['benefit','offer','cashback'])[1 + g % 3],
       (ARRAY['Free coffee','Bench Offer','Cashback'])[1 + g % 3],
       100 + g % 900, 'merchant', 'Demo Owner',
       now() - make_interval(secs => (g::double precision * ${seconds}) / ${REDEMPTIONS})
     FROM generate_series(1, ${REDEMPTIONS}) AS g`,
    "VACUUM ANALYZE transactions",
    "VACUUM ANALYZE redemptions",
  ];
}

/** Peak resident set of a process (Linux), in MB. */
function peakRssMb(pid) {
  const status = spawnSync("cat", [`/proc/${pid}/status`], { encoding: "utf8" }).stdout ?? "";
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

/** Downloads a CSV export to nowhere, counting its lines. */
async function timeExport(url, token) {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  let lines = 0;
  let bytes = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  // Lines include the header; a quoted field with a line break would count twice (none here).
  return { rows: lines - 1, seconds, mb: bytes / 1e6 };
}

/**
 * Signs the demo shop's owner in and opens a direct database connection, for the benches that
 * seed bulk rows with SQL before timing the API's reads. The caller ends the client.
 */
async function signInOwnerWithDb(server, env) {
  const login = { email: "owner@demo-shop.test", password: "Demo@1234" };
  const { user, token } = await call(server.url, "/auth/sign-in", { body: login });
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  return { user, token, client };
}

async function runReports(label, env) {
  const server = await startServer(env, { apiOnly: true });
  try {
    const { user, token, client } = await signInOwnerWithDb(server, env);
    const started = performance.now();
    try {
      for (const statement of bulkReportsSql(user.shopId)) await client.query(statement);
    } finally {
      await client.end();
    }
    console.log(
      `${label}: inserted ${TRANSACTIONS.toLocaleString("en")} transactions and ${REDEMPTIONS.toLocaleString("en")} redemptions in ${Math.round(performance.now() - started)} ms`,
    );
    const reads = [
      ["dashboard stats, this month", "/shop/dashboard-stats?timeFilter=currentMonth"],
      ["dashboard stats, last year", "/shop/dashboard-stats?timeFilter=lastYear"],
      ["offers performance, last year", "/offers/get-all-offers-dashboard?timeFilter=lastYear"],
      ["transactions p.1, year, all", "/reports/get-transaction-report?timeFilter=1year"],
      [
        "transactions p.1, year, cash",
        "/reports/get-transaction-report?timeFilter=1year&paymentType=cash",
      ],
      ["redemptions p.1, year", "/reports/get-redemption-report?timeFilter=1year"],
    ];
    const rows = [];
    for (const [name, path] of reads) {
      const r = await timeRequests(`${server.url}/api/v1${path}`, token);
      rows.push({ ...timingRow(label, name, r), total: r.total });
    }
    const exports = [];
    for (const [name, path] of [
      ["transactions, year, all", "/reports/export-transaction-report?timeFilter=1year"],
      ["redemptions, year", "/reports/export-redemption-report?timeFilter=1year"],
    ]) {
      const before = peakRssMb(server.child.pid);
      const r = await timeExport(`${server.url}/api/v1${path}`, token);
      exports.push({
        database: label,
        export: name,
        rows: r.rows,
        seconds: Number(r.seconds.toFixed(1)),
        "rows/s": Math.round(r.rows / r.seconds),
        MB: Number(r.mb.toFixed(1)),
        "peak RSS MB before": before,
        "peak RSS MB after": peakRssMb(server.child.pid),
      });
    }
    return { rows, exports };
  } finally {
    await stopServer(server);
  }
}

const rows = [];
const memberRows = [];
const reportRows = [];
const exportRows = [];
let dropDb;
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  const name = `tessera_bench_${process.pid}`;
  const admin = "postgres://postgres@127.0.0.1:5432/postgres";
  const made = spawnSync("psql", [admin, "-qc", `CREATE DATABASE "${name}"`], { stdio: "inherit" });
  if (made.status === 0) {
    databaseUrl = `postgres://postgres@127.0.0.1:5432/${name}`;
    dropDb = () =>
      spawnSync("psql", [admin, "-qc", `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`]);
  } else {
    console.warn("No PostgreSQL at 127.0.0.1:5432; measuring PGlite only.");
  }
}
try {
  if (ONLY === "analytics") {
    if (!databaseUrl) throw new Error("The analytics benchmark needs PostgreSQL.");
    const { runAnalytics, ANALYTICS_MEMBERS } = await import("./bench-analytics.mjs");
    const helpers = {
      startServer,
      stopServer,
      signInOwnerWithDb,
      bulkReportsSql,
      timeRequests,
      timingRow,
    };
    const analyticsRows = await runAnalytics("PostgreSQL", { DATABASE_URL: databaseUrl }, helpers);
    console.log(
      `Analytics, ${TRANSACTIONS.toLocaleString("en")} transactions plus ${ANALYTICS_MEMBERS.toLocaleString("en")} members' year, ${SAMPLES} sequential requests each:`,
    );
    console.table(analyticsRows);
  }
  if ((ONLY === "import" || !ONLY) && databaseUrl) {
    const { runImport, IMPORT_ROWS, IMPORT_BUDGET } = await import("./bench-import.mjs");
    const helpers = { startServer, stopServer, call, peakRssMb };
    const r = await runImport("PostgreSQL", { DATABASE_URL: databaseUrl }, helpers);
    console.log(
      `Member import, ${IMPORT_ROWS.toLocaleString("en")} rows (${r.mb.toFixed(1)} MB CSV), server peak RSS ${r.rssAtStart} MB after start-up, ${r.peakRssMb} MB at the end; budget ≥ ${IMPORT_BUDGET.rowsPerSecond} rows/s, < ${IMPORT_BUDGET.peakRssMb} MB: ${r.withinBudget ? "within" : "OVER"}`,
    );
    console.table(r.rows);
    if (!r.withinBudget) process.exitCode = 1;
  }
  if (ONLY === "reports") {
    if (!databaseUrl) throw new Error("The reports benchmark needs PostgreSQL.");
    const r = await runReports("PostgreSQL", { DATABASE_URL: databaseUrl });
    reportRows.push(...r.rows);
    exportRows.push(...r.exports);
  }
  if (ONLY !== "members" && ONLY !== "reports" && ONLY !== "analytics" && ONLY !== "import") {
    if (databaseUrl) rows.push(...(await run("PostgreSQL", { DATABASE_URL: databaseUrl })));
    rows.push(...(await run("PGlite", { DATABASE_URL: "" })));
  }
  if (!ONLY && databaseUrl) {
    const r = await runReports("PostgreSQL", { DATABASE_URL: databaseUrl });
    reportRows.push(...r.rows);
    exportRows.push(...r.exports);
  }
  if (!["storefront", "reports", "analytics", "import"].includes(ONLY ?? "")) {
    if (databaseUrl)
      memberRows.push(...(await runMembers("PostgreSQL", { DATABASE_URL: databaseUrl })));
    memberRows.push(...(await runMembers("PGlite", { DATABASE_URL: "" })));
  }
} finally {
  dropDb?.();
}
console.log(
  `\n${new Date().toISOString().slice(0, 10)} · ${cpus().length} cores (${cpus()[0]?.model}) · Node ${process.version}`,
);
if (rows.length > 0) {
  console.log(`Storefront reads, ${CONNECTIONS} connections × ${DURATION} s:`);
  console.table(rows);
}
if (memberRows.length > 0) {
  console.log(
    `Members list, ${MEMBERS.toLocaleString("en")} members in one shop, ${SAMPLES} sequential requests each:`,
  );
  console.table(memberRows);
}
if (reportRows.length > 0) {
  console.log(
    `Dashboard and reports, ${TRANSACTIONS.toLocaleString("en")} transactions and ${REDEMPTIONS.toLocaleString("en")} redemptions in one shop, ${SAMPLES} sequential requests each:`,
  );
  console.table(reportRows);
  console.log("Full CSV exports:");
  console.table(exportRows);
}
