import { and, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import {
  customerMemberships,
  customerSearchText,
  customers,
  membershipTiers,
  type NewCustomer,
  redemptions,
  transactions,
} from "../../db/schema";
import type { Executor } from "../../infra/db";
import { pageOfRows, type RowPage } from "../../infra/db/pages";
import { ofCustomer, ofShop, type ShopRowUpdate, shopTable } from "../../infra/db/rows";

/**
 * Member queries. A member's current membership is the one that has not expired (at most one,
 * enforced by a partial unique index), so the list joins it as a single row per member.
 */

export type MemberFilter = "all" | "active" | "notActive";

export type MemberListOptions = {
  filter: MemberFilter;
  /** Part of "first last email", any case. */
  search?: string | undefined;
  order: "joined" | "activity";
  limit: number;
  offset: number;
};

export const currentMembershipJoin = and(
  eq(customerMemberships.customerId, customers.id),
  sql`${customerMemberships.status} <> 'expired'`,
);

/** DOMAIN "Member status": `active` also while a renewal payment is outstanding. */
const isActiveMember = and(
  inArray(customerMemberships.status, ["active", "pending"]),
  eq(customers.isDisabled, false),
);

const memberColumns = {
  customer: {
    id: customers.id,
    firstName: customers.firstName,
    lastName: customers.lastName,
    email: customers.email,
    phoneNumber: customers.phoneNumber,
    profilePicture: customers.profilePicture,
    isDisabled: customers.isDisabled,
    erasedAt: customers.erasedAt,
    hasPassword: sql<boolean>`${customers.passwordHash} is not null`,
    createdAt: customers.createdAt,
    lastActivityAt: customers.lastActivityAt,
  },
  membership: {
    id: customerMemberships.id,
    tierId: customerMemberships.tierId,
    plan: customerMemberships.plan,
    status: customerMemberships.status,
    paymentType: customerMemberships.paymentType,
    startDate: customerMemberships.startDate,
    expireDate: customerMemberships.expireDate,
  },
  tier: {
    name: membershipTiers.name,
    priceCents: membershipTiers.priceCents,
    cashbackRewardCents: membershipTiers.cashbackRewardCents,
  },
  balanceCents: sql<string>`(select coalesce(sum(l.amount_cents), 0) from cashback_ledger l where l.customer_id = ${customers.id})`,
};

export type MemberRow = {
  customer: {
    id: number;
    firstName: string;
    lastName: string;
    email: string;
    phoneNumber: string | null;
    profilePicture: string | null;
    isDisabled: boolean;
    erasedAt?: Date | null;
    hasPassword: boolean;
    createdAt: Date;
    lastActivityAt: Date;
  };
  membership: {
    id: number;
    tierId: number;
    plan: "monthly" | "yearly";
    status: "pending" | "active" | "cancelled" | "expired";
    paymentType: "online" | "pos" | "cash";
    startDate: Date;
    expireDate: Date;
  } | null;
  tier: { name: string; priceCents: number; cashbackRewardCents: number } | null;
  balanceCents: string;
};

/** `%` and `_` typed into the search box are literal characters, not wildcards. */
function containsPattern(term: string) {
  return `%${term.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
}

export function listConditions(
  shopId: number,
  options: Pick<MemberListOptions, "filter" | "search">,
) {
  const conditions: (SQL | undefined)[] = [eq(customers.shopId, shopId)];
  if (options.filter === "active") conditions.push(isActiveMember);
  if (options.filter === "notActive") {
    conditions.push(
      or(
        eq(customers.isDisabled, true),
        isNull(customerMemberships.id),
        eq(customerMemberships.status, "cancelled"),
      ),
    );
  }
  if (options.search) {
    conditions.push(sql`${customerSearchText(customers)} like ${containsPattern(options.search)}`);
  }
  return and(...conditions);
}

/**
 * A page of the shop's members with their current membership and wallet balance. The page's
 * ids come first (an index walk, joining memberships only to filter), then the 20 rows with
 * their joins and balances: a deep page does not compute balances for the rows it skips.
 */
export async function listMembersByShop(
  db: Executor,
  shopId: number,
  options: MemberListOptions,
): Promise<MemberRow[]> {
  const order =
    options.order === "activity"
      ? [desc(customers.lastActivityAt), desc(customers.id)]
      : [desc(customers.createdAt), desc(customers.id)];
  const base = db.select({ id: customers.id }).from(customers);
  const page = await (options.filter === "all"
    ? base.where(listConditions(shopId, options))
    : base
        .leftJoin(customerMemberships, currentMembershipJoin)
        .where(listConditions(shopId, options))
  )
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset);
  if (page.length === 0) return [];
  const ids = page.map((row) => row.id);
  const rows = (await db
    .select(memberColumns)
    .from(customers)
    .leftJoin(customerMemberships, currentMembershipJoin)
    .leftJoin(membershipTiers, eq(membershipTiers.id, customerMemberships.tierId))
    .where(and(eq(customers.shopId, shopId), inArray(customers.id, ids)))) as MemberRow[];
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort(
    (a, b) => (position.get(a.customer.id) ?? 0) - (position.get(b.customer.id) ?? 0),
  );
}

export async function countMembersByShop(
  db: Executor,
  shopId: number,
  options: Pick<MemberListOptions, "filter" | "search">,
) {
  const count = sql<string>`count(*)`;
  const countAll = async () => {
    const [row] = await db
      .select({ n: count })
      .from(customers)
      .where(listConditions(shopId, { filter: "all", search: options.search }));
    return Number(row?.n ?? 0);
  };
  if (options.filter === "all") return countAll();
  if (options.search) {
    // A search narrows the rows through the trigram index first: join and filter those.
    const [row] = await db
      .select({ n: count })
      .from(customers)
      .leftJoin(customerMemberships, currentMembershipJoin)
      .where(listConditions(shopId, options));
    return Number(row?.n ?? 0);
  }
  // Active members are the shop's active or pending memberships (one current per member) whose
  // member is not disabled; the Inactive tab is everyone else. Counting memberships with an
  // anti-join on the few disabled members is much cheaper than joining every member.
  const [active] = await db
    .select({ n: count })
    .from(customerMemberships)
    .where(
      and(
        eq(customerMemberships.shopId, shopId),
        inArray(customerMemberships.status, ["active", "pending"]),
        sql`not exists (select 1 from customers c where c.id = ${customerMemberships.customerId} and c.is_disabled)`,
      ),
    );
  const activeCount = Number(active?.n ?? 0);
  return options.filter === "active" ? activeCount : (await countAll()) - activeCount;
}

export async function findMember(db: Executor, shopId: number, customerId: number) {
  const [row] = (await db
    .select(memberColumns)
    .from(customers)
    .leftJoin(customerMemberships, currentMembershipJoin)
    .leftJoin(membershipTiers, eq(membershipTiers.id, customerMemberships.tierId))
    .where(ofShop(customers, shopId, customerId))) as MemberRow[];
  return row;
}

export async function findCustomerByEmail(db: Executor, shopId: number, email: string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(
      and(eq(customers.shopId, shopId), sql`lower(${customers.email}) = ${email.toLowerCase()}`),
    )
    .limit(1);
  return row;
}

const customerRows = shopTable(customers, "customer");

/** What the shop may change of a member's account. */
type MemberChanges = Partial<
  Pick<NewCustomer, "firstName" | "lastName" | "phoneNumber" | "isDisabled">
>;

/** The customer row, locked until the transaction ends. */
export const lockCustomer = customerRows.lock;
export const insertCustomer = customerRows.insert;
export const updateCustomer: ShopRowUpdate<typeof customers, MemberChanges> = customerRows.update;
/**
 * Removes the member's account and personal data. Their sessions, tokens, wallet, memberships,
 * purchases and notices go with the row (cascade); the shop's transactions and redemptions stay,
 * with the name they were recorded under (`set null`).
 */
export const deleteCustomer = customerRows.delete;
export const findTier = shopTable(membershipTiers, "tier").find;

/** The member's payments, newest first. */
export async function listTransactionsOfMember(
  db: Executor,
  shopId: number,
  customerId: number,
  page: RowPage,
) {
  const newestFirst = [desc(transactions.createdAt), desc(transactions.id)];
  return pageOfRows(
    db,
    transactions,
    ofCustomer(transactions, shopId, customerId),
    newestFirst,
    page,
  );
}

/** Benefit ids of a membership already redeemed in one membership month. */
export async function listRedeemedBenefitIds(
  db: Executor,
  customerMembershipId: number,
  membershipMonth: number,
) {
  const rows = await db
    .select({ benefitId: redemptions.benefitId })
    .from(redemptions)
    .where(
      and(
        eq(redemptions.customerMembershipId, customerMembershipId),
        eq(redemptions.membershipMonth, membershipMonth),
        eq(redemptions.redemptionType, "benefit"),
      ),
    );
  return new Set(rows.map((row) => row.benefitId));
}
