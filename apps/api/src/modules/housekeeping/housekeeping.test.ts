import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountTokens, emailOutbox, notifications, sessions } from "../../db/schema";
import { createCustomer, createMerchant } from "../../test/factories";
import { appForFile } from "../../test/file-app";
import { runHousekeeping } from "./housekeeping";

// The run is placed in the past, so it can only delete the rows this test dates before it,
// never the rows of test files sharing the PostgreSQL database.
const NOW = new Date("2001-06-01T00:00:00Z");
const at = (days: number) => new Date(NOW.getTime() + days * 24 * 60 * 60 * 1000);

describe("housekeeping", () => {
  const t = appForFile();

  it("deletes ended sessions and tokens, old e-mails and old read notifications, nothing else", async () => {
    const db = t.database.db;
    const merchant = await createMerchant(db);
    const shopId = merchant.shop?.id as number;
    const { customer } = await createCustomer(db, shopId);
    const hash = () => Math.random().toString(16).slice(2).padEnd(64, "0");
    const session = (expiresAt: Date) => ({
      tokenHash: hash(),
      userId: merchant.user.id,
      expiresAt,
    });
    const madeSessions = await db
      .insert(sessions)
      .values([session(at(-3)), session(at(5))])
      .returning({ id: sessions.id });
    const token = (expiresAt: Date, usedAt: Date | null) => ({
      purpose: "reset_password" as const,
      tokenHash: hash(),
      userId: merchant.user.id,
      expiresAt,
      usedAt,
    });
    const madeTokens = await db
      .insert(accountTokens)
      .values([token(at(-2), null), token(at(30), at(-200)), token(at(30), at(-1))])
      .returning({ id: accountTokens.id });
    const mail = (createdAt: Date) => ({
      toAddress: "old@example.com",
      fromAddress: "Tessera <no-reply@tessera.local>",
      subject: "Old",
      text: "Old",
      html: "<p>Old</p>",
      status: "sent" as const,
      createdAt,
    });
    const madeMails = await db
      .insert(emailOutbox)
      .values([mail(at(-100)), mail(at(-10))])
      .returning({ id: emailOutbox.id });
    const note = (createdAt: Date, isRead: boolean) => ({
      shopId,
      customerId: customer.id,
      event: "test",
      title: "Old",
      message: "Old",
      isRead,
      createdAt,
    });
    const madeNotes = await db
      .insert(notifications)
      .values([note(at(-100), true), note(at(-100), false), note(at(-10), true)])
      .returning({ id: notifications.id });

    const result = await runHousekeeping(db, { now: NOW, retentionDays: 90 });
    expect(result).toEqual({ sessions: 1, tokens: 2, emails: 1, notifications: 1 });

    const left = async <T extends { id: number }>(
      rows: T[],
      table: typeof sessions | typeof accountTokens | typeof emailOutbox | typeof notifications,
    ) =>
      (
        await db
          .select({ id: table.id })
          .from(table)
          .where(
            inArray(
              table.id,
              rows.map((r) => r.id),
            ),
          )
      ).map((r) => r.id);
    expect(await left(madeSessions, sessions)).toEqual([madeSessions[1]?.id]);
    expect(await left(madeTokens, accountTokens)).toEqual([madeTokens[2]?.id]);
    expect(await left(madeMails, emailOutbox)).toEqual([madeMails[1]?.id]);
    expect((await left(madeNotes, notifications)).sort()).toEqual(
      [madeNotes[1]?.id, madeNotes[2]?.id].sort(),
    );
  });
});
