import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

// argon2id with OWASP's recommended minimum cost (19 MiB, 2 passes).
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * How much lower than the requests the first hashing thread runs (Linux thread niceness, 0–19).
 * A hash takes about 30 ms of a core; at 10 the scheduler hands the core to a request's thread
 * (or the database's) as soon as one is ready, and the hash takes the idle time.
 */
export const HASHING_NICENESS = 10;

/**
 * Hashing runs in worker threads, at most two hashes at once per process: a lone sign-in (the
 * common case) on the low-priority thread; while that one is busy, the next ones queue on a
 * second thread at the process's own priority. The default thread pool would run four at once
 * at full priority. On a saturated machine the low-priority thread gets a tenth of a core
 * against each busy thread, so only its one hash is slowed; the queue moves on the other (a
 * single niced queue let sign-ins wait past 10 s in an overloaded load run). The event loop
 * only posts a message and later reads the answer.
 */
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
try {
  const tid = Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop());
  require("node:os").setPriority(tid, workerData.niceness);
} catch {
  // Not Linux: the thread keeps the process's priority.
}
const argon2 = require(workerData.argon2);
parentPort.on("message", ({ id, op, password, passwordHash }) => {
  try {
    const result =
      op === "hash"
        ? argon2.hashSync(password, workerData.options)
        : argon2.verifySync(passwordHash, password);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
});
`;

type Pending = { resolve: (value: string | boolean) => void; reject: (error: Error) => void };
type Answer = { id: number; result?: string | boolean; error?: string };

type Thread = { worker: Worker; jobs: Map<number, Pending> };

let nextId = 1;
const threads: { low: Thread | null; normal: Thread | null } = { low: null, normal: null };

function startThread(kind: "low" | "normal"): Thread {
  const existing = threads[kind];
  if (existing) return existing;
  const jobs = new Map<number, Pending>();
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: {
      argon2: createRequire(import.meta.url).resolve("@node-rs/argon2"),
      niceness: kind === "low" ? HASHING_NICENESS : 0,
      options,
    },
  });
  const thread = { worker, jobs };
  worker.on("message", ({ id, result, error }: Answer) => {
    const job = jobs.get(id);
    if (!job) return;
    jobs.delete(id);
    if (error !== undefined || result === undefined) job.reject(new Error(error));
    else job.resolve(result);
    // An idle worker does not keep the process alive; one with work does.
    if (jobs.size === 0) worker.unref();
  });
  const lost = (error: Error) => {
    if (threads[kind] === thread) threads[kind] = null;
    for (const job of jobs.values()) job.reject(error);
    jobs.clear();
  };
  worker.on("error", lost);
  worker.on("exit", (code) => lost(new Error(`The password worker stopped (${code}).`)));
  threads[kind] = thread;
  return thread;
}

function run(message: { op: "hash" | "verify"; password: string; passwordHash?: string }) {
  const id = nextId++;
  return new Promise<string | boolean>((resolve, reject) => {
    const low = startThread("low");
    const thread = low.jobs.size === 0 ? low : startThread("normal");
    thread.jobs.set(id, { resolve, reject });
    thread.worker.ref();
    thread.worker.postMessage({ id, ...message });
  });
}

/** Hashes waiting or running on each thread of this process (a sign-in burst queues here). */
export function hashesInFlight(): { low: number; normal: number } {
  return { low: threads.low?.jobs.size ?? 0, normal: threads.normal?.jobs.size ?? 0 };
}

export async function hashPassword(password: string): Promise<string> {
  return (await run({ op: "hash", password })) as string;
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return (await run({ op: "verify", password, passwordHash })) === true;
  } catch {
    return false;
  }
}
