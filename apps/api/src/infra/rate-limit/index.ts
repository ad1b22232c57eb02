import { AppError } from "../../errors";

export type RateLimiter = {
  /** Counts one attempt for each key; throws 429 when any key is over its limit. */
  hit(keys: string[], message: string): void;
  reset(): void;
};

/**
 * Fixed one-minute windows in memory. Each instance counts on its own, so behind N instances the
 * effective limit is up to N times higher — acceptable for abuse damping; a shared store
 * (PostgreSQL or Redis) can replace this behind the same interface.
 */
export function createRateLimiter(options: { max: number; windowMs?: number }): RateLimiter {
  const windowMs = options.windowMs ?? 60_000;
  const counts = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = Date.now();

  return {
    hit(keys, message) {
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
  };
}
