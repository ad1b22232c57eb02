import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

// argon2id with OWASP's recommended minimum cost (19 MiB, 2 passes).
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * How much lower than the requests the hashing thread runs (Linux thread niceness, 0–19). A
 * hash takes about 30 ms of a core; at 10 the scheduler hands the core to a request's thread
 * (or the database's) as soon as one is ready, and the hash takes the idle time. On a saturated
 * machine it still gets its share (a tenth of a core against one busy thread): slower sign-ins,
 * never starved ones.
 */
export const HASHING_NICENESS = 10;

/**
 * Hashing runs in one worker thread per process, one hash at a time, in the order asked: a
 * burst of sign-ins queues there instead of taking every core (the default thread pool would
 * run four at once), and the event loop only posts a message and later reads the answer.
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

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error) {
  for (const job of pending.values()) job.reject(error);
  pending.clear();
}

function hashingWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(workerSource, {
    eval: true,
    workerData: {
      argon2: createRequire(import.meta.url).resolve("@node-rs/argon2"),
      niceness: HASHING_NICENESS,
      options,
    },
  });
  started.on("message", ({ id, result, error }: Answer) => {
    const job = pending.get(id);
    if (!job) return;
    pending.delete(id);
    if (error !== undefined || result === undefined) job.reject(new Error(error));
    else job.resolve(result);
    // An idle worker does not keep the process alive; one with work does.
    if (pending.size === 0) started.unref();
  });
  const lost = (error: Error) => {
    if (worker === started) worker = null;
    failAll(error);
  };
  started.on("error", lost);
  started.on("exit", (code) => lost(new Error(`The password worker stopped (${code}).`)));
  worker = started;
  return started;
}

function run(message: { op: "hash" | "verify"; password: string; passwordHash?: string }) {
  const id = nextId++;
  return new Promise<string | boolean>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    const thread = hashingWorker();
    thread.ref();
    thread.postMessage({ id, ...message });
  });
}

/** Hashes waiting or running in this process (a sign-in burst queues here). */
export function hashesInFlight(): number {
  return pending.size;
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
