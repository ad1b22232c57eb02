#!/usr/bin/env node
// `npm run dev`: the API in watch mode on :3000 and the Vite dev server on :5173 (which proxies
// /api and /socket.io to the API). Ctrl-C stops both.
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const children = [
  spawn("npm", ["run", "dev", "-w", "@tessera/api"], { cwd: root, stdio: "inherit" }),
  spawn("npm", ["run", "dev", "-w", "@tessera/web"], { cwd: root, stdio: "inherit" }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  process.exitCode = code;
}
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
