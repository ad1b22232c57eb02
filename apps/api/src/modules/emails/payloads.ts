/**
 * What each queued e-mail says, captured in the transaction of its event (so it reads as the
 * event was, whatever changes later) and stored as the outbox row's payload.
 */

export type ShopSnapshot = {
  id: number;
  name: string;
  /** As stored ("/uploads/…"); made absolute with PUBLIC_URL when written. */
  logo: string | null;
  primaryColor: string;
  timeZone: string;
  /** The shop owner's address: replies to the shop's e-mails go there. */
  replyTo: string | null;
  /** The language of customers who chose none (absent on e-mails queued before languages). */
  defaultLocale?: string;
};

export type PaymentMethod = {
  type: "online" | "pos" | "cash";
  /** "Visa •••• 1111" when the card is known. */
  cardLabel: string | null;
};

export type ReceiptPayload = {
  shop: ShopSnapshot;
  firstName: string;
  customerName: string;
  transactionId: number;
  kind: "membership_purchase" | "membership_renewal" | "offer_purchase" | "member_payment";
  item: string;
  /** The item's parts, so each language words it: the membership's or offer's name, the plan. */
  itemName?: string | null;
  plan?: string | null;
  priceCents: number;
  discountCents: number;
  cashbackUsedCents: number;
  amountCents: number;
  paidAt: string;
  method: PaymentMethod;
  providerReference: string | null;
};

export type RefundPayload = ReceiptPayload & { refundedAt: string };

export type RenewalFailedPayload = {
  shop: ShopSnapshot;
  firstName: string;
  membershipName: string;
  priceCents: number;
  cardLabel: string | null;
  /** The next charge attempt; null when the payment is asked for at the counter. */
  retryAt: string | null;
  attemptsLeft: number;
};

export type MembershipEndedPayload = {
  shop: ShopSnapshot;
  firstName: string;
  membershipName: string;
  endedAt: string;
  reason: "declined" | "unpaid";
};

export type CancellationPayload = {
  shop: ShopSnapshot;
  firstName: string;
  membershipName: string;
  /** When the paid time ends (the membership stays usable until then). */
  endsAt: string;
  endsNow: boolean;
};

export type RenewalReminderPayload = {
  shop: ShopSnapshot;
  customerId: number;
  firstName: string;
  membershipName: string;
  plan: string;
  priceCents: number;
  renewsAt: string;
  /** Renews by itself with a saved card; otherwise it is paid at the counter. */
  byCard: boolean;
  cardLabel: string | null;
};

export type OfferExpiringPayload = {
  shop: ShopSnapshot;
  customerId: number;
  firstName: string;
  offerName: string;
  expiresAt: string;
};

/** An e-mail to an owner or a staff member about their shop (issue 17, merchant e-mails). */
type TeamBase = { shop: ShopSnapshot; firstName: string; customerId: number; memberName: string };

export type TeamNewMemberPayload = TeamBase & {
  membershipName: string;
  plan: string | null;
  amountCents: number;
  at: string;
};

export type TeamPaymentFailedPayload = TeamBase & {
  membershipName: string;
  amountCents: number;
  retryAt: string | null;
  attemptsLeft: number;
};

export type TeamRefundPayload = TeamBase & {
  item: string;
  amountCents: number;
  cashbackUsedCents: number;
  refundedAt: string;
};

/** The figures of a digest: the dashboard's for the same window, plus churn and redemptions. */
export type DigestFigures = {
  membershipRevenueCents: number;
  offerRevenueCents: number;
  newMembers: number;
  churnedMembers: number;
  redemptions: number;
};

export type DigestPayload = {
  shop: ShopSnapshot;
  userId: number;
  firstName: string;
  frequency: "daily" | "weekly";
  /** The shop's local days the digest covers, first and last (YYYY-MM-DD). */
  firstDay: string;
  lastDay: string;
  figures: DigestFigures;
};

export type EmailPayloads = {
  team_new_member: TeamNewMemberPayload;
  team_payment_failed: TeamPaymentFailedPayload;
  team_refund: TeamRefundPayload;
  team_digest: DigestPayload;
  renewal_reminder: RenewalReminderPayload;
  offer_expiring: OfferExpiringPayload;
  receipt: ReceiptPayload;
  refund: RefundPayload;
  renewal_failed: RenewalFailedPayload;
  membership_ended: MembershipEndedPayload;
  membership_cancelled: CancellationPayload;
};

export type EmailTemplate = keyof EmailPayloads;

/** The e-mails a customer may turn off; receipts and security e-mails always go. */
export const OPTIONAL_TEMPLATES: readonly EmailTemplate[] = ["renewal_reminder", "offer_expiring"];
