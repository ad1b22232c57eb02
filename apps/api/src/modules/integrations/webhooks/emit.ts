import { randomBytes } from "node:crypto";
import type { WebhookEventType } from "@tessera/shared";
import { sql } from "drizzle-orm";
import type { Executor } from "../../../infra/db";
import { newMessageId } from "./outbound";
import * as repo from "./repo";

/**
 * Webhook events are written in the transaction of the change they tell about (an outbox): one
 * delivery row per endpoint that chose the event's type. A change that rolls back (a declined
 * payment) leaves no row, so nothing is sent; one that commits wakes the delivery job.
 */

/** Listened to by the delivery wiring: a notification after commit wakes the job at once. */
export const WEBHOOKS_CHANNEL = "tessera_webhooks";

/** The Standard Webhooks payload: `{ type, timestamp, data }`. */
export function webhookPayload(type: string, data: Record<string, unknown>, at: Date): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/**
 * Queues `type` for each of the shop's enabled endpoints that chose it. `key` makes the event id
 * stable (`membership.renewed:<transaction id>`): the same event emitted twice is delivered once
 * per endpoint. Without one, each call is its own event.
 */
export async function emitWebhookEvent(
  tx: Executor,
  shopId: number,
  type: WebhookEventType,
  data: Record<string, unknown>,
  key?: string | number,
): Promise<number> {
  const endpoints = (await repo.listEnabledEndpoints(tx, shopId)).filter((e) =>
    e.eventTypes.includes(type),
  );
  if (endpoints.length === 0) return 0;
  const eventId =
    key === undefined ? `evt_${randomBytes(12).toString("base64url")}` : `${type}:${key}`;
  const payload = webhookPayload(type, data, new Date());
  const rows = await repo.insertDeliveries(
    tx,
    endpoints.map((endpoint) => ({
      shopId,
      endpointId: endpoint.id,
      eventId,
      eventType: type,
      messageId: newMessageId(),
      payload,
      // Null: due at once (whatever the workers' clock says).
      nextAttemptAt: null,
    })),
  );
  if (rows.length > 0) await tx.execute(sql`select pg_notify(${WEBHOOKS_CHANNEL}, '')`);
  return rows.length;
}

/** Dates as ISO strings, money in cents: the shapes the events' `data` carry. */
const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

export function memberData(c: {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber?: string | null;
  isDisabled?: boolean;
  createdAt?: Date;
}) {
  return {
    member: {
      id: c.id,
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email,
      phone: c.phoneNumber ?? null,
      disabled: c.isDisabled ?? false,
      joinedAt: iso(c.createdAt),
    },
  };
}

export function membershipData(m: {
  id: number;
  customerId: number;
  tierId: number;
  plan: string;
  status: string;
  paymentType?: string;
  startDate?: Date;
  expireDate: Date;
  cancelledAt?: Date | null;
  endedAt?: Date | null;
}) {
  return {
    membership: {
      id: m.id,
      memberId: m.customerId,
      tierId: m.tierId,
      plan: m.plan,
      status: m.status,
      paymentType: m.paymentType ?? null,
      startDate: iso(m.startDate),
      expireDate: iso(m.expireDate),
      cancelledAt: iso(m.cancelledAt),
      endedAt: iso(m.endedAt),
    },
  };
}

export function transactionData(t: {
  id: number;
  kind: string;
  customerId: number | null;
  amountCents: number;
  priceCents: number;
  discountCents: number;
  cashbackUsedCents: number;
  paymentType: string;
  status: string;
  createdAt: Date;
  refundedAt?: Date | null;
}) {
  return {
    payment: {
      id: t.id,
      kind: t.kind,
      memberId: t.customerId,
      amountCents: t.amountCents,
      priceCents: t.priceCents,
      discountCents: t.discountCents,
      cashbackUsedCents: t.cashbackUsedCents,
      paymentType: t.paymentType,
      status: t.status,
      paidAt: iso(t.createdAt),
      refundedAt: iso(t.refundedAt),
    },
  };
}

export function redemptionData(
  r: {
    id: number;
    customerId: number | null;
    redemptionType: string;
    item: string;
    valueCents: number;
    customerMembershipId: number | null;
    customerOfferId: number | null;
    redemptionDate: Date;
  },
  by: string,
) {
  return {
    redemption: {
      id: r.id,
      memberId: r.customerId,
      type: r.redemptionType,
      item: r.item,
      valueCents: r.valueCents,
      membershipId: r.customerMembershipId,
      offerPurchaseId: r.customerOfferId,
      redeemedAt: iso(r.redemptionDate),
      /** Who recorded it: the member themself or the shop at the counter. */
      recordedBy: by === "customer" ? "member" : "shop",
    },
  };
}
