// `BENCH_ONLY=lighthouse npm run bench`: Lighthouse 12 (Debian's Chromium, CHROME_PATH) against
// `npm start` on its embedded defaults (PGlite, the seeded demo shop): the mobile preset on the
// storefront, its sign-in page and the merchant sign-in, and the desktop preset on the merchant
// dashboard signed in as the demo owner, with the scores and the JavaScript transferred. Not a
// test: it prints a table to record in docs/benchmarks.md.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import puppeteer from "puppeteer-core";
import { freePort, quietProductionEnv } from "./local-server.mjs";

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(root, "scripts/start.mjs")], {
  cwd: root,
  env: {
    ...quietProductionEnv(port, url),
    DATA_DIR: mkdtempSync(join(tmpdir(), "tessera-lighthouse-")),
    DATABASE_URL: "",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
let ready = false;
for (let i = 0; i < 480 && !ready; i++) {
  ready = await fetch(`${url}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (!ready) await new Promise((r) => setTimeout(r, 250));
}
if (!ready) {
  server.kill("SIGKILL");
  throw new Error("npm start did not become healthy");
}

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
const rows = [];
const failing = [];

/** One Lighthouse run and its row; `options` and `config` pick the preset and the session. */
async function audit(path, preset, options = {}, config = undefined) {
  const result = await lighthouse(
    `${url}${path}`,
    {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      ...options,
    },
    config,
  );
  const { categories, audits } = result.lhr;
  // LIGHTHOUSE_REPORTS=dir keeps each page's full report, to read what the score is made of.
  if (process.env.LIGHTHOUSE_REPORTS) {
    mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
    const name = `${preset}${path.replaceAll("/", "_")}.json`;
    writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, name), JSON.stringify(result.lhr));
  }
  const items = audits["network-requests"]?.details?.items ?? [];
  const scriptBytes = items
    .filter((item) => item.resourceType === "Script")
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  const score = (key) => Math.round((categories[key]?.score ?? 0) * 100);
  // What keeps a category under 100, so the table says where to look next.
  for (const key of ["accessibility", "best-practices", "seo"]) {
    for (const ref of categories[key]?.auditRefs ?? []) {
      const found = audits[ref.id];
      if (ref.weight > 0 && found?.score !== null && found?.score < 1) {
        failing.push({ page: path, category: key, audit: found.title });
      }
    }
  }
  rows.push({
    page: path,
    preset,
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best practices": score("best-practices"),
    seo: score("seo"),
    "FCP (s)": (audits["first-contentful-paint"].numericValue / 1000).toFixed(2),
    "LCP (s)": (audits["largest-contentful-paint"].numericValue / 1000).toFixed(2),
    "TBT (ms)": Math.round(audits["total-blocking-time"].numericValue),
    CLS: audits["cumulative-layout-shift"].numericValue.toFixed(3),
    "JS transferred (KB)": (scriptBytes / 1024).toFixed(1),
  });
}

/** Signs the demo owner in through the API and leaves the session in the browser's storage. */
async function signInOwner() {
  const res = await fetch(`${url}/api/v1/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "owner@demo-shop.test", password: "Demo@1234" }),
  });
  if (!res.ok) throw new Error(`demo owner sign-in answered ${res.status}`);
  const { token } = await res.json();
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${url}/`);
  // The keys apps/web/src/lib/token-storage.ts reads.
  await page.evaluate((value) => {
    localStorage.setItem("token", value);
    localStorage.setItem("sessionScope", JSON.stringify({ kind: "merchant" }));
  }, token);
  await page.close();
  browser.disconnect();
}

try {
  // LIGHTHOUSE_PAGES=/1,/1/login audits only those pages; /merchant/dashboard in the list is the
  // signed-in desktop run, as in the full run.
  const dashboard = "/merchant/dashboard";
  const only = process.env.LIGHTHOUSE_PAGES?.split(",");
  const mobilePages = only ? only.filter((path) => path !== dashboard) : ["/1", "/1/login", "/"];
  for (const path of mobilePages) await audit(path, "mobile");
  if (!only || only.includes(dashboard)) {
    await signInOwner();
    // Lighthouse clears the origin's storage before a run unless told not to: the session stays.
    await audit(dashboard, "desktop", { disableStorageReset: true }, desktopConfig);
  }
} finally {
  await chrome.kill();
  server.kill("SIGTERM");
}
console.log(`\nLighthouse 12, ${chromePath}, against npm start (PGlite, demo shop):`);
console.table(rows);
if (failing.length > 0) {
  console.log("Audits that cost points:");
  console.table(failing);
}
