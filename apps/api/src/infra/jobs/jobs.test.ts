import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/app";
import { createInProcessScheduler, createPgBossScheduler } from ".";

const silent = {
  error: () => {},
  warn: () => {},
  info: () => {},
  debug: () => {},
  trace: () => {},
  fatal: () => {},
  child: () => silent,
  level: "silent",
  silent: () => {},
} as never;

describe("job schedulers", () => {
  it("runs each job at start and then on its interval, one run at a time, and stops", async () => {
    const scheduler = createInProcessScheduler({ logger: silent, intervalMs: 20 });
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    scheduler.register("sweep", async () => {
      runs += 1;
      concurrent += 1;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      await new Promise((resolve) => setTimeout(resolve, 50));
      concurrent -= 1;
    });
    await scheduler.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await scheduler.stop();
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(after).toBeGreaterThanOrEqual(2);
    expect(runs).toBe(after);
    expect(maxConcurrent).toBe(1);
  });

  it("keeps running after a job throws", async () => {
    const scheduler = createInProcessScheduler({ logger: silent, intervalMs: 1000 });
    let calls = 0;
    scheduler.register("flaky", async () => {
      calls += 1;
      throw new Error("boom");
    });
    await scheduler.runNow("flaky");
    await scheduler.runNow("flaky");
    expect(calls).toBe(2);
  });

  it.runIf(process.env.DATABASE_URL)(
    "schedules every sweep in pg-boss on PostgreSQL, once across instances",
    async () => {
      const t = await createTestApp();
      try {
        const url = process.env.DATABASE_URL as string;
        const a = createPgBossScheduler({ connectionString: url, logger: silent });
        const b = createPgBossScheduler({ connectionString: url, logger: silent });
        for (const s of [a, b]) s.register("tessera-test-sweep", async () => {});
        await a.start();
        await b.start();
        const result = await t.database.db.execute(
          sql`select name, cron from pgboss.schedule where name = 'tessera-test-sweep'`,
        );
        expect((result as unknown as { rows: unknown[] }).rows).toEqual([
          { name: "tessera-test-sweep", cron: "* * * * *" },
        ]);
        await a.stop();
        await b.stop();
      } finally {
        await t.close();
      }
    },
  );
});
