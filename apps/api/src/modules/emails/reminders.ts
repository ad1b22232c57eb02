import { sql } from "drizzle-orm";
import type { Database, Executor } from "../../infra/db";
import { queryRows } from "../../infra/db";
import { queue, snapshot } from "./queue";
import * as repo from "./repo";

/**
 * The reminder sweeps, run by the `email-reminders` job each minute: a membership renewing
 * within its shop's lead time (7 days before a yearly renewal, 3 before a monthly one, unless
 * the shop chose otherwise), and a bought offer not redeemed 48 hours before it expires. Each is
 * queued once (its idempotency key); a customer who turned reminders off is skipped.
 */

const OFFER_LEAD_HOURS = 48;
const BATCH = 200;

type DueRenewal = {
  id: number;
  shop_id: number;
  customer_id: number;
  email: string;
};

/** The same key `queue` gives, so a reminder queued already is not looked at again. */
function keySql(event: ReturnType<typeof sql>, email: ReturnType<typeof sql>) {
  return sql`${event} || ':' || lower(trim(${email}))`;
}

export async function runRenewalReminders(db: Database, at: Date): Promise<number> {
  const due = await queryRows<DueRenewal>(
    db,
    sql`select m.id, m.shop_id, m.customer_id, c.email
      from customer_memberships m
      join customers c on c.id = m.customer_id
      left join shop_email_settings es on es.shop_id = m.shop_id
      left join customer_email_preferences p on p.customer_id = m.customer_id
      where m.status = 'active'
        and m.expire_date > ${at}
        and m.expire_date <= ${at}::timestamptz + make_interval(days => case
          when coalesce(m.next_plan, m.plan) = 'yearly' then coalesce(es.yearly_reminder_days, 7)
          else coalesce(es.monthly_reminder_days, 3) end)
        and coalesce(p.reminders, true)
        and not exists (select 1 from email_outbox o where o.idempotency_key = ${keySql(
          sql`'renewal-reminder:' || m.id || ':' || (extract(epoch from m.expire_date) * 1000)::bigint`,
          sql`c.email`,
        )})
      order by m.expire_date
      limit ${BATCH}`,
  );
  for (const row of due) await db.transaction((tx) => queueRenewalReminder(tx, row.id));
  return due.length;
}

async function queueRenewalReminder(tx: Executor, membershipId: number) {
  const m = await repo.findMembership(tx, membershipId);
  if (m?.status !== "active") return;
  const tier = await repo.findTier(tx, m.nextTierId ?? m.tierId);
  const found = await repo.findShopWithOwner(tx, m.shopId);
  const customer = await repo.findCustomer(tx, m.shopId, m.customerId);
  if (!tier || !found || !customer) return;
  const byCard = m.cardToken !== null && m.paymentType !== "cash";
  await queue(
    tx,
    "renewal_reminder",
    `renewal-reminder:${m.id}:${m.expireDate.getTime()}`,
    customer,
    {
      shop: snapshot(found.shop, found.ownerEmail),
      customerId: customer.id,
      firstName: customer.firstName,
      membershipName: tier.name,
      plan: m.nextPlan ?? m.plan,
      priceCents: tier.priceCents,
      renewsAt: m.expireDate.toISOString(),
      byCard,
      cardLabel: byCard ? m.cardLabel : null,
    },
  );
}

type DueOffer = {
  id: number;
  shop_id: number;
  customer_id: number;
  offer_name: string;
  expires_at: string | Date;
};

export async function runOfferReminders(db: Database, at: Date): Promise<number> {
  const until = new Date(at.getTime() + OFFER_LEAD_HOURS * 60 * 60 * 1000);
  const due = await queryRows<DueOffer>(
    db,
    sql`select co.id, co.shop_id, co.customer_id, o.offer_name, co.expires_at
      from customer_offers co
      join offers o on o.id = co.offer_id
      join customers c on c.id = co.customer_id
      left join customer_email_preferences p on p.customer_id = co.customer_id
      where co.redeemed_at is null and co.voided_at is null
        and co.expires_at > ${at} and co.expires_at <= ${until}
        and coalesce(p.reminders, true)
        and not exists (select 1 from email_outbox e where e.idempotency_key = ${keySql(
          sql`'offer-expiring:' || co.id`,
          sql`c.email`,
        )})
      order by co.expires_at
      limit ${BATCH}`,
  );
  for (const row of due) {
    await db.transaction(async (tx) => {
      const found = await repo.findShopWithOwner(tx, row.shop_id);
      const customer = await repo.findCustomer(tx, row.shop_id, row.customer_id);
      if (!found || !customer) return;
      await queue(tx, "offer_expiring", `offer-expiring:${row.id}`, customer, {
        shop: snapshot(found.shop, found.ownerEmail),
        customerId: customer.id,
        firstName: customer.firstName,
        offerName: row.offer_name,
        expiresAt: new Date(row.expires_at).toISOString(),
      });
    });
  }
  return due.length;
}
