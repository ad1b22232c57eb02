import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { AppError } from "../../errors";

/** Routes whose answers are money outcomes: a card payment completed, or paid by cashback. */
const PAYMENT_ROUTES = new Set([
  "/api/v1/fortis/elements/transaction/complete",
  "/api/v1/member/payments/complete",
  "/api/v1/customer/offers/purchase-offer/:id",
  "/api/v1/member/purchase-offer/:id",
]);
const REDEMPTION_ROUTES: Record<string, string> = {
  "/api/v1/merchant-redemptions/create-redemption": "benefit",
  "/api/v1/merchant-redemptions/create-cashback-redemption": "cashback",
  "/api/v1/merchant-redemptions/redeem-offer": "offer",
  "/api/v1/customer/redemptions/create-redemption/:id": "benefit",
  "/api/v1/customer/redemptions/create-cashback-redemption/:id": "cashback",
  "/api/v1/customer/offers/redeem-offer/:id": "offer",
};

export type Metrics = {
  registry: Registry;
  renewals: Counter<"outcome">;
  /** Job runs by job and outcome, with their durations (fed by the scheduler). */
  jobRun: (job: string, outcome: string, seconds: number) => void;
  /** E-mails by how they ended: sent, failed (left for retry), kept (outbox, no SMTP). */
  emails: Counter<"status">;
  /** Where the job queue's depths come from; set once the scheduler exists. */
  setQueueDepths: (read: () => Promise<Record<string, number>>) => void;
};

/**
 * Prometheus metrics at `GET /metrics`, behind `Authorization: Bearer $METRICS_TOKEN` (without a
 * token the route does not exist). Each app has its own registry. Counted per instance, where
 * the work happened, so a sum across instances is the platform's total:
 * - request durations by method, route pattern and status; event-loop lag and the process's own
 *   figures (prom-client defaults);
 * - the database pool (in use, idle, waiting) on PostgreSQL; live socket connections;
 * - payments by outcome (the completion and purchase answers), redemptions by kind, renewals by
 *   outcome, e-mails by outcome;
 * - job runs by job and outcome (with durations), and the runs waiting in each pg-boss queue.
 */
export function registerMetrics(
  app: FastifyInstance,
  options: {
    token: string | undefined;
    poolStats?: (() => { total: number; idle: number; waiting: number }) | undefined;
    sockets?: () => number;
  },
): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  /** A count of this instance's events, by the labels named. */
  const counter = <L extends string>(name: string, help: string, ...labelNames: L[]) =>
    new Counter<L>({ name, help, labelNames, registers: [registry] });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request duration by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const payments = counter(
    "tessera_payments_total",
    "Payment completions and purchases by outcome",
    "outcome",
  );
  const redemptions = counter("tessera_redemptions_total", "Redemptions recorded, by kind", "kind");
  const renewals = counter("tessera_renewals_total", "Renewal attempts by outcome", "outcome");
  const emails = counter(
    "tessera_emails_total",
    "E-mails by outcome: sent, failed (kept for retry), kept (outbox only, no SMTP)",
    "status",
  );
  const jobRuns = counter(
    "tessera_job_runs_total",
    "Scheduled job runs on this instance by job and outcome",
    "job",
    "outcome",
  );
  const jobDuration = new Histogram({
    name: "tessera_job_duration_seconds",
    help: "Scheduled job run time by job",
    labelNames: ["job"] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
    registers: [registry],
  });
  let readDepths: () => Promise<Record<string, number>> = async () => ({});
  new Gauge({
    name: "tessera_job_queue_depth",
    help: "Job runs waiting in the queue (pg-boss), shared by all instances",
    labelNames: ["job"] as const,
    registers: [registry],
    async collect() {
      // A scrape must still answer when the database is away for a moment.
      const depths = await readDepths().catch(() => ({}));
      for (const [job, depth] of Object.entries(depths)) this.set({ job }, depth);
    },
  });
  const { poolStats, sockets } = options;
  new Gauge({
    name: "tessera_db_pool_connections",
    help: "Database pool connections by state (PostgreSQL)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      if (!poolStats) return;
      const stats = poolStats();
      this.set({ state: "in_use" }, stats.total - stats.idle);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
    },
  });
  new Gauge({
    name: "tessera_socket_connections",
    help: "Live notification socket connections on this instance",
    registers: [registry],
    collect() {
      this.set(sockets?.() ?? 0);
    },
  });

  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    const status = reply.statusCode;
    duration.observe(
      { method: request.method, route, status: String(status) },
      reply.elapsedTime / 1000,
    );
    if (request.method !== "POST" && request.method !== "PUT") return;
    if (PAYMENT_ROUTES.has(route) && status < 500) {
      payments.inc({ outcome: status < 300 ? "succeeded" : "refused" });
    }
    const kind = REDEMPTION_ROUTES[route];
    if (kind && status === 201) redemptions.inc({ kind });
  });

  if (options.token) {
    const expected = `Bearer ${options.token}`;
    app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
      if (request.headers.authorization !== expected) {
        throw new AppError("UNAUTHORIZED", "A metrics token is required.");
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  }
  return {
    registry,
    renewals,
    emails,
    jobRun(job, outcome, seconds) {
      jobRuns.inc({ job, outcome });
      if (outcome !== "skipped") jobDuration.observe({ job }, seconds);
    },
    setQueueDepths(read) {
      readDepths = read;
    },
  };
}
