import type PgBoss from "pg-boss";

/**
 * One-off tasks beside the periodic sweeps: one job per piece of work (a webhook delivery to one
 * endpoint), each with its own retries. On PostgreSQL a task is a pg-boss job; the in-process
 * scheduler (PGlite, one instance) runs it on a timer. The business rows stay the truth, so a
 * task lost with a restart is sent again by the sweep that owns those rows.
 */

export type TaskRetry = {
  /** Runs after the first, when the handler throws. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** Doubles the delay after each failed run. */
  retryBackoff: boolean;
};

export type SendTaskOptions = {
  /** At most one queued job per key: the same task sent twice is queued once. */
  singletonKey: string;
  /** Not before this time (a retry's back-off); absent means now. */
  startAfter?: Date;
};

export type TaskHandler = (data: Record<string, unknown>) => Promise<void>;

export type TaskQueues = {
  defineTask(name: string, handler: TaskHandler, retry: TaskRetry): void;
  /**
   * Queues a task. Before the scheduler runs (tests, a one-off command), a task due now runs at
   * once in the caller, and one due later is left to the owning sweep.
   */
  sendTask(name: string, data: Record<string, unknown>, options: SendTaskOptions): Promise<void>;
};

type Task = { handler: TaskHandler; retry: TaskRetry };

/** Runs one task here, retrying as pg-boss would; a task already queued or running is skipped. */
function inProcessRunner(now: () => number, isRunning: () => boolean) {
  const tasks = new Map<string, Task>();
  const pending = new Map<string, NodeJS.Timeout | null>();

  async function runWithRetries(task: Task, data: Record<string, unknown>) {
    for (let run = 0; ; run++) {
      try {
        return await task.handler(data);
      } catch (error) {
        if (run >= task.retry.retryLimit || !isRunning()) throw error;
        const factor = task.retry.retryBackoff ? 2 ** run : 1;
        const delay = task.retry.retryDelaySeconds * 1000 * factor;
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
      }
    }
  }

  return {
    tasks,
    defineTask(name: string, handler: TaskHandler, retry: TaskRetry) {
      tasks.set(name, { handler, retry });
    },
    async send(name: string, data: Record<string, unknown>, options: SendTaskOptions) {
      const task = tasks.get(name);
      if (!task) throw new Error(`Unknown task ${name}`);
      const key = `${name}:${options.singletonKey}`;
      if (pending.has(key)) return;
      const wait = (options.startAfter?.getTime() ?? 0) - now();
      if (wait > 0) {
        if (!isRunning()) return;
        const timer = setTimeout(() => {
          pending.delete(key);
          void this.send(name, data, { singletonKey: options.singletonKey }).catch(() => {});
        }, wait);
        timer.unref();
        pending.set(key, timer);
        return;
      }
      pending.set(key, null);
      try {
        await runWithRetries(task, data);
      } finally {
        pending.delete(key);
      }
    },
    stop() {
      for (const timer of pending.values()) if (timer) clearTimeout(timer);
      pending.clear();
    },
  };
}

export type InProcessTasks = ReturnType<typeof inProcessRunner>;

export function createInProcessTasks(isRunning: () => boolean) {
  return inProcessRunner(() => Date.now(), isRunning);
}

/** pg-boss queues for the tasks: "short" keeps one queued job per singleton key. */
export async function startPgBossTasks(boss: PgBoss, tasks: InProcessTasks["tasks"]) {
  for (const [name, { retry }] of tasks) {
    await boss.createQueue(name, {
      name,
      policy: "short",
      retryLimit: retry.retryLimit,
      retryDelay: retry.retryDelaySeconds,
      retryBackoff: retry.retryBackoff,
    });
  }
  for (const [name, { handler }] of tasks) {
    await boss.work<Record<string, unknown>>(name, { batchSize: 1 }, async (jobs) => {
      for (const job of jobs) await handler(job.data);
    });
  }
}

export async function sendPgBossTask(
  boss: PgBoss,
  name: string,
  data: Record<string, unknown>,
  options: SendTaskOptions,
) {
  await boss.send(name, data, {
    singletonKey: options.singletonKey,
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
  });
}
