#!/usr/bin/env node
// `npm run bench`: on PostgreSQL (when DATABASE_URL is set, or a throwaway database on
// 127.0.0.1:5432) and on the embedded PGlite,
// - storefront: the public storefront reads that /{shopId} makes, under load, after seeding a shop
//   with 5 published tiers of 2 benefits and 10 active offers through the real API;
// - members: the merchant's members list at 100,000 members in one shop (bulk-inserted with
//   generate_series), first page and a name search, one request at a time (median and p95).
// BENCH_ONLY=storefront or BENCH_ONLY=members runs one part. Not a test: it prints figures to
// record in docs/benchmarks.md.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const sharp = createRequire(join(root, "apps/api/package.json"))("sharp");
const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 50;

function freePort() {
  return new Promise((ok) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

const ONLY = process.env.BENCH_ONLY;
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);

async function startServer(env) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      RATE_LIMIT_PER_MINUTE: "1000",
      DATA_DIR: mkdtempSync(join(tmpdir(), "tessera-bench-")),
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
  throw new Error("server did not start");
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
    const reads = [
      `/api/v1/shop/get-shop-by-Id?shopId=${shopId}`,
      `/api/v1/customer/memberships/get-active-memberships?shopId=${shopId}`,
      `/api/v1/customer/offers/get-active-offers?shopId=${shopId}`,
    ];
    const rows = [];
    for (const path of reads) {
      const r = await measure(server.url + path);
      rows.push({
        database: label,
        read: path.replace(/\?.*/, ""),
        "req/s": Math.round(r.requests.average),
        "p99 ms": r.latency.p99,
        errors: r.errors + r.non2xx,
      });
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
  return { median: at(0.5), p95: at(0.95), total: body.total, rows: body.members.length };
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
        database: label,
        read: `${name} (${query.slice(1)})`,
        "median ms": Number(r.median.toFixed(1)),
        "p95 ms": Number(r.p95.toFixed(1)),
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

const rows = [];
const memberRows = [];
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
  if (ONLY !== "members") {
    if (databaseUrl) rows.push(...(await run("PostgreSQL", { DATABASE_URL: databaseUrl })));
    rows.push(...(await run("PGlite", { DATABASE_URL: "" })));
  }
  if (ONLY !== "storefront") {
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
