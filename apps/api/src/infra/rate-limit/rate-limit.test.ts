import { randomBytes } from "node:crypto";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { createRateLimiter, createRedisRateLimiter } from ".";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

async function redisAnswers(): Promise<boolean> {
  const client = createClient({
    url: REDIS_URL,
    socket: { connectTimeout: 1000, reconnectStrategy: false },
  });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.ping();
    await client.quit();
    return true;
  } catch {
    return false;
  }
}

const refused = (promise: Promise<void>) =>
  promise.then(
    () => false,
    (error: unknown) => error instanceof AppError && error.status === 429,
  );

describe("rate limits", () => {
  it("count attempts per key in one instance", async () => {
    const limiter = createRateLimiter({ max: 2 });
    await limiter.hit(["a"], "slow down");
    await limiter.hit(["a"], "slow down");
    expect(await refused(limiter.hit(["a"], "slow down"))).toBe(true);
    expect(await refused(limiter.hit(["b"], "slow down"))).toBe(false);
  });

  describe("shared through Redis", () => {
    let available = false;
    beforeAll(async () => {
      available = await redisAnswers();
      if (!available)
        console.warn(`Redis is not answering at ${REDIS_URL}: skipping the shared limit`);
    });
    const instances: ReturnType<typeof createRedisRateLimiter>[] = [];
    afterAll(async () => {
      await Promise.all(instances.map((limiter) => limiter.close()));
    });

    it("holds across two instances: attempts on either count together", async (context) => {
      if (!available) context.skip();
      const a = createRedisRateLimiter({ url: REDIS_URL, max: 3 });
      const b = createRedisRateLimiter({ url: REDIS_URL, max: 3 });
      instances.push(a, b);
      const key = `sign-in:email:${randomBytes(6).toString("hex")}@example.com`;
      await a.hit([key], "slow down");
      await b.hit([key], "slow down");
      await a.hit([key], "slow down");
      expect(await refused(b.hit([key], "slow down"))).toBe(true);
      expect(await refused(a.hit([`${key}.other`], "slow down"))).toBe(false);
    });
  });
});
