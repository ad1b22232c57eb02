#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, bundles
// the API (under a second), then runs it (it also serves the built SPA) in this same process, so
// signals reach it directly.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const builtIndex = join(root, "apps/web/dist/index.html");
const sources = [
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "packages/shared/src",
].map((p) => join(root, p));

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestChange))) {
  console.log("Building the web app…");
  const result = spawnSync("npm", ["run", "build", "-w", "@tessera/web"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { apiBundle, buildApi, tracingBundle } = await import("./build-api.mjs");
await buildApi();
// Stack traces point into the TypeScript sources.
process.setSourceMapsEnabled(true);
// Tracing patches http, Fastify, pg and Redis as they load, so it comes first; unset, nothing of
// OpenTelemetry is loaded at all.
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) await import(tracingBundle);
await import(apiBundle);
