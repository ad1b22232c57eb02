import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import PgBoss from "pg-boss";
import {
  createInProcessTasks,
  type SendTaskOptions,
  sendPgBossTask,
  startPgBossTasks,
  type TaskQueues,
} from "./tasks";

export type { SendTaskOptions, TaskHandler, TaskQueues, TaskRetry } from "./tasks";

/** The advisory lock key the job queues are set up under (any fixed number, Tessera's own). */
const JOBS_SETUP_LOCK = 727_100_002;

/**
 * Periodic jobs behind one interface. Each job is a sweep over state kept in the business
 * tables (a membership's `expireDate`, its pending charge), so a restart loses nothing: the next
 * run finds what is due. Rows are claimed with `FOR UPDATE SKIP LOCKED`, so two instances never
 * work on one membership at once.
 *
 * - PostgreSQL: pg-boss schedules each sweep once a minute across all instances and keeps the
 *   runs in its own schema.
 * - PGlite (one embedded instance): an in-process timer runs the same sweeps.
 *
 * Tasks (`tasks.ts`) are the one-off jobs beside them: a pg-boss job each on PostgreSQL.
 */

export type JobHandler = () => Promise<unknown>;

export type JobScheduler = TaskQueues & {
  readonly kind: "pg-boss" | "in-process";
  register(name: string, handler: JobHandler): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Runs one job now, as the scheduler would (tests, operators). */
  runNow(name: string): Promise<void>;
  /** Runs waiting in the queue per job (pg-boss); empty for the in-process timer. */
  queueDepths(): Promise<Record<string, number>>;
  /** Throws when the scheduler is not running or its queue does not answer (readiness). */
  check(): Promise<void>;
};

/** How one run ended, for metrics: `skipped` when the same job was still running here. */
export type JobOutcome = "succeeded" | "failed" | "skipped";
export type JobRunListener = (name: string, outcome: JobOutcome, seconds: number) => void;

type SchedulerOptions = { logger: FastifyBaseLogger; onRun?: JobRunListener | undefined };

function registry({ logger, onRun }: SchedulerOptions) {
  const handlers = new Map<string, JobHandler>();
  const running = new Set<string>();
  return {
    handlers,
    register(name: string, handler: JobHandler) {
      handlers.set(name, handler);
    },
    /** One run at a time per job in this process; a failure is logged, the next run retries. */
    async run(name: string) {
      const handler = handlers.get(name);
      if (!handler) throw new Error(`Unknown job ${name}`);
      if (running.has(name)) {
        onRun?.(name, "skipped", 0);
        return;
      }
      running.add(name);
      const started = performance.now();
      let outcome: JobOutcome = "succeeded";
      try {
        await handler();
      } catch (error) {
        outcome = "failed";
        logger.error({ err: error, job: name }, "job failed");
      } finally {
        running.delete(name);
        onRun?.(name, outcome, (performance.now() - started) / 1000);
      }
    },
  };
}

export function createInProcessScheduler(
  options: SchedulerOptions & { intervalMs?: number },
): JobScheduler {
  const jobs = registry(options);
  let timer: NodeJS.Timeout | null = null;
  let tick: Promise<void> = Promise.resolve();
  const tasks = createInProcessTasks(() => timer !== null);
  return {
    kind: "in-process",
    register: jobs.register,
    defineTask: tasks.defineTask,
    sendTask: (name, data, sendOptions) => tasks.send(name, data, sendOptions),
    async start() {
      if (timer) return;
      const runAll = () => {
        tick = (async () => {
          for (const name of jobs.handlers.keys()) await jobs.run(name);
        })();
      };
      timer = setInterval(runAll, options.intervalMs ?? 60_000);
      timer.unref();
      runAll();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      tasks.stop();
      await tick;
    },
    runNow: (name) => jobs.run(name),
    queueDepths: async () => ({}),
    async check() {
      if (!timer) throw new Error("The job timer is not running.");
    },
  };
}

export function createPgBossScheduler(
  options: SchedulerOptions & { connectionString: string },
): JobScheduler {
  const jobs = registry(options);
  const boss = new PgBoss({ connectionString: options.connectionString, schema: "pgboss" });
  boss.on("error", (error) => options.logger.error({ err: error }, "pg-boss error"));
  let started = false;
  // Until pg-boss runs (tests, a one-off command) tasks run here, as `runNow` runs sweeps.
  const tasks = createInProcessTasks(() => false);
  return {
    kind: "pg-boss",
    register: jobs.register,
    defineTask: tasks.defineTask,
    async sendTask(name: string, data: Record<string, unknown>, sendOptions: SendTaskOptions) {
      if (!started) return tasks.send(name, data, sendOptions);
      await sendPgBossTask(boss, name, data, sendOptions);
    },
    async start() {
      if (started) return;
      // Instances starting together deadlocked creating the same queues; one at a time, under
      // a session advisory lock, each finds what the previous one created.
      const lock = new pg.Client({ connectionString: options.connectionString });
      await lock.connect();
      try {
        await lock.query("select pg_advisory_lock($1)", [JOBS_SETUP_LOCK]);
        await boss.start();
        started = true;
        for (const name of jobs.handlers.keys()) {
          // "stately": at most one run queued and one active, so a slow sweep is not piled up.
          await boss.createQueue(name, { name, policy: "stately" });
          // Every minute; pg-boss has one instance send it.
          await boss.schedule(name, "* * * * *");
        }
        await startPgBossTasks(boss, tasks.tasks);
      } finally {
        await lock.query("select pg_advisory_unlock($1)", [JOBS_SETUP_LOCK]).catch(() => {});
        await lock.end().catch(() => {});
      }
      for (const name of jobs.handlers.keys()) {
        await boss.work(name, async () => {
          await jobs.run(name);
        });
      }
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
    runNow: (name) => jobs.run(name),
    async check() {
      if (!started) throw new Error("The job queue is not running.");
      const [first] = jobs.handlers.keys();
      if (first) await boss.getQueueSize(first);
    },
    async queueDepths() {
      if (!started) return {};
      const depths: Record<string, number> = {};
      for (const name of jobs.handlers.keys()) {
        depths[name] = (await boss.getQueueSize(name)) ?? 0;
      }
      return depths;
    },
  };
}
