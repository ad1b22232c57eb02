import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../errors";

export type RateLimiter = {
  /** Counts one attempt for each key; throws 429 when any key is over its limit. */
  hit(keys: string[], message: string): Promise<void>;
  reset(): void;
  close(): Promise<void>;
  /** Throws when the shared store does not answer (readiness); absent when kept in memory. */
  ping?(): Promise<void>;
};

/**
 * Fixed one-minute windows in memory, for one instance. Several instances share the Redis
 * limiter below instead (`REDIS_URL`), so the limit holds across all of them.
 */
export function createRateLimiter(options: { max: number; windowMs?: number }): RateLimiter {
  const windowMs = options.windowMs ?? 60_000;
  const counts = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = Date.now();

  return {
    async hit(keys, message) {
      const now = Date.now();
      if (now - lastSweep > windowMs) {
        for (const [key, entry] of counts) if (entry.resetAt <= now) counts.delete(key);
        lastSweep = now;
      }
      let limited = false;
      for (const key of keys) {
        const entry = counts.get(key);
        if (!entry || entry.resetAt <= now) {
          counts.set(key, { count: 1, resetAt: now + windowMs });
        } else {
          entry.count += 1;
          if (entry.count > options.max) limited = true;
        }
      }
      if (limited) throw new AppError("RATE_LIMITED", message);
    },
    reset() {
      counts.clear();
    },
    async close() {},
  };
}

/**
 * The same fixed windows, counted in Redis so every instance sees every attempt: one INCR per
 * key and window, expiring with the window. If Redis is unreachable the attempt is let through
 * and logged: the limiter damps abuse, it must not lock everybody out of signing in.
 */
export function createRedisRateLimiter(options: {
  url: string;
  /** Namespace of the keys (`REDIS_PREFIX`). */
  prefix?: string;
  max: number;
  windowMs?: number;
  logger?: FastifyBaseLogger;
}): RateLimiter {
  const windowMs = options.windowMs ?? 60_000;
  // The client is loaded only where Redis is configured: most instances never need it.
  const made = import("redis").then(({ createClient }) => {
    const client = createClient({ url: options.url });
    client.on("error", (error) => options.logger?.warn({ err: error }, "rate limit store error"));
    return client;
  });
  const connected = made.then(async (client) => {
    await client.connect().catch((error) => {
      options.logger?.warn({ err: error }, "rate limit store unreachable");
    });
    return client;
  });
  return {
    async hit(keys, message) {
      const window = Math.floor(Date.now() / windowMs);
      let counts: number[];
      try {
        const client = await connected;
        const batch = client.multi();
        for (const key of keys) {
          const name = `${options.prefix ?? "tessera"}:rate:${window}:${key}`;
          batch.incr(name);
          batch.pExpire(name, windowMs);
        }
        const replies = await batch.exec();
        counts = replies.filter((_, i) => i % 2 === 0).map(Number);
      } catch (error) {
        options.logger?.warn({ err: error }, "rate limit not counted");
        return;
      }
      if (counts.some((count) => count > options.max)) {
        throw new AppError("RATE_LIMITED", message);
      }
    },
    reset() {},
    async ping() {
      const client = await connected;
      // A disconnected client queues commands instead of failing: give up after two seconds.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("Redis did not answer in time")), 2000);
      });
      const pinging = client.ping();
      pinging.catch(() => {});
      try {
        await Promise.race([pinging, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      const client = await connected;
      // quit() waits for a reconnect that may never come when Redis is away: drop the link then.
      if (client.isReady) await client.quit().catch(() => {});
      else if (client.isOpen) await client.disconnect().catch(() => {});
    },
  };
}
