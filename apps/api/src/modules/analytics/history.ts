import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../infra/db";
import type { CustomerHistory, MembershipHistory } from "./engine";

/** Milliseconds since the epoch as text: float8 prints the shortest text of the same double. */
const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/**
 * When a membership stopped: `ended_at` (expiry, refund, an unpaid renewal cancelled), or for a
 * cancelled one the end of its paid time, which the expiry job records a moment later.
 */
const END_AT = `coalesce(ended_at, case when status in ('cancelled', 'expired') then expire_date end)`;

/** A nullable column as text, empty for null, so every line has its fields at fixed places. */
const field = (expression: ReturnType<typeof sql.raw>) => sql`coalesce((${expression})::text, '')`;

/**
 * Rows arrive as one text, a line per row with comma-separated numbers: a hundred thousand
 * rows cost the driver far more to build as row objects than one string costs to split.
 */
async function lines(db: Executor, query: ReturnType<typeof sql>): Promise<string[][]> {
  const [row] = await queryRows<{ lines: string | null }>(db, query);
  if (!row?.lines) return [];
  return row.lines.split("\n").map((line) => line.split(","));
}

const num = (value: string | undefined) => Number(value);
const orNull = (value: string | undefined) => (value ? Number(value) : null);

type Change = { at: number; paymentId: number; tierId: number | null; arrCents: number };

/**
 * The shop's memberships that were running at or after `since` (and started before `until`),
 * grouped by customer, each with its paid periods: a purchase or renewal sets the tier and the
 * price from its payment on (price − discount, annualised: monthly × 12, yearly × 1). Refunded
 * payments count for the time the membership ran; the refund ended it.
 *
 * Two plain reads, joined here: the shop's memberships (all of them, for each customer's first
 * start) and `membership_price_changes`, the payments that change a tier or a price (kept by
 * the triggers of migration 0009), so the read never scans the shop's transactions.
 */
export async function loadHistories(
  db: Executor,
  shopId: number,
  since: Date,
  until: Date,
): Promise<CustomerHistory[]> {
  const [memberships, changes] = await Promise.all([
    lines(
      db,
      sql`select string_agg(concat_ws(',', id, customer_id, tier_id, ${ms("start_date")},
          ${field(ms(END_AT))}), E'\n') as lines
        from customer_memberships where shop_id = ${shopId}`,
    ),
    lines(
      db,
      sql`select string_agg(concat_ws(',', membership_id, transaction_id, ${ms("changed_at")},
          ${field(sql.raw("tier_id"))}, arr_cents), E'\n') as lines
        from membership_price_changes where shop_id = ${shopId} and changed_at < ${until}`,
    ),
  ]);
  const changesOf = new Map<number, Change[]>();
  for (const f of changes) {
    const id = num(f[0]);
    const change = {
      paymentId: num(f[1]),
      at: num(f[2]),
      tierId: orNull(f[3]),
      arrCents: num(f[4]),
    };
    const list = changesOf.get(id);
    if (list) list.push(change);
    else changesOf.set(id, [change]);
  }
  const from = since.getTime();
  const to = until.getTime();
  const customers = new Map<number, CustomerHistory>();
  const out: CustomerHistory[] = [];
  for (const f of memberships) {
    const customerId = num(f[1]);
    const start = num(f[3]);
    let customer = customers.get(customerId);
    if (!customer) {
      customer = { customerId, firstStart: start, memberships: [] };
      customers.set(customerId, customer);
    } else if (start < customer.firstStart) customer.firstStart = start;
    const end = orNull(f[4]);
    if (start >= to || (end !== null && end <= from)) continue;
    const id = num(f[0]);
    const segments = segmentsOf(start, num(f[2]), changesOf.get(id));
    if (customer.memberships.length === 0) out.push(customer);
    customer.memberships.push({ id, customerId, start, end, segments });
  }
  // Oldest membership first, as a customer's standing takes the first one running.
  for (const c of out) if (c.memberships.length > 1) c.memberships.sort((a, b) => a.id - b.id);
  return out;
}

/**
 * The first payment prices the membership from its start; a later one starts a segment when it
 * changes the tier or the price (a payment without a tier, deleted since, is on the
 * membership's). A membership without a recorded payment (granted free) is on its tier at no
 * price.
 */
function segmentsOf(start: number, membershipTierId: number, changes: Change[] | undefined) {
  if (!changes) return [{ at: start, tierId: membershipTierId, arrCents: 0 }];
  changes.sort((a, b) => a.at - b.at || a.paymentId - b.paymentId);
  const segments: MembershipHistory["segments"] = [];
  for (const c of changes) {
    const tierId = c.tierId ?? membershipTierId;
    const previous = segments[segments.length - 1];
    if (!previous) segments.push({ at: start, tierId, arrCents: c.arrCents });
    else if (previous.tierId !== tierId || previous.arrCents !== c.arrCents) {
      segments.push({ at: Math.max(c.at, previous.at), tierId, arrCents: c.arrCents });
    }
  }
  return segments;
}
