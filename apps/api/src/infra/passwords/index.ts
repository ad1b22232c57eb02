import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

// argon2id with OWASP's recommended minimum cost (19 MiB, 2 passes).
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashing runs in worker threads, at most two hashes at once per process, each sent to the
 * thread with fewer waiting: the default thread pool would run four at once, taking every core
 * a request or the database needs. Both threads keep the process's priority: a first version
 * ran one at a lower priority, and on busy cores its hashes waited seconds (sign-in p99 3.8 s
 * in a quiet load run). The event loop only posts a message and later reads the answer.
 */
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
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
const threads: { first: Thread | null; second: Thread | null } = { first: null, second: null };

function startThread(kind: "first" | "second"): Thread {
  const existing = threads[kind];
  if (existing) return existing;
  const jobs = new Map<number, Pending>();
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: {
      argon2: createRequire(import.meta.url).resolve("@node-rs/argon2"),
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
    const first = startThread("first");
    const second = first.jobs.size === 0 ? null : startThread("second");
    const thread = second && second.jobs.size < first.jobs.size ? second : first;
    thread.jobs.set(id, { resolve, reject });
    thread.worker.ref();
    thread.worker.postMessage({ id, ...message });
  });
}

/** Hashes waiting or running on each thread of this process (a sign-in burst queues here). */
export function hashesInFlight(): { first: number; second: number } {
  return { first: threads.first?.jobs.size ?? 0, second: threads.second?.jobs.size ?? 0 };
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
