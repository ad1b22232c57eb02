import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../infra/db";

/**
 * Renewals whose charge failed, and renewals paid after a failure (recovered), in the window.
 * A run of failures for one period counts once: the first of them. With a tier filter, a
 * renewal's neighbours are its membership's renewals on that tier. Read from the renewals'
 * rollup (migration 0029_renewal_recoveries), which keeps only the renewals that count, with
 * their flags for both readings.
 */
export async function renewalRecoveries(
  db: Executor,
  shopId: number,
  start: Date,
  end: Date,
  tierId?: number,
) {
  const [failed, recovered] =
    tierId === undefined
      ? [sql.raw("failed"), sql.raw("recovered")]
      : [sql.raw("tier_failed"), sql.raw("tier_recovered")];
  const [row] = await queryRows<{ failed: string; recovered: string; recovered_cents: string }>(
    db,
    sql`select count(*) filter (where ${failed}) as failed,
        count(*) filter (where ${recovered}) as recovered,
        coalesce(sum(paid_cents) filter (where ${recovered}), 0) as recovered_cents
      from analytics_renewal_events
      where shop_id = ${shopId} and created_at >= ${start} and created_at < ${end}
        ${tierId === undefined ? sql`` : sql`and tier_id = ${tierId}`}`,
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

const DAY_MS = 86_400_000;

/**
 * The offer facts in [from, to) from the rows themselves: one row per purchase (sold, redeemed)
 * and per paying transaction (revenue), with `at` its instant.
 */
function rawOfferFacts(shopId: number, from: Date, to: Date) {
  return sql`select offer_id, purchased_at as at, 1 as sold,
      (redeemed_at is not null)::int as redeemed, 0::bigint as revenue_cents, 0 as payments
    from customer_offers
    where shop_id = ${shopId} and voided_at is null and purchased_at >= ${from} and purchased_at < ${to}
    union all
    select offer_id, created_at, 0, 0, (amount_cents + cashback_used_cents)::bigint, 1
    from transactions
    where shop_id = ${shopId} and kind = 'offer_purchase' and status = 'succeeded'
      and offer_id is not null and created_at >= ${from} and created_at < ${to}`;
}

/**
 * Every offer fact before `end` (sales ever count for sell-through): the UTC days of
 * `analytics_offer_days` (migration 0021_offer_rollup) that end by `end`, at their first instant,
 * and the rows themselves for the rest — the day holding `end`, and the day holding `start` when
 * the window starts inside it (its rolled-up day would mix sales before and in the window). So
 * `at >= start` tells exactly the window's facts.
 */
function offerFactsBefore(shopId: number, start: Date, end: Date) {
  const dayOf = (at: Date) => Math.floor(at.getTime() / DAY_MS) * DAY_MS;
  const endDay = dayOf(end);
  const startDay = dayOf(start);
  const cutStart = startDay !== start.getTime() && startDay < endDay;
  const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const parts = [
    sql`select offer_id, (day::timestamp at time zone 'UTC') as at, sold, redeemed, revenue_cents,
        payments
      from analytics_offer_days
      where shop_id = ${shopId} and day < ${isoDay(endDay)}::date
        ${cutStart ? sql`and day <> ${isoDay(startDay)}::date` : sql``}`,
    rawOfferFacts(shopId, new Date(endDay), end),
  ];
  if (cutStart) {
    parts.push(rawOfferFacts(shopId, new Date(startDay), new Date(startDay + DAY_MS)));
  }
  return sql.join(parts, sql` union all `);
}

/**
 * Offers that ran on a day of the window or sold in it: units sold in the window and ever
 * (refunded purchases are voided and do not count), revenue in the window (card or cash plus
 * cashback), and how many of the window's sales were redeemed. Summed from the offer days
 * rollup, the rows read only for the window's cut days.
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
    sql`with facts as (${offerFactsBefore(shopId, range.start, range.end)}),
      per_offer as (
        select offer_id,
          coalesce(sum(sold) filter (where at >= ${range.start}), 0) as sold,
          coalesce(sum(sold), 0) as sold_all_time,
          coalesce(sum(redeemed) filter (where at >= ${range.start}), 0) as redeemed,
          coalesce(sum(revenue_cents) filter (where at >= ${range.start}), 0) as revenue_cents,
          coalesce(sum(payments) filter (where at >= ${range.start}), 0) as payments
        from facts group by offer_id
      )
      select o.id, o.offer_name, o.is_limited, o.quantity,
        coalesce(f.sold, 0) as sold, coalesce(f.sold_all_time, 0) as sold_all_time,
        coalesce(f.redeemed, 0) as redeemed, coalesce(f.revenue_cents, 0) as revenue_cents
      from offers o
      left join per_offer f on f.offer_id = o.id
      where o.shop_id = ${shopId}
        and (coalesce(f.sold, 0) > 0 or coalesce(f.payments, 0) > 0
          or (o.start_date <= ${range.endDay} and o.end_date >= ${range.startDay}))
      order by coalesce(f.revenue_cents, 0) desc, o.id desc`,
  );
}

const COHORT_MONTH_COLUMNS = sql.raw(
  Array.from({ length: 12 }, (_, k) => `coalesce(sum(m${k + 1}), 0)::int as m${k + 1}`).join(", "),
);

/** The cohort rollup's days strictly between two local days, summed over tiers (or one tier). */
export async function cohortDays(
  db: Executor,
  shopId: number,
  afterDay: string,
  beforeDay: string,
  tierId?: number,
) {
  return queryRows<{ day: string; size: number } & Record<`m${number}`, number>>(
    db,
    sql`select day::text as day, coalesce(sum(size), 0)::int as size, ${COHORT_MONTH_COLUMNS}
      from analytics_cohort_days
      where shop_id = ${shopId} and day > ${afterDay}::date and day < ${beforeDay}::date
        ${tierId === undefined ? sql`` : sql`and tier_id = ${tierId}`}
      group by day`,
  );
}

/**
 * The customers who first joined in the given instants ([from, to) each), with the first start
 * in whole microseconds and their month bits (`analytics_cohort_members`).
 */
export async function cohortMembers(
  db: Executor,
  shopId: number,
  ranges: { from: Date; to: Date }[],
  tierId?: number,
) {
  if (ranges.length === 0) return [];
  const within = sql.join(
    ranges.map((r) => sql`(first_start >= ${r.from} and first_start < ${r.to})`),
    sql` or `,
  );
  return queryRows<{ first_start_us: string; active: number }>(
    db,
    sql`select (extract(epoch from first_start) * 1000000)::bigint::text as first_start_us, active
      from analytics_cohort_members
      where shop_id = ${shopId} and active >= 0 and (${within})
        ${tierId === undefined ? sql`` : sql`and tier_id = ${tierId}`}`,
  );
}
