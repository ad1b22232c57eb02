import type { MemberStatus, Renewal, Tier } from "@tessera/shared";

export const MEMBERS_PATH = "/merchant/members";
export const ADD_MEMBER_PATH = `${MEMBERS_PATH}/add-member`;
export const SET_PAYMENT_PATH = `${ADD_MEMBER_PATH}/set-payment`;
export const memberDetailPath = (id: number) => `${MEMBERS_PATH}/${id}`;

/** The members list tabs: All, Active, Inactive (every other status) and Last activity. */
export const MEMBER_FILTERS = ["all", "active", "inactive", "lastActivity"] as const;
export type MemberFilter = (typeof MEMBER_FILTERS)[number];
export const MEMBER_FILTER_LABELS: Record<MemberFilter, string> = {
  all: "All",
  active: "Active",
  inactive: "Inactive",
  lastActivity: "Last activity",
};

export function parseMemberFilter(value: string | null): MemberFilter {
  return (MEMBER_FILTERS as readonly string[]).includes(value ?? "")
    ? (value as MemberFilter)
    : "all";
}

export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = {
  active: "Active",
  inactive: "Inactive",
  disabled: "Disabled",
  cancelled: "Cancelled",
};

export type MemberAction = "view" | "edit" | "disable" | "enable" | "delete";

/**
 * The row menu per member status (spec §4): active → Disable (after a confirmation); disabled →
 * Enable; inactive hides the toggle; cancelled has no actions at all. View, Edit and Delete
 * otherwise.
 */
export function memberActions(status: MemberStatus): MemberAction[] {
  if (status === "cancelled") return [];
  const toggle: MemberAction[] =
    status === "active" ? ["disable"] : status === "disabled" ? ["enable"] : [];
  return ["view", "edit", ...toggle, "delete"];
}

/** The order summary's yearly price (spec §9: "price shown per year … with two decimals"). */
export function yearlyPrice(tier: Pick<Tier, "price" | "renewal">): number {
  return tier.renewal === "monthly" ? Math.round(tier.price * 12 * 100) / 100 : tier.price;
}

/** "$1,234.50" always with two decimals. */
export function formatDollars(amount: number): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

export const RENEWAL_LABELS: Record<Renewal, string> = { monthly: "Monthly", yearly: "Yearly" };
