// `BENCH_ONLY=lighthouse npm run bench`: Lighthouse 12 (Debian's Chromium, CHROME_PATH) against
// `npm start` on its embedded defaults (PGlite, the seeded demo shop): the mobile preset on the
// storefront, its sign-in page and the merchant sign-in, with the scores and the JavaScript
// transferred. Not a test: it prints a table to record in docs/benchmarks.md.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

async function freePort() {
  const server = createServer();
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address();
  await new Promise((ok) => server.close(ok));
  return port;
}

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(root, "scripts/start.mjs")], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
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
try {
  for (const path of ["/1", "/1/login", "/"]) {
    const result = await lighthouse(`${url}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    const { categories, audits } = result.lhr;
    const items = audits["network-requests"]?.details?.items ?? [];
    const scriptBytes = items
      .filter((item) => item.resourceType === "Script")
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    const score = (key) => Math.round((categories[key]?.score ?? 0) * 100);
    // What keeps a category under 100, so the table says where to look next.
    for (const key of ["accessibility", "best-practices", "seo"]) {
      for (const ref of categories[key]?.auditRefs ?? []) {
        const audit = audits[ref.id];
        if (ref.weight > 0 && audit?.score !== null && audit?.score < 1) {
          failing.push({ page: path, category: key, audit: audit.title });
        }
      }
    }
    rows.push({
      page: path,
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best practices": score("best-practices"),
      seo: score("seo"),
      "FCP (s)": (audits["first-contentful-paint"].numericValue / 1000).toFixed(2),
      "LCP (s)": (audits["largest-contentful-paint"].numericValue / 1000).toFixed(2),
      "JS transferred (KB)": (scriptBytes / 1024).toFixed(1),
    });
  }
} finally {
  await chrome.kill();
  server.kill("SIGTERM");
}
console.log(
  `\nLighthouse 12, mobile preset, ${chromePath}, against npm start (PGlite, demo shop):`,
);
console.table(rows);
if (failing.length > 0) {
  console.log("Audits that cost points:");
  console.table(failing);
}
