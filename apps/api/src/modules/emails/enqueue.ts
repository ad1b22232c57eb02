import { sql } from "drizzle-orm";
import type { Shop } from "../../db/schema";
import type { Executor } from "../../infra/db";
import { queueOutboxEmail } from "../../infra/mailer/outbox-repo";
import {
  type EmailPayloads,
  type EmailTemplate,
  OPTIONAL_TEMPLATES,
  type ShopSnapshot,
} from "./payloads";

/**
 * Queues one e-mail in the caller's transaction, keyed by event and recipient: the same event
 * twice queues one e-mail. The delivery job writes and sends it (`delivery.ts`).
 */

const CHANNEL = "tessera_emails";

export function snapshot(shop: Shop, ownerEmail: string | null): ShopSnapshot {
  return {
    id: shop.id,
    name: shop.name,
    logo: shop.logo,
    primaryColor: shop.primaryColor,
    timeZone: shop.timeZone,
    replyTo: ownerEmail,
    defaultLocale: shop.defaultLocale,
  };
}

export async function queue<T extends EmailTemplate>(
  tx: Executor,
  template: T,
  event: string,
  to: { email: string; shopId: number; locale?: string | null },
  payload: EmailPayloads[T],
) {
  const id = await queueOutboxEmail(tx, {
    idempotencyKey: eventKey(event, to.email),
    toAddress: to.email,
    template,
    // The customer's language as it is now; the e-mail is written in it even if sent later.
    payload: { ...payload, locale: to.locale ?? null },
    category: categoryOf(template),
    shopId: to.shopId,
  });
  // Wakes the delivery job on every instance once this commits (the job runs each minute anyway).
  if (id !== null) await tx.execute(sql`select pg_notify(${CHANNEL}, '')`);
  return id;
}

export const EMAILS_CHANNEL = CHANNEL;

/** What a recipient can turn off: a customer's reminders, a team member's digest. */
function categoryOf(template: EmailTemplate) {
  if (template === "team_digest") return "digests" as const;
  return OPTIONAL_TEMPLATES.includes(template)
    ? ("reminders" as const)
    : ("transactional" as const);
}

/** The idempotency key `queue` gives an event's e-mail to one address. */
export function eventKey(event: string, email: string) {
  return `${event}:${email.trim().toLowerCase()}`;
}
