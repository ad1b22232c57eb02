import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../infra/db";
import type { CustomerHistory, MembershipHistory } from "./engine";

/** Microseconds since the epoch, a whole number (timestamps keep microseconds). */
const us = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000000)::bigint`);

/**
 * When a membership stopped: `ended_at` (expiry, refund, an unpaid renewal cancelled), or for a
 * cancelled one the end of its paid time, which the expiry job records a moment later.
 */
const END_AT = `coalesce(ended_at, case when status in ('cancelled', 'expired') then expire_date end)`;

/** A nullable column as text, empty for null, so every line has its fields at fixed places. */
const field = (expression: ReturnType<typeof sql.raw>) => sql`coalesce((${expression})::text, '')`;

/**
 * Rows arrive as one text, a line per row of `width` comma-separated whole numbers, read here
 * into one array (an empty field is NaN): a hundred thousand rows cost the driver and the
 * garbage collector far more as row objects or split strings.
 */
async function numbers(db: Executor, width: number, query: ReturnType<typeof sql>) {
  const [row] = await queryRows<{ lines: string | null }>(db, query);
  const text = row?.lines ?? "";
  if (text === "") return new Float64Array(0);
  let lines = 1;
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) === 10) lines += 1;
  const out = new Float64Array(lines * width);
  let k = 0;
  let value = 0;
  let sign = 1;
  let empty = true;
  for (let i = 0; i <= text.length; i += 1) {
    const c = i < text.length ? text.charCodeAt(i) : 10;
    if (c === 44 || c === 10) {
      out[k] = empty ? Number.NaN : sign * value;
      k += 1;
      value = 0;
      sign = 1;
      empty = true;
    } else if (c === 45) sign = -1;
    else {
      value = value * 10 + (c - 48);
      empty = false;
    }
  }
  if (k !== out.length) throw new Error("analytics history: malformed rows");
  return out;
}

const MEMBERSHIP = 5;
const CHANGE = 5;

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
  // Both in membership order, the changes of one membership in payment order: merged below.
  const [memberships, changes] = await Promise.all([
    numbers(
      db,
      MEMBERSHIP,
      sql`select string_agg(concat_ws(',', id, customer_id, tier_id, ${us("start_date")},
          ${field(us(END_AT))}), E'\n' order by id) as lines
        from customer_memberships where shop_id = ${shopId}`,
    ),
    numbers(
      db,
      CHANGE,
      sql`select string_agg(concat_ws(',', membership_id, transaction_id, ${us("changed_at")},
          ${field(sql.raw("tier_id"))}, arr_cents), E'\n'
          order by membership_id, changed_at, transaction_id) as lines
        from membership_price_changes where shop_id = ${shopId} and changed_at < ${until}`,
    ),
  ]);
  const from = since.getTime();
  const to = until.getTime();
  const customers = new Map<number, CustomerHistory>();
  const out: CustomerHistory[] = [];
  let c = 0;
  for (let i = 0; i < memberships.length; i += MEMBERSHIP) {
    const id = memberships[i] as number;
    const customerId = memberships[i + 1] as number;
    // Microseconds to milliseconds: the same double the timestamp's epoch × 1000 is.
    const start = (memberships[i + 3] as number) / 1000;
    const endUs = memberships[i + 4] as number;
    const end = Number.isNaN(endUs) ? null : endUs / 1000;
    let customer = customers.get(customerId);
    if (!customer) {
      customer = { customerId, firstStart: start, memberships: [] };
      customers.set(customerId, customer);
    } else if (start < customer.firstStart) customer.firstStart = start;
    while (c < changes.length && (changes[c] as number) < id) c += CHANGE;
    const first = c;
    while (c < changes.length && changes[c] === id) c += CHANGE;
    if (start >= to || (end !== null && end <= from)) continue;
    const segments = segmentsOf(start, memberships[i + 2] as number, changes, first, c);
    if (customer.memberships.length === 0) out.push(customer);
    customer.memberships.push({ id, customerId, start, end, segments });
  }
  return out;
}

/**
 * The first payment prices the membership from its start; a later one starts a segment when it
 * changes the tier or the price (a payment without a tier, deleted since, is on the
 * membership's). A membership without a recorded payment (granted free) is on its tier at no
 * price.
 */
function segmentsOf(
  start: number,
  membershipTierId: number,
  changes: Float64Array,
  first: number,
  last: number,
) {
  if (first === last) return [{ at: start, tierId: membershipTierId, arrCents: 0 }];
  const segments: MembershipHistory["segments"] = [];
  for (let i = first; i < last; i += CHANGE) {
    const paymentTier = changes[i + 3] as number;
    const tierId = Number.isNaN(paymentTier) ? membershipTierId : paymentTier;
    const arrCents = changes[i + 4] as number;
    const previous = segments[segments.length - 1];
    if (!previous) segments.push({ at: start, tierId, arrCents });
    else if (previous.tierId !== tierId || previous.arrCents !== arrCents) {
      const at = (changes[i + 2] as number) / 1000;
      segments.push({ at: Math.max(at, previous.at), tierId, arrCents });
    }
  }
  return segments;
}
