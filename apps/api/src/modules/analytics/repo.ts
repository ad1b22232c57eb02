import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../infra/db";
import type { CustomerHistory, MembershipHistory } from "./engine";

/** Milliseconds since the epoch, as a double (PGlite and node-postgres both answer a number). */
const ms = (column: ReturnType<typeof sql.raw>) =>
  sql`(extract(epoch from ${column}) * 1000)::float8`;

/**
 * When a membership stopped: `ended_at` (expiry, refund, an unpaid renewal cancelled), or for a
 * cancelled one the end of its paid time, which the expiry job records a moment later.
 */
const END_AT = sql.raw(
  `coalesce(m.ended_at, case when m.status in ('cancelled', 'expired') then m.expire_date end)`,
);

type HistoryRow = {
  membership_id: number;
  customer_id: number;
  start_ms: number;
  end_ms: number | null;
  first_start_ms: number;
  membership_tier_id: number;
  paid_ms: number | null;
  tier_id: number | null;
  arr_cents: number | null;
};

/**
 * The shop's memberships that were running at or after `since` (and started before `until`),
 * each with its paid periods: a purchase or renewal sets the tier and the price from its
 * payment on (price − discount, annualised: monthly × 12, yearly × 1). Refunded payments count
 * for the time the membership ran; the refund ended it. The payments come from
 * `membership_price_changes`, which holds only those that change the tier or the price (the
 * triggers of migration 0009 keep it), so the read never scans the shop's transactions.
 */
export async function loadHistories(
  db: Executor,
  shopId: number,
  since: Date,
  until: Date,
): Promise<CustomerHistory[]> {
  const rows = await queryRows<HistoryRow>(
    db,
    sql`with firsts as (
        select customer_id, min(start_date) as first_start
        from customer_memberships where shop_id = ${shopId} group by customer_id
      )
      select m.id as membership_id, m.customer_id, ${ms(sql.raw("m.start_date"))} as start_ms,
        ${ms(END_AT)} as end_ms, m.tier_id as membership_tier_id,
        ${ms(sql.raw("c.changed_at"))} as paid_ms, c.tier_id, c.arr_cents::float8 as arr_cents,
        ${ms(sql.raw("f.first_start"))} as first_start_ms
      from customer_memberships m
      join firsts f on f.customer_id = m.customer_id
      left join membership_price_changes c on c.membership_id = m.id and c.changed_at < ${until}
      where m.shop_id = ${shopId} and m.start_date < ${until}
        and (${END_AT} is null or ${END_AT} > ${since})
      order by m.customer_id, m.id, c.changed_at, c.transaction_id`,
  );
  const customers: CustomerHistory[] = [];
  let customer: CustomerHistory | undefined;
  let membership: MembershipHistory | undefined;
  for (const row of rows) {
    const customerId = Number(row.customer_id);
    if (customer?.customerId !== customerId) {
      customer = { customerId, firstStart: Number(row.first_start_ms), memberships: [] };
      customers.push(customer);
    }
    const id = Number(row.membership_id);
    if (membership?.id !== id) {
      const start = Number(row.start_ms);
      membership = {
        id,
        customerId,
        start,
        end: row.end_ms === null ? null : Number(row.end_ms),
        segments: [],
      };
      customer.memberships.push(membership);
      // A membership without a recorded payment (granted free) is on its tier at no price.
      if (row.paid_ms === null) {
        membership.segments.push({
          at: start,
          tierId: Number(row.membership_tier_id),
          arrCents: 0,
        });
        continue;
      }
    }
    const tierId = Number(row.tier_id ?? row.membership_tier_id);
    const arrCents = Number(row.arr_cents ?? 0);
    const previous = membership.segments[membership.segments.length - 1];
    // The first payment prices the membership from its start; a renewal at the same tier and
    // price changes nothing.
    if (!previous) membership.segments.push({ at: membership.start, tierId, arrCents });
    else if (previous.tierId !== tierId || previous.arrCents !== arrCents) {
      membership.segments.push({
        at: Math.max(Number(row.paid_ms), previous.at),
        tierId,
        arrCents,
      });
    }
  }
  return customers;
}

/**
 * Renewals whose charge failed, and renewals paid after a failure (recovered), in the window.
 * A run of failures for one period counts once: the first of them. Read from the failed
 * renewals (few, in a partial index) and each one's neighbours among its membership's renewals
 * (with a tier filter, among that tier's), instead of every renewal of the shop.
 */
export async function renewalRecoveries(
  db: Executor,
  shopId: number,
  start: Date,
  end: Date,
  tierId?: number,
) {
  const tier = (alias: string) =>
    tierId === undefined ? sql`` : sql`and ${sql.raw(alias)}.tier_id = ${tierId}`;
  const renewalOf = (alias: string) =>
    sql`${sql.raw(alias)}.customer_membership_id = f.customer_membership_id
      and ${sql.raw(alias)}.shop_id = ${shopId}
      and ${sql.raw(alias)}.kind = 'membership_renewal' ${tier(alias)}`;
  const [row] = await queryRows<{ failed: string; recovered: string; recovered_cents: string }>(
    db,
    sql`select
        count(*) filter (where f.created_at >= ${start} and p.status is distinct from 'failed')
          as failed,
        count(*) filter (where n.status <> 'failed' and n.created_at >= ${start}) as recovered,
        coalesce(sum(n.amount_cents) filter (where n.status = 'succeeded'
          and n.created_at >= ${start}), 0) as recovered_cents
      from transactions f
      left join lateral (
        select p.status from transactions p where ${renewalOf("p")}
          and (p.created_at, p.id) < (f.created_at, f.id)
        order by p.created_at desc, p.id desc limit 1
      ) p on true
      left join lateral (
        select n.status, n.created_at, n.amount_cents from transactions n where ${renewalOf("n")}
          and (n.created_at, n.id) > (f.created_at, f.id) and n.created_at < ${end}
        order by n.created_at, n.id limit 1
      ) n on true
      where f.shop_id = ${shopId} and f.kind = 'membership_renewal' and f.status = 'failed'
        and f.created_at < ${end} ${tier("f")}`,
  );
  return {
    failed: Number(row?.failed ?? 0),
    recovered: Number(row?.recovered ?? 0),
    recoveredCents: Number(row?.recovered_cents ?? 0),
  };
}

export async function listTiers(db: Executor, shopId: number) {
  return queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from membership_tiers where shop_id = ${shopId} order by price_cents, id`,
  );
}

export async function listBenefits(db: Executor, shopId: number) {
  return queryRows<{ id: number; tier_id: number; name: string }>(
    db,
    sql`select id, tier_id, name from membership_benefits where shop_id = ${shopId}
      order by tier_id, position, id`,
  );
}

/** Benefit redemptions of the memberships given, as "membership:benefit:month" keys. */
export async function benefitRedemptionKeys(
  db: Executor,
  shopId: number,
  since: Date,
): Promise<Set<string>> {
  const rows = await queryRows<{ k: string }>(
    db,
    sql`select customer_membership_id || ':' || benefit_id || ':' || membership_month as k
      from redemptions
      where shop_id = ${shopId} and redemption_type = 'benefit' and redemption_date >= ${since}
        and customer_membership_id is not null and benefit_id is not null`,
  );
  return new Set(rows.map((r) => r.k));
}

/** Cashback credited, spent and taken back in the window, and what members hold at its end. */
export async function cashbackFlows(db: Executor, shopId: number, start: Date, end: Date) {
  const [row] = await queryRows<Record<string, string>>(
    db,
    sql`select
        coalesce(sum(amount_cents) filter (where kind in ('reward', 'refund') and created_at >= ${start}), 0) as earned,
        coalesce(-sum(amount_cents) filter (where kind in ('redemption', 'offer_payment') and created_at >= ${start}), 0) as redeemed,
        coalesce(-sum(amount_cents) filter (where kind = 'reversal' and created_at >= ${start}), 0) as reversed,
        coalesce(sum(amount_cents), 0) as liability
      from cashback_ledger where shop_id = ${shopId} and created_at < ${end}`,
  );
  return {
    earned: Number(row?.earned ?? 0),
    redeemed: Number(row?.redeemed ?? 0),
    reversed: Number(row?.reversed ?? 0),
    liability: Number(row?.liability ?? 0),
  };
}

/**
 * Offers that ran on a day of the window or sold in it: units sold in the window and ever
 * (refunded purchases are voided and do not count), revenue in the window (card or cash plus
 * cashback), and how many of the window's sales were redeemed.
 */
export async function offerFigures(
  db: Executor,
  shopId: number,
  range: { start: Date; end: Date; startDay: string; endDay: string },
) {
  return queryRows<{
    id: number;
    offer_name: string;
    is_limited: boolean;
    quantity: number;
    sold: string;
    sold_all_time: string;
    redeemed: string;
    revenue_cents: string;
  }>(
    db,
    sql`with sales as (
        select offer_id,
          count(*) filter (where purchased_at >= ${range.start}) as sold,
          count(*) as sold_all_time,
          count(*) filter (where purchased_at >= ${range.start} and redeemed_at is not null) as redeemed
        from customer_offers
        where shop_id = ${shopId} and voided_at is null and purchased_at < ${range.end}
        group by offer_id
      ), revenue as (
        select offer_id, sum(amount_cents + cashback_used_cents) as cents
        from transactions
        where shop_id = ${shopId} and kind = 'offer_purchase' and status = 'succeeded'
          and created_at >= ${range.start} and created_at < ${range.end}
        group by offer_id
      )
      select o.id, o.offer_name, o.is_limited, o.quantity,
        coalesce(s.sold, 0) as sold, coalesce(s.sold_all_time, 0) as sold_all_time,
        coalesce(s.redeemed, 0) as redeemed, coalesce(r.cents, 0) as revenue_cents
      from offers o
      left join sales s on s.offer_id = o.id
      left join revenue r on r.offer_id = o.id
      where o.shop_id = ${shopId}
        and (coalesce(s.sold, 0) > 0 or r.cents is not null
          or (o.start_date <= ${range.endDay} and o.end_date >= ${range.startDay}))
      order by coalesce(r.cents, 0) desc, o.id desc`,
  );
}
