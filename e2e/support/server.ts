import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export type RunningServer = {
  url: string;
  dataDir: string;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/** Starts the built app exactly as `npm start` does, on a free port and its own data folder. */
export async function startServer(
  options: {
    dataDir?: string;
    port?: number;
    env?: Record<string, string>;
    /** How long the first start (API bundle, database, demo seed) may take on a busy machine. */
    startupMs?: number;
  } = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "tessera-e2e-"));
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  // The heap flag package.json's start passes (scripts/build-api.mjs says why).
  const child: ChildProcess = spawn(
    process.execPath,
    ["--max-old-space-size=1024", join(root, "scripts/start.mjs")],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        DATABASE_URL: "",
        LOG_LEVEL: "warn",
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout?.on("data", (chunk) => {
    log += String(chunk);
  });
  child.stderr?.on("data", (chunk) => {
    log += String(chunk);
  });
  const exited = new Promise<number | null>((resolveExit) => child.on("exit", resolveExit));

  const startupMs = options.startupMs ?? 30_000;
  const deadline = Date.now() + startupMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy within ${startupMs / 1000} s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    url,
    dataDir,
    output: () => log,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      const timeout = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 15_000));
      const result = await Promise.race([exited, timeout]);
      if (result === "timeout") {
        child.kill("SIGKILL");
        throw new Error(`server did not stop within 15 s after ${signal}`);
      }
      return result;
    },
  };
}
