import { addDays, getZonedDateTime, startOfDay, todayInTimeZone } from "@tessera/shared";
import type { Customer, Shop, transactions } from "../../db/schema";
import type { Database, Executor } from "../../infra/db";
import type { DashboardService } from "../dashboard/service";
import { eventKey, queue, snapshot } from "./enqueue";
import type { EmailPayloads } from "./payloads";
import * as repo from "./repo";

/**
 * The e-mails to a shop's own people. Instant ones are queued with the customer's e-mail of the
 * same event (in its transaction, keyed by event and recipient); the digest by a job that runs
 * every minute and queues, once per person and period, a summary after 08:00 in the shop's zone.
 */

type Transaction = typeof transactions.$inferSelect;

/** DOMAIN "digest": it goes out from this local hour on. */
export const DIGEST_HOUR = 8;

async function toTeam<T extends "team_new_member" | "team_payment_failed" | "team_refund">(
  tx: Executor,
  input: { shopId: number; choice: repo.TeamChoice; template: T; event: string },
  build: (shop: Shop, ownerEmail: string, firstName: string) => EmailPayloads[T],
) {
  const people = await repo.findTeamRecipients(tx, input.shopId, input.choice);
  if (people.length === 0) return;
  const found = await repo.findShopWithOwner(tx, input.shopId);
  if (!found) return;
  for (const person of people) {
    const payload = build(found.shop, found.ownerEmail, person.firstName);
    await queue(
      tx,
      input.template,
      `team:${input.event}`,
      { email: person.email, shopId: input.shopId },
      payload,
    );
  }
}

const nameOf = (c: Customer) => `${c.firstName} ${c.lastName}`.trim();

/** Someone bought a membership. */
export async function emailTeamNewMember(tx: Executor, t: Transaction, customer: Customer) {
  await toTeam(
    tx,
    {
      shopId: t.shopId,
      choice: "newMember",
      template: "team_new_member",
      event: `new-member:${t.id}`,
    },
    (shop, ownerEmail, firstName) => ({
      shop: snapshot(shop, ownerEmail),
      firstName,
      customerId: customer.id,
      memberName: nameOf(customer),
      membershipName: t.membershipName ?? "Membership",
      plan: t.plan,
      amountCents: t.amountCents,
      at: t.createdAt.toISOString(),
    }),
  );
}

/** A renewal charge was declined (the customer's e-mail says what happens next). */
export async function emailTeamPaymentFailed(
  tx: Executor,
  input: {
    event: string;
    customer: Customer;
    membershipName: string;
    amountCents: number;
    retryAt: string | null;
    attemptsLeft: number;
  },
) {
  const { customer } = input;
  await toTeam(
    tx,
    {
      shopId: customer.shopId,
      choice: "failedPayment",
      template: "team_payment_failed",
      event: input.event,
    },
    (shop, ownerEmail, firstName) => ({
      shop: snapshot(shop, ownerEmail),
      firstName,
      customerId: customer.id,
      memberName: nameOf(customer),
      membershipName: input.membershipName,
      amountCents: input.amountCents,
      retryAt: input.retryAt,
      attemptsLeft: input.attemptsLeft,
    }),
  );
}

/** A payment was refunded. */
export async function emailTeamRefund(
  tx: Executor,
  t: Transaction,
  customer: Customer,
  item: string,
) {
  if (!t.refundedAt) return;
  const refundedAt = t.refundedAt.toISOString();
  await toTeam(
    tx,
    { shopId: t.shopId, choice: "refund", template: "team_refund", event: `refund:${t.id}` },
    (shop, ownerEmail, firstName) => ({
      shop: snapshot(shop, ownerEmail),
      firstName,
      customerId: customer.id,
      memberName: nameOf(customer),
      item,
      amountCents: t.amountCents,
      cashbackUsedCents: t.cashbackUsedCents,
      refundedAt,
    }),
  );
}

/**
 * The period a digest due at `now` covers in the shop's zone, or null when none is due: before
 * 08:00 local nothing; a daily digest covers yesterday, a weekly one (Mondays) the seven days
 * before. Local midnights, so a day is 23 or 25 hours long across a DST change.
 */
export function digestPeriod(frequency: "daily" | "weekly", timeZone: string, now: Date) {
  if (getZonedDateTime(now, timeZone).hour < DIGEST_HOUR) return null;
  const today = todayInTimeZone(timeZone, now);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  if (frequency === "weekly" && weekday !== 1) return null;
  const firstDay = addDays(today, frequency === "daily" ? -1 : -7);
  return {
    firstDay,
    lastDay: addDays(today, -1),
    start: startOfDay(firstDay, timeZone),
    end: startOfDay(today, timeZone),
  };
}

/**
 * Queues the digests due now. The idempotency key names the shop, the person and the period's
 * first day, so a second run (or a second instance) the same day queues nothing, and the
 * figures are only computed for a digest not yet queued.
 */
export async function runDigests(db: Database, dashboard: DashboardService, now: Date) {
  let queued = 0;
  for (const person of await repo.findDigestSubscribers(db)) {
    if (person.digest === "none") continue;
    const period = digestPeriod(person.digest, person.timeZone, now);
    if (!period) continue;
    const event = `digest:${person.shopId}:${person.userId}:${person.digest}:${period.firstDay}`;
    if (await repo.isQueued(db, eventKey(event, person.email))) continue;
    const found = await repo.findShopWithOwner(db, person.shopId);
    if (!found) continue;
    const figures = await dashboard.getWindowFigures({ shopId: person.shopId }, period);
    const id = await queue(
      db,
      "team_digest",
      event,
      { email: person.email, shopId: person.shopId },
      {
        shop: snapshot(found.shop, found.ownerEmail),
        userId: person.userId,
        firstName: person.firstName,
        frequency: person.digest,
        firstDay: period.firstDay,
        lastDay: period.lastDay,
        figures: {
          membershipRevenueCents: figures.membershipCents,
          offerRevenueCents: figures.offerCents,
          newMembers: figures.newMemberships,
          churnedMembers: figures.endedMemberships,
          redemptions: figures.redemptions,
        },
      },
    );
    if (id !== null) queued += 1;
  }
  return queued;
}
