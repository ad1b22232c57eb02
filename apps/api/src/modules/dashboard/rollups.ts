import { eq, type SQL, sql } from "drizzle-orm";
import { transactionRollupState } from "../../db/schema";
import { type Database, type Executor, queryRows } from "../../infra/db";

/**
 * Transaction figures over long windows read 15-minute slices (`transaction_rollups`, migration
 * 0007) for the whole slices of the window and the rows themselves only at its ragged edges and
 * for the last hour, which is never rolled up (a payment's row can commit a little after its
 * `created_at`). The trigger keeps filled slices right when rows change later (refunds).
 */
const SLICE_MS = 15 * 60_000;
const LAG_MS = 60 * 60_000;
/** `rolled_until` of a shop whose slices were never filled. */
const NOTHING_FILLED = new Date(0);

const floorSlice = (at: Date) => new Date(Math.floor(at.getTime() / SLICE_MS) * SLICE_MS);
const ceilSlice = (at: Date) => new Date(Math.ceil(at.getTime() / SLICE_MS) * SLICE_MS);

/**
 * Fills the shop's slices up to an hour before `now` (the first call for a shop sums its whole
 * history once) and answers how far they are filled. One filler at a time per shop: the others
 * wait on the state row, then find the work done.
 */
export async function ensureRolledUp(db: Database, shopId: number, now: Date): Promise<Date> {
  const cutoff = floorSlice(new Date(now.getTime() - LAG_MS));
  const [state] = await db
    .select({ rolledUntil: transactionRollupState.rolledUntil })
    .from(transactionRollupState)
    .where(eq(transactionRollupState.shopId, shopId));
  if (state && state.rolledUntil.getTime() >= cutoff.getTime()) return state.rolledUntil;
  return db.transaction(async (tx) => {
    await tx
      .insert(transactionRollupState)
      .values({ shopId, rolledUntil: NOTHING_FILLED })
      .onConflictDoNothing();
    const [locked] = await tx
      .select({ rolledUntil: transactionRollupState.rolledUntil })
      .from(transactionRollupState)
      .where(eq(transactionRollupState.shopId, shopId))
      .for("update");
    const from = locked?.rolledUntil ?? NOTHING_FILLED;
    if (from.getTime() >= cutoff.getTime()) return from;
    await tx.execute(sql`select transaction_rollup_fill(${shopId}, ${from}, ${cutoff})`);
    await tx
      .update(transactionRollupState)
      .set({ rolledUntil: cutoff })
      .where(eq(transactionRollupState.shopId, shopId));
    return cutoff;
  });
}

function rawFacts(shopId: number, from: Date, to: Date): SQL {
  return sql`select created_at as at,
    (case when status = 'succeeded' and kind <> 'offer_purchase' then amount_cents else 0 end)::bigint as membership_cents,
    (case when status = 'succeeded' and kind = 'membership_purchase' then 1 else 0 end) as new_memberships,
    (case when status = 'succeeded' and kind = 'offer_purchase' then amount_cents + cashback_used_cents else 0 end)::bigint as offer_cents,
    (case when status = 'succeeded' and kind = 'offer_purchase' then 1 else 0 end) as offer_count,
    (payment_type = 'online')::int as online_count,
    (payment_type = 'pos')::int as pos_count,
    (payment_type = 'cash')::int as cash_count
    from transactions where shop_id = ${shopId} and created_at >= ${from} and created_at < ${to}`;
}

/**
 * The shop's transaction figures in [from, to) as a subquery: one row per slice or raw row, with
 * `at` and the columns of `transaction_rollups`. Sum them; group `at` by local day or month.
 */
export function factsBetween(shopId: number, from: Date, to: Date, filledUntil: Date): SQL {
  const lo = ceilSlice(from);
  const hi = new Date(Math.min(floorSlice(to).getTime(), filledUntil.getTime()));
  if (hi.getTime() <= lo.getTime()) return sql`(${rawFacts(shopId, from, to)})`;
  return sql`(select bucket_start as at, membership_cents, new_memberships, offer_cents, offer_count,
      online_count, pos_count, cash_count
    from transaction_rollups where shop_id = ${shopId} and bucket_start >= ${lo} and bucket_start < ${hi}
    union all ${rawFacts(shopId, from, lo)}
    union all ${rawFacts(shopId, hi, to)})`;
}

export type FactTotals = {
  membershipCents: number;
  newMemberships: number;
  offerCents: number;
  offerCount: number;
  onlineCount: number;
  posCount: number;
  cashCount: number;
};

type Sums = Record<
  | "membership_cents"
  | "new_memberships"
  | "offer_cents"
  | "offer_count"
  | "online_count"
  | "pos_count"
  | "cash_count",
  string | number | null
>;

const SUMS = sql`coalesce(sum(membership_cents), 0) as membership_cents,
  coalesce(sum(new_memberships), 0) as new_memberships,
  coalesce(sum(offer_cents), 0) as offer_cents,
  coalesce(sum(offer_count), 0) as offer_count,
  coalesce(sum(online_count), 0) as online_count,
  coalesce(sum(pos_count), 0) as pos_count,
  coalesce(sum(cash_count), 0) as cash_count`;

function toTotals(row: Sums | undefined): FactTotals {
  return {
    membershipCents: Number(row?.membership_cents ?? 0),
    newMemberships: Number(row?.new_memberships ?? 0),
    offerCents: Number(row?.offer_cents ?? 0),
    offerCount: Number(row?.offer_count ?? 0),
    onlineCount: Number(row?.online_count ?? 0),
    posCount: Number(row?.pos_count ?? 0),
    cashCount: Number(row?.cash_count ?? 0),
  };
}

/** The shop's figures in [from, to). */
export async function sumFacts(
  db: Executor,
  shopId: number,
  from: Date,
  to: Date,
  filledUntil: Date,
): Promise<FactTotals> {
  const [row] = await queryRows<Sums>(
    db,
    sql`select ${SUMS} from ${factsBetween(shopId, from, to, filledUntil)} as facts`,
  );
  return toTotals(row);
}

/** The shop's figures in [from, to) per local day ("YYYY-MM-DD") or month ("YYYY-MM"). */
export async function sumFactsByBucket(
  db: Executor,
  shopId: number,
  range: { start: Date; end: Date },
  filledUntil: Date,
  timeZone: string,
  bucket: "day" | "month",
): Promise<Map<string, FactTotals>> {
  const format = bucket === "day" ? "YYYY-MM-DD" : "YYYY-MM";
  const key = sql`to_char(date_trunc(${sql.raw(`'${bucket}'`)}, facts.at at time zone ${timeZone}), ${sql.raw(`'${format}'`)})`;
  const rows = await queryRows<Sums & { key: string }>(
    db,
    sql`select ${key} as key, ${SUMS}
      from ${factsBetween(shopId, range.start, range.end, filledUntil)} as facts group by 1`,
  );
  return new Map(rows.map((row) => [row.key, toTotals(row)]));
}
