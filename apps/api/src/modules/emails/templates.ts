import { formatCents } from "@tessera/shared";
import { type EmailModel, renderEmail } from "../../infra/mailer/react/layout";
import { type EmailContent, footerFor } from "../../infra/mailer/templates";
import { brandOf, type RenderOptions, shopDate, shopDateTime } from "./format";
import type {
  CancellationPayload,
  EmailPayloads,
  EmailTemplate,
  MembershipEndedPayload,
  OfferExpiringPayload,
  PaymentMethod,
  ReceiptPayload,
  RefundPayload,
  RenewalFailedPayload,
  RenewalReminderPayload,
  ShopSnapshot,
} from "./payloads";
import { TEAM_MODELS } from "./team-templates";

/**
 * The customer's e-mails about money, from the payload captured with the event: branded with
 * the shop, amounts to the cent, dates and times in the shop's time zone.
 */

export type { RenderOptions };

export { shopDate, shopDateTime };

export function methodLabel(method: PaymentMethod): string {
  if (method.type === "cash") return "Cash";
  const card = method.cardLabel ?? "Card";
  return method.type === "pos" ? `${card} (at the counter)` : card;
}

function customerArea(shop: ShopSnapshot, publicUrl: string) {
  return new URL(`/${shop.id}/customer/dashboard`, publicUrl).href;
}

/** The lines of a receipt (and of a refund's), as the PDF shows them too. */
export function receiptLines(p: ReceiptPayload): NonNullable<EmailModel["details"]> {
  const rows: NonNullable<EmailModel["details"]> = [
    { label: "Item", value: p.item },
    { label: "Price", value: formatCents(p.priceCents) },
  ];
  if (p.discountCents > 0)
    rows.push({ label: "Discount", value: `−${formatCents(p.discountCents)}` });
  if (p.cashbackUsedCents > 0) {
    rows.push({ label: "Paid with cashback", value: formatCents(p.cashbackUsedCents) });
  }
  rows.push({
    label: p.cashbackUsedCents > 0 ? "Paid by card or cash" : "Amount paid",
    value: formatCents(p.amountCents),
    strong: true,
  });
  if (p.amountCents > 0) rows.push({ label: "Payment method", value: methodLabel(p.method) });
  rows.push({ label: "Date", value: shopDateTime(p.paidAt, p.shop.timeZone) });
  if (p.providerReference) rows.push({ label: "Transaction id", value: p.providerReference });
  rows.push({ label: "Receipt number", value: `${p.shop.id}-${p.transactionId}` });
  rows.push({ label: "Billed to", value: p.customerName });
  rows.push({ label: "Sold by", value: p.shop.name });
  return rows;
}

function receiptModel(p: ReceiptPayload, o: RenderOptions): EmailModel {
  const brand = brandOf(p.shop, o.publicUrl);
  const total = formatCents(p.amountCents + p.cashbackUsedCents);
  const what =
    p.kind === "membership_renewal"
      ? `Your ${p.item.replace(/ membership renewal.*$/, "")} membership has renewed.`
      : `Thank you for your purchase from ${brand.name}.`;
  return {
    brand,
    subject: `Your receipt from ${brand.name}: ${total}`,
    preheader: `${p.item}, ${total}. Keep this e-mail for your records.`,
    greetingName: p.firstName,
    heading: "Payment receipt",
    paragraphs: [what, "Here is your receipt. Keep it for your records."],
    details: receiptLines(p),
    button: { label: "Open your account", url: customerArea(p.shop, o.publicUrl) },
    notes: [`Questions about this payment? Reply to this e-mail to reach ${brand.name}.`],
    footer: footerFor(brand),
  };
}

function refundModel(p: RefundPayload, o: RenderOptions): EmailModel {
  const brand = brandOf(p.shop, o.publicUrl);
  const lines = [
    { label: "Item", value: p.item },
    { label: "Refunded", value: formatCents(p.amountCents), strong: true },
  ];
  if (p.amountCents > 0) lines.push({ label: "Refunded to", value: methodLabel(p.method) });
  if (p.cashbackUsedCents > 0) {
    lines.push({ label: "Cashback returned", value: formatCents(p.cashbackUsedCents) });
  }
  lines.push(
    { label: "Refund date", value: shopDateTime(p.refundedAt, p.shop.timeZone) },
    { label: "Original payment", value: shopDateTime(p.paidAt, p.shop.timeZone) },
  );
  if (p.providerReference) lines.push({ label: "Transaction id", value: p.providerReference });
  const card =
    p.method.type === "cash"
      ? "The shop returns cash payments at the counter."
      : "A card refund can take 5 to 10 business days to show on your statement.";
  return {
    brand,
    subject: `Your refund from ${brand.name}: ${formatCents(p.amountCents)}`,
    preheader: `${formatCents(p.amountCents)} for ${p.item} has been refunded.`,
    greetingName: p.firstName,
    heading: "Refund confirmed",
    paragraphs: [`${brand.name} has refunded your payment for ${p.item}.`],
    details: lines,
    notes: [card, `Questions? Reply to this e-mail to reach ${brand.name}.`],
    footer: footerFor(brand),
  };
}

function renewalFailedModel(p: RenewalFailedPayload, o: RenderOptions): EmailModel {
  const brand = brandOf(p.shop, o.publicUrl);
  const price = formatCents(p.priceCents);
  const next = p.retryAt
    ? `We will try your card again on ${shopDate(p.retryAt, p.shop.timeZone)}${
        p.attemptsLeft > 0
          ? ` (${p.attemptsLeft} more ${p.attemptsLeft === 1 ? "try" : "tries"} before your membership ends)`
          : ""
      }. You can also pay now from your account.`
    : `Please pay at ${brand.name} or from your account to keep your membership.`;
  return {
    brand,
    subject: `Your ${p.membershipName} renewal payment failed`,
    preheader: `We could not take the ${price} renewal payment for ${p.membershipName}.`,
    greetingName: p.firstName,
    heading: "Renewal payment failed",
    paragraphs: [
      p.retryAt
        ? `We could not charge ${p.cardLabel ?? "your saved card"} ${price} for your ${p.membershipName} membership renewal.`
        : `Your ${p.membershipName} membership renewal payment of ${price} is due.`,
      next,
    ],
    button: { label: "Pay now", url: customerArea(p.shop, o.publicUrl) },
    notes: [
      "If your card has expired or changed, paying now with the new card keeps your membership.",
    ],
    footer: footerFor(brand),
  };
}

function endedModel(p: MembershipEndedPayload, o: RenderOptions): EmailModel {
  const brand = brandOf(p.shop, o.publicUrl);
  const why =
    p.reason === "declined"
      ? "we could not take the renewal payment after the last retry"
      : "the renewal payment was not made";
  return {
    brand,
    subject: `Your ${p.membershipName} membership has ended`,
    preheader: `Your ${p.membershipName} membership ended on ${shopDate(p.endedAt, p.shop.timeZone)}.`,
    greetingName: p.firstName,
    heading: "Your membership has ended",
    paragraphs: [
      `Your ${p.membershipName} membership at ${brand.name} ended on ${shopDate(p.endedAt, p.shop.timeZone)} because ${why}.`,
      "You can join again at any time from your account.",
    ],
    button: { label: "Join again", url: customerArea(p.shop, o.publicUrl) },
    notes: [`Questions? Reply to this e-mail to reach ${brand.name}.`],
    footer: footerFor(brand),
  };
}

function cancelledModel(p: CancellationPayload, o: RenderOptions): EmailModel {
  const brand = brandOf(p.shop, o.publicUrl);
  const day = shopDate(p.endsAt, p.shop.timeZone);
  return {
    brand,
    subject: `Your ${p.membershipName} membership is cancelled`,
    preheader: p.endsNow ? "Your membership has ended." : `You keep your benefits until ${day}.`,
    greetingName: p.firstName,
    heading: "Membership cancelled",
    paragraphs: [
      p.endsNow
        ? `Your ${p.membershipName} membership at ${brand.name} is cancelled and has ended.`
        : `Your ${p.membershipName} membership at ${brand.name} is cancelled and will not renew. You keep your benefits until ${day}; nothing more will be charged.`,
    ],
    button: { label: "Open your account", url: customerArea(p.shop, o.publicUrl) },
    notes: ["Changed your mind? You can join again from your account."],
    footer: footerFor(brand),
  };
}

const REMINDER_NOTE =
  "You can turn off reminder e-mails with the unsubscribe link below or in your profile. Receipts still come.";

function reminderModel(p: RenewalReminderPayload, o: RenderOptions): EmailModel {
  const brand = brandOf(p.shop, o.publicUrl);
  const day = shopDate(p.renewsAt, p.shop.timeZone);
  const price = formatCents(p.priceCents);
  return {
    brand,
    subject: `Your ${p.membershipName} membership renews on ${day}`,
    preheader: p.byCard ? `${price} will be charged on ${day}.` : `${price} is due on ${day}.`,
    greetingName: p.firstName,
    heading: "Your membership renews soon",
    paragraphs: [
      p.byCard
        ? `Your ${p.membershipName} membership (${p.plan}) renews on ${day}: ${price} will be charged to ${p.cardLabel ?? "your saved card"}.`
        : `Your ${p.membershipName} membership (${p.plan}) comes up for renewal on ${day}: ${price}, paid at ${brand.name}.`,
      "Nothing to do to keep it. To change or cancel it, open your account before then.",
    ],
    button: { label: "Manage your membership", url: customerArea(p.shop, o.publicUrl) },
    notes: [REMINDER_NOTE],
    footer: footerFor(brand),
    unsubscribeUrl: o.unsubscribeUrl(p.customerId),
  };
}

function offerExpiringModel(p: OfferExpiringPayload, o: RenderOptions): EmailModel {
  const brand = brandOf(p.shop, o.publicUrl);
  const when = shopDateTime(p.expiresAt, p.shop.timeZone);
  return {
    brand,
    subject: `Your ${p.offerName} offer expires soon`,
    preheader: `Use it before ${when}.`,
    greetingName: p.firstName,
    heading: "Your offer expires soon",
    paragraphs: [
      `You have not used your ${p.offerName} offer from ${brand.name} yet. It expires on ${when}.`,
      "Show it at the counter before then to redeem it.",
    ],
    button: { label: "See your offers", url: customerArea(p.shop, o.publicUrl) },
    notes: [REMINDER_NOTE],
    footer: footerFor(brand),
    unsubscribeUrl: o.unsubscribeUrl(p.customerId),
  };
}

const MODELS: { [T in EmailTemplate]: (p: EmailPayloads[T], o: RenderOptions) => EmailModel } = {
  receipt: receiptModel,
  refund: refundModel,
  renewal_failed: renewalFailedModel,
  membership_ended: endedModel,
  membership_cancelled: cancelledModel,
  renewal_reminder: reminderModel,
  offer_expiring: offerExpiringModel,
  ...TEAM_MODELS,
};

export function isTemplate(name: string): name is EmailTemplate {
  return Object.hasOwn(MODELS, name);
}

/**
 * Writes a queued e-mail; its reply-to is the shop's. One that can be turned off carries the
 * one-click unsubscribe headers (RFC 8058): mail clients POST to the signed address.
 */
export async function renderQueued<T extends EmailTemplate>(
  template: T,
  payload: EmailPayloads[T],
  options: RenderOptions,
): Promise<EmailContent & { replyTo: string | null; headers?: Record<string, string> }> {
  const model = MODELS[template](payload, options);
  const content = await renderEmail(model);
  const headers = model.unsubscribeUrl
    ? {
        "List-Unsubscribe": `<${model.unsubscribeUrl}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      }
    : undefined;
  return { ...content, replyTo: payload.shop.replyTo, ...(headers ? { headers } : {}) };
}
