import { hash as hashInThisThread, verify as verifyInThisThread } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import { createCustomer, createMerchant } from "../../test/factories";
import { appForFile } from "../../test/file-app";
import { hashesInFlight, hashPassword, verifyPassword } from ".";

describe("password hashing in threads of its own", () => {
  it("keeps the argon2id parameters, and reads hashes made before it", async () => {
    const stored = await hashPassword("Correct-horse-9!");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyInThisThread(stored, "Correct-horse-9!")).toBe(true);
    const older = await hashInThisThread("Older-password-1!", {
      algorithm: 2,
      memoryCost: 19456,
      timeCost: 2,
      parallelism: 1,
    });
    expect(await verifyPassword(older, "Older-password-1!")).toBe(true);
    expect(await verifyPassword(older, "older-password-1!")).toBe(false);
  });

  it("answers false for a malformed hash instead of failing", async () => {
    expect(await verifyPassword("not-a-hash", "whatever")).toBe(false);
    // The thread is still there for the next one.
    expect(await verifyPassword(await hashPassword("Again-1!"), "Again-1!")).toBe(true);
  });

  it("queues a burst, answers every one, and leaves the event loop free meanwhile", async () => {
    const stored = await hashPassword("Burst-password-1!");
    let turns = 0;
    const ticker = setInterval(() => turns++, 1);
    const burst = Array.from({ length: 8 }, (_, i) =>
      verifyPassword(stored, i % 2 === 0 ? "Burst-password-1!" : "wrong"),
    );
    // Shared between the two threads: two at once at most, the rest waiting on them.
    expect(hashesInFlight()).toEqual({ first: 4, second: 4 });
    const answers = await Promise.all(burst);
    clearInterval(ticker);
    expect(answers).toEqual([true, false, true, false, true, false, true, false]);
    expect(hashesInFlight()).toEqual({ first: 0, second: 0 });
    // Idle again: the next one goes to the first thread.
    const next = verifyPassword(stored, "Burst-password-1!");
    expect(hashesInFlight()).toEqual({ first: 1, second: 0 });
    expect(await next).toBe(true);
    // Eight hashes are over 100 ms of work: a blocked loop would not have turned in between.
    expect(turns).toBeGreaterThan(5);
  });
});

describe("concurrent sign-ins", () => {
  const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "1000" } });

  it("all succeed, each with its own session", async () => {
    const owner = await createMerchant(t.database.db);
    const shopId = owner.shop?.id as number;
    const people = await Promise.all(
      Array.from({ length: 6 }, () => createCustomer(t.database.db, shopId)),
    );
    const answers = await Promise.all(
      [...people, ...people].map((c) =>
        t.app.inject({
          method: "POST",
          url: "/api/v1/customer/auth/sign-in",
          payload: { email: c.email, password: c.password, shopId },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    const tokens = new Set(answers.map((a) => a.json().token));
    expect(tokens.size).toBe(12);
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/v1/customer/auth/sign-in",
      payload: { email: people[0]?.email, password: "Wrong@1234", shopId },
    });
    expect(wrong.statusCode).toBe(401);
  });
});
