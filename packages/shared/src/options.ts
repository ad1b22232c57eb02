/**
 * Option lists and defaults from the spec (merchant-area §9 unless noted), in spec order.
 * Each list has a matching union type; zod enums for them live beside the schemas that use them.
 */

export const INDUSTRIES = [
  "Banking",
  "Information Technology",
  "Media and Broadcasting",
  "Telecommunications",
  "Retail",
  "E-Commerce",
  "Healthcare",
  "Pharmaceuticals",
  "Education",
  "E-learning",
  "Hospitality",
  "Travel",
  "Automotive",
  "Transportation",
] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const FONT_STYLES = [
  "Arial",
  "Georgia",
  "Times New Roman",
  "Verdana",
  "Roboto",
  "Lato",
  "Open Sans",
  "Poppins",
  "Montserrat",
  "Merriweather",
  "Playfair Display",
  "Lora",
  "EB Garamond",
  "Pacifico",
  "Dancing Script",
  "Caveat",
  "Great Vibes",
  "Source Code Pro",
  "Fira Code",
  "JetBrains Mono",
  "Courier Prime",
] as const;
export type FontStyle = (typeof FONT_STYLES)[number];

/** Chosen: the first font, since the spec names no default. */
export const DEFAULT_FONT_STYLE: FontStyle = "Arial";

export type Option<V extends string> = { readonly value: V; readonly label: string };

export const DASHBOARD_PERIODS = [
  "currentMonth",
  "30Days",
  "60Days",
  "6months",
  "lastYear",
] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export const DASHBOARD_PERIOD_OPTIONS = [
  { value: "currentMonth", label: "This month" },
  { value: "30Days", label: "Last 30 days" },
  { value: "60Days", label: "Last 60 days" },
  { value: "6months", label: "Last 6 months" },
  { value: "lastYear", label: "Last 1 year" },
] as const satisfies readonly Option<DashboardPeriod>[];

/** Reports say `1year` where the dashboard says `lastYear`; both are the last 12 months. */
export const REPORT_PERIODS = ["currentMonth", "30Days", "60Days", "6months", "1year"] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** The label an option list gives a value (the value itself when the list has none). */
export function optionLabel<V extends string>(
  options: readonly { value: V; label: string }[],
  value: V,
): string {
  return options.find((option) => option.value === value)?.label ?? value;
}

export const REPORT_PERIOD_OPTIONS = [
  { value: "currentMonth", label: "This month" },
  { value: "30Days", label: "Last 30 days" },
  { value: "60Days", label: "Last 60 days" },
  { value: "6months", label: "Last 6 months" },
  { value: "1year", label: "Last 1 year" },
] as const satisfies readonly Option<ReportPeriod>[];

/** Any period either screen sends. */
export type Period = DashboardPeriod | ReportPeriod;
export const PERIODS = [...DASHBOARD_PERIODS, "1year"] as const satisfies readonly Period[];

export const DEFAULT_PERIOD = "currentMonth" satisfies DashboardPeriod & ReportPeriod;

/**
 * How a customer paid the shop (DOMAIN): `online` is the customer's own card, `pos` a card taken
 * by the merchant, `cash` cash. The spec's `cc` means a card, i.e. `online` or `pos`.
 */
export const PAYMENT_TYPES = ["online", "pos", "cash"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const PAYMENT_TYPE_LABELS = {
  online: "Online",
  pos: "POS",
  cash: "Cash",
} as const satisfies Record<PaymentType, string>;

export const REPORT_PAYMENT_FILTERS = ["all", ...PAYMENT_TYPES] as const;
export type ReportPaymentFilter = (typeof REPORT_PAYMENT_FILTERS)[number];

export const REPORT_PAYMENT_FILTER_OPTIONS = [
  { value: "all", label: "All" },
  { value: "online", label: PAYMENT_TYPE_LABELS.online },
  { value: "pos", label: PAYMENT_TYPE_LABELS.pos },
  { value: "cash", label: PAYMENT_TYPE_LABELS.cash },
] as const satisfies readonly Option<ReportPaymentFilter>[];

export const DEFAULT_REPORT_PAYMENT_FILTER = "all" satisfies ReportPaymentFilter;

/**
 * Payment methods a merchant picks for a member ("Card" / "Cash" are labels, DOMAIN): a card
 * taken at the counter is `pos`.
 */
export const MERCHANT_PAYMENT_METHODS = ["pos", "cash"] as const;
export type MerchantPaymentMethod = (typeof MERCHANT_PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS = ["Card", "Cash"] as const;
export type PaymentMethodLabel = (typeof PAYMENT_METHOD_LABELS)[number];

export const PAYMENT_METHOD_OPTIONS = [
  { value: "pos", label: "Card" },
  { value: "cash", label: "Cash" },
] as const satisfies readonly Option<MerchantPaymentMethod>[];

export const RENEWALS = ["monthly", "yearly"] as const;
export type Renewal = (typeof RENEWALS)[number];

export const RENEWAL_OPTIONS = [
  { value: "monthly", label: "Monthly" },
  { value: "yearly", label: "Yearly" },
] as const satisfies readonly Option<Renewal>[];

/** Tier status: `active` published, `inactive` archived, `deleted` kept for history (DOMAIN). */
export const MEMBERSHIP_STATUSES = ["active", "inactive", "deleted"] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
/** What the tier form may set (the Publish switch). */
export const EDITABLE_MEMBERSHIP_STATUSES = ["active", "inactive"] as const;
export type EditableMembershipStatus = (typeof EDITABLE_MEMBERSHIP_STATUSES)[number];

/** A customer's membership (subscription) status (DOMAIN). */
export const CUSTOMER_MEMBERSHIP_STATUSES = ["pending", "active", "cancelled", "expired"] as const;
export type CustomerMembershipStatus = (typeof CUSTOMER_MEMBERSHIP_STATUSES)[number];

/** Member status in the merchant list; `disabled` is a flag shown in place of the derived one. */
export const MEMBER_STATUSES = ["active", "inactive", "cancelled", "disabled"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** Members list filter (All, Active, Inactive). */
export const MEMBER_FILTER_OPTIONS = [
  { value: "all", label: "All" },
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
] as const satisfies readonly Option<"all" | "active" | "inactive">[];

/** Staff status: `inactive` is an invitation not yet accepted, shown as "invited". */
export const STAFF_STATUSES = ["inactive", "active", "disabled"] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/** An offer is `active` unless deleted with sales, then `cancelled` (DOMAIN). */
export const OFFER_STATUSES = ["active", "cancelled"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const OFFER_TABS = ["upcoming", "active", "expired"] as const;
export type OfferTab = (typeof OFFER_TABS)[number];
export const DEFAULT_OFFER_TAB = "active" satisfies OfferTab;

export const REDEMPTION_TYPES = ["benefit", "offer", "cashback"] as const;
export type RedemptionType = (typeof REDEMPTION_TYPES)[number];

export const TRANSACTION_STATUSES = ["succeeded", "failed", "refunded"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** The merchant's words for them (member history, report exports). */
export const REDEMPTION_TYPE_LABELS = {
  benefit: "Benefit",
  offer: "Offer",
  cashback: "Cashback",
} as const satisfies Record<RedemptionType, string>;
export const TRANSACTION_STATUS_LABELS = {
  succeeded: "Succeeded",
  failed: "Failed",
  refunded: "Refunded",
} as const satisfies Record<TransactionStatus, string>;

export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME = "light" satisfies Theme;

export const DEFAULT_PRIMARY_COLOR = "#0099D8";
/** DOMAIN: new shops get #EFF6FF; forms show the shop's saved value. */
export const DEFAULT_SECONDARY_COLOR = "#EFF6FF";
export const DEFAULT_PHONE_COUNTRY = "US";
/** Shops' calendar days (offer dates, periods) are in this zone unless the shop says otherwise. */
export const DEFAULT_TIME_ZONE = "America/New_York";

export function isFontStyle(value: string): value is FontStyle {
  return (FONT_STYLES as readonly string[]).includes(value);
}

// Beside the options rather than with the store form's schemas: the storefront's first load
// checks remembered colours, and the schemas would bring zod with them.
export const HEX_COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

export function isHexColor(value: string): boolean {
  return HEX_COLOR_PATTERN.test(value);
}
