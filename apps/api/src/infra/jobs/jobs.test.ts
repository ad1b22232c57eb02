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

  it("runs a task once per singleton key while it is queued, retrying a failed run", async () => {
    const scheduler = createInProcessScheduler({ logger: silent, intervalMs: 60_000 });
    const seen: unknown[] = [];
    let failures = 1;
    scheduler.defineTask(
      "task",
      async (data) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (failures-- > 0) throw new Error("once");
        seen.push(data);
      },
      { retryLimit: 2, retryDelaySeconds: 0.01, retryBackoff: true },
    );
    await scheduler.start();
    const send = () => scheduler.sendTask("task", { n: 1 }, { singletonKey: "a" });
    await Promise.all([send(), send()]);
    expect(seen).toEqual([{ n: 1 }]);
    await scheduler.sendTask(
      "task",
      { n: 2 },
      {
        singletonKey: "b",
        startAfter: new Date(Date.now() + 30),
      },
    );
    expect(seen).toEqual([{ n: 1 }]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    await scheduler.stop();
  });

  it.runIf(process.env.DATABASE_URL)(
    "queues a task as one pg-boss job per singleton key, and works it",
    async () => {
      const t = await createTestApp();
      const url = process.env.DATABASE_URL as string;
      const boss = createPgBossScheduler({ connectionString: url, logger: silent });
      try {
        const seen: unknown[] = [];
        boss.defineTask("tessera-test-task", async (data) => void seen.push(data), {
          retryLimit: 0,
          retryDelaySeconds: 1,
          retryBackoff: false,
        });
        await boss.start();
        await t.database.db.execute(sql`delete from pgboss.job where name = 'tessera-test-task'`);
        const later = { singletonKey: "later", startAfter: new Date(Date.now() + 3_600_000) };
        await boss.sendTask("tessera-test-task", { n: 1 }, later);
        await boss.sendTask("tessera-test-task", { n: 1 }, later);
        const queued = await t.database.db.execute(
          sql`select count(*)::int as n from pgboss.job where name = 'tessera-test-task'`,
        );
        expect((queued as unknown as { rows: unknown[] }).rows).toEqual([{ n: 1 }]);
        await boss.sendTask("tessera-test-task", { n: 2 }, { singletonKey: "now" });
        for (let i = 0; i < 100 && seen.length === 0; i++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(seen).toEqual([{ n: 2 }]);
        await t.database.db.execute(sql`delete from pgboss.job where name = 'tessera-test-task'`);
      } finally {
        await boss.stop();
        await t.close();
      }
    },
  );

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
