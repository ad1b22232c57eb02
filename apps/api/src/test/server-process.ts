import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { repoRoot } from "../paths";

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** What the process printed, for a failing test's message. */
  output: () => string;
  /** Waits for the process to end after a signal. */
  stop: (signal: NodeJS.Signals) => Promise<void>;
};

/**
 * Runs Tessera's real entry point (apps/api/src/main.ts) in a child process, as `npm start`
 * does, and waits until it answers its health check. Tests use it where the process itself is
 * the subject: a SIGKILL in the middle of payments, a restart on the same data.
 */
export async function startServerProcess(
  env: Record<string, string>,
  /** `preload`: modules imported before the server, as `npm start` imports tracing first. */
  options: { timeoutMs?: number; preload?: string[] } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      ...(options.preload ?? []).flatMap((module) => ["--import", module]),
      join(repoRoot, "apps/api/src/main.ts"),
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: "test",
        SEED_DEMO: "false",
        WEB_DIST: "/nonexistent-web-dist",
        LOG_LEVEL: "warn",
        HOST: "127.0.0.1",
        PORT: String(port),
        PUBLIC_URL: url,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let printed = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    printed += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    printed += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${printed}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy:\n${printed}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    output: () => printed,
    async stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
