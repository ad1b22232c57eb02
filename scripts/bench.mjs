#!/usr/bin/env node
// `npm run bench`: the public storefront reads that /{shopId} makes, under load, on PostgreSQL
// (when DATABASE_URL is set, or a throwaway database on 127.0.0.1:5432) and on the embedded PGlite.
// Seeds a shop with 5 published tiers of 2 benefits and 10 active offers through the real API.
// Not a test: it prints figures to record in docs/benchmarks.md.
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

const rows = [];
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
  if (databaseUrl) rows.push(...(await run("PostgreSQL", { DATABASE_URL: databaseUrl })));
  rows.push(...(await run("PGlite", { DATABASE_URL: "" })));
} finally {
  dropDb?.();
}
console.log(
  `\n${new Date().toISOString().slice(0, 10)} · ${cpus().length} cores (${cpus()[0]?.model}) · Node ${process.version} · ${CONNECTIONS} connections × ${DURATION} s`,
);
console.table(rows);
