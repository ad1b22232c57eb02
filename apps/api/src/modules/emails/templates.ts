import { type EmailModel, renderEmail } from "../../infra/mailer/react/layout";
import { type EmailContent, footerFor } from "../../infra/mailer/templates";
import {
  brandOf,
  customerVoice,
  type RenderOptions,
  shopDate,
  shopDateTime,
  type Voice,
  voiceOf,
} from "./format";
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
 * the shop, in the customer's language, amounts to the cent in the shop's currency, dates and
 * times in the shop's time zone.
 */

export type { RenderOptions };

export { shopDate, shopDateTime };

function methodLabel(method: PaymentMethod, v: Voice): string {
  if (method.type === "cash") return v.t("Cash");
  const card = method.cardLabel ?? v.t("Card");
  return method.type === "pos" ? v.t("{card} (at the counter)", { card }) : card;
}

function customerArea(shop: ShopSnapshot, publicUrl: string) {
  return new URL(`/${shop.id}/customer/dashboard`, publicUrl).href;
}

/** The customer area with the unpaid renewal's card payment open (after signing in). */
function payRenewalLink(shop: ShopSnapshot, publicUrl: string) {
  return `${customerArea(shop, publicUrl)}?pay=renewal`;
}

function planWord(plan: string, v: Voice): string {
  if (plan === "monthly") return v.t("monthly");
  if (plan === "yearly") return v.t("yearly");
  return plan;
}

/** What was bought, in the reader's words (an e-mail queued before it had the parts: as kept). */
function itemLabel(p: ReceiptPayload, v: Voice): string {
  if (!p.itemName) return p.item;
  const name = p.itemName;
  if (p.kind === "offer_purchase") return name;
  const renewal = p.kind === "membership_renewal";
  if (!p.plan) {
    return renewal
      ? v.t("{name} membership renewal", { name })
      : v.t("{name} membership", { name });
  }
  const plan = planWord(p.plan, v);
  return renewal
    ? v.t("{name} membership renewal ({plan})", { name, plan })
    : v.t("{name} membership ({plan})", { name, plan });
}

/** The lines of a receipt (and of a refund's), as the PDF shows them too. */
export function receiptLines(
  p: ReceiptPayload,
  v: Voice = voiceOf("en", p.shop),
): NonNullable<EmailModel["details"]> {
  const { t, money } = v;
  const rows: NonNullable<EmailModel["details"]> = [
    { label: t("Item"), value: itemLabel(p, v) },
    { label: t("Price"), value: money(p.priceCents) },
  ];
  if (p.discountCents > 0) rows.push({ label: t("Discount"), value: `−${money(p.discountCents)}` });
  if (p.cashbackUsedCents > 0) {
    rows.push({ label: t("Paid with cashback"), value: money(p.cashbackUsedCents) });
  }
  rows.push({
    label: p.cashbackUsedCents > 0 ? t("Paid by card or cash") : t("Amount paid"),
    value: money(p.amountCents),
    strong: true,
  });
  if (p.amountCents > 0) rows.push({ label: t("Payment method"), value: methodLabel(p.method, v) });
  rows.push({ label: t("Date"), value: v.dateTime(p.paidAt) });
  if (p.providerReference) rows.push({ label: t("Transaction id"), value: p.providerReference });
  rows.push({ label: t("Receipt number"), value: `${p.shop.id}-${p.transactionId}` });
  rows.push({ label: t("Billed to"), value: p.customerName });
  rows.push({ label: t("Sold by"), value: p.shop.name });
  return rows;
}

/**
 * What every customer e-mail starts from: the customer's language (`v`, `t`), the shop's brand,
 * and the frame fields the model shares (brand, language, the shop's footer, the greeting by
 * first name).
 */
function customerFrame(
  p: { shop: ShopSnapshot; locale?: string | null; firstName: string },
  o: RenderOptions,
) {
  const v = customerVoice(p);
  const brand = brandOf(p.shop, o.publicUrl);
  return {
    v,
    t: v.t,
    brand,
    frame: { brand, locale: v.locale, footer: footerFor(brand, v.t), greetingName: p.firstName },
  };
}

function receiptModel(p: ReceiptPayload, o: RenderOptions): EmailModel {
  const { v, t, brand, frame } = customerFrame(p, o);
  const shopName = brand.name;
  const amount = v.money(p.amountCents + p.cashbackUsedCents);
  const membershipName = p.itemName ?? p.item.replace(/ membership renewal.*$/, "");
  const what =
    p.kind === "membership_renewal"
      ? t("Your {membershipName} membership has renewed.", { membershipName })
      : t("Thank you for your purchase from {shopName}.", { shopName });
  return {
    ...frame,
    subject: t("Your receipt from {shopName}: {amount}", { shopName, amount }),
    preheader: t("{item}, {amount}. Keep this e-mail for your records.", {
      item: itemLabel(p, v),
      amount,
    }),
    heading: t("Payment receipt"),
    paragraphs: [what, t("Here is your receipt. Keep it for your records.")],
    details: receiptLines(p, v),
    button: { label: t("Open your account"), url: customerArea(p.shop, o.publicUrl) },
    notes: [
      t("Questions about this payment? Reply to this e-mail to reach {shopName}.", { shopName }),
    ],
  };
}

function refundModel(p: RefundPayload, o: RenderOptions): EmailModel {
  const { v, t, brand, frame } = customerFrame(p, o);
  const { money } = v;
  const shopName = brand.name;
  const item = itemLabel(p, v);
  const amount = money(p.amountCents);
  const lines = [
    { label: t("Item"), value: item },
    { label: t("Refunded"), value: amount, strong: true },
  ];
  if (p.amountCents > 0) lines.push({ label: t("Refunded to"), value: methodLabel(p.method, v) });
  if (p.cashbackUsedCents > 0) {
    lines.push({ label: t("Cashback returned"), value: money(p.cashbackUsedCents) });
  }
  lines.push(
    { label: t("Refund date"), value: v.dateTime(p.refundedAt) },
    { label: t("Original payment"), value: v.dateTime(p.paidAt) },
  );
  if (p.providerReference) lines.push({ label: t("Transaction id"), value: p.providerReference });
  const card =
    p.method.type === "cash"
      ? t("The shop returns cash payments at the counter.")
      : t("A card refund can take 5 to 10 business days to show on your statement.");
  return {
    ...frame,
    subject: t("Your refund from {shopName}: {amount}", { shopName, amount }),
    preheader: t("{amount} for {item} has been refunded.", { amount, item }),
    heading: t("Refund confirmed"),
    paragraphs: [t("{shopName} has refunded your payment for {item}.", { shopName, item })],
    details: lines,
    notes: [card, t("Questions? Reply to this e-mail to reach {shopName}.", { shopName })],
  };
}

function renewalFailedModel(p: RenewalFailedPayload, o: RenderOptions): EmailModel {
  const { v, t, brand, frame } = customerFrame(p, o);
  const shopName = brand.name;
  const { membershipName } = p;
  const amount = v.money(p.priceCents);
  let next = t("Please pay at {shopName} or from your account to keep your membership.", {
    shopName,
  });
  if (p.retryAt) {
    const date = v.date(p.retryAt);
    next =
      p.attemptsLeft > 0
        ? t(
            "We will try your card again on {date} ({count, plural, one {# more try} other {# more tries}} before your membership ends). You can also pay now from your account.",
            { date, count: p.attemptsLeft },
          )
        : t("We will try your card again on {date}. You can also pay now from your account.", {
            date,
          });
  }
  return {
    ...frame,
    subject: t("Your {membershipName} renewal payment failed", { membershipName }),
    preheader: t("We could not take the {amount} renewal payment for {membershipName}.", {
      amount,
      membershipName,
    }),
    heading: t("Renewal payment failed"),
    paragraphs: [
      p.retryAt
        ? t("We could not charge {card} {amount} for your {membershipName} membership renewal.", {
            card: p.cardLabel ?? t("your saved card"),
            amount,
            membershipName,
          })
        : t("Your {membershipName} membership renewal payment of {amount} is due.", {
            membershipName,
            amount,
          }),
      next,
    ],
    button: { label: t("Pay now"), url: payRenewalLink(p.shop, o.publicUrl) },
    notes: [
      t("If your card has expired or changed, paying now with the new card keeps your membership."),
    ],
  };
}

/**
 * A membership e-mail's start, with what its texts name (`values`): the membership, the shop,
 * and the day in question.
 */
function membershipFrame(
  p: Parameters<typeof customerFrame>[0] & { membershipName: string },
  o: RenderOptions,
  day: string,
) {
  const start = customerFrame(p, o);
  const { v, brand } = start;
  const values = { membershipName: p.membershipName, shopName: brand.name, date: v.date(day) };
  return { ...start, values };
}

function endedModel(p: MembershipEndedPayload, o: RenderOptions): EmailModel {
  const { t, frame, values } = membershipFrame(p, o, p.endedAt);
  return {
    ...frame,
    subject: t("Your {membershipName} membership has ended", values),
    preheader: t("Your {membershipName} membership ended on {date}.", values),
    heading: t("Your membership has ended"),
    paragraphs: [
      p.reason === "declined"
        ? t(
            "Your {membershipName} membership at {shopName} ended on {date} because we could not take the renewal payment after the last retry.",
            values,
          )
        : t(
            "Your {membershipName} membership at {shopName} ended on {date} because the renewal payment was not made.",
            values,
          ),
      t("You can join again at any time from your account."),
    ],
    button: { label: t("Join again"), url: customerArea(p.shop, o.publicUrl) },
    notes: [t("Questions? Reply to this e-mail to reach {shopName}.", values)],
  };
}

function cancelledModel(p: CancellationPayload, o: RenderOptions): EmailModel {
  const { t, frame, values } = membershipFrame(p, o, p.endsAt);
  return {
    ...frame,
    subject: t("Your {membershipName} membership is cancelled", values),
    preheader: p.endsNow
      ? t("Your membership has ended.")
      : t("You keep your benefits until {date}.", values),
    heading: t("Membership cancelled"),
    paragraphs: [
      p.endsNow
        ? t("Your {membershipName} membership at {shopName} is cancelled and has ended.", values)
        : t(
            "Your {membershipName} membership at {shopName} is cancelled and will not renew. You keep your benefits until {date}; nothing more will be charged.",
            values,
          ),
    ],
    button: { label: t("Open your account"), url: customerArea(p.shop, o.publicUrl) },
    notes: [t("Changed your mind? You can join again from your account.")],
  };
}

/**
 * How every reminder ends: a button to the customer area, the note that reminders can be turned
 * off, and the unsubscribe link (reminders are the only customer e-mails one can turn off).
 */
function reminderEnding(
  p: { shop: ShopSnapshot; customerId: number },
  o: RenderOptions,
  v: Voice,
  buttonLabel: string,
): Pick<EmailModel, "button" | "notes" | "unsubscribeUrl"> {
  return {
    button: { label: buttonLabel, url: customerArea(p.shop, o.publicUrl) },
    notes: [
      v.t(
        "You can turn off reminder e-mails with the unsubscribe link below or in your profile. Receipts still come.",
      ),
    ],
    unsubscribeUrl: o.unsubscribeUrl(p.customerId),
  };
}

function reminderModel(p: RenewalReminderPayload, o: RenderOptions): EmailModel {
  const { v, t, frame, values: named } = membershipFrame(p, o, p.renewsAt);
  const values = {
    ...named,
    amount: v.money(p.priceCents),
    plan: planWord(p.plan, v),
    card: p.cardLabel ?? t("your saved card"),
  };
  return {
    ...frame,
    subject: t("Your {membershipName} membership renews on {date}", values),
    preheader: p.byCard
      ? t("{amount} will be charged on {date}.", values)
      : t("{amount} is due on {date}.", values),
    heading: t("Your membership renews soon"),
    paragraphs: [
      p.byCard
        ? t(
            "Your {membershipName} membership ({plan}) renews on {date}: {amount} will be charged to {card}.",
            values,
          )
        : t(
            "Your {membershipName} membership ({plan}) comes up for renewal on {date}: {amount}, paid at {shopName}.",
            values,
          ),
      t("Nothing to do to keep it. To change or cancel it, open your account before then."),
    ],
    ...reminderEnding(p, o, v, t("Manage your membership")),
  };
}

function offerExpiringModel(p: OfferExpiringPayload, o: RenderOptions): EmailModel {
  const { v, t, brand, frame } = customerFrame(p, o);
  const values = { offerName: p.offerName, shopName: brand.name, date: v.dateTime(p.expiresAt) };
  return {
    ...frame,
    subject: t("Your {offerName} offer expires soon", values),
    preheader: t("Use it before {date}.", values),
    heading: t("Your offer expires soon"),
    paragraphs: [
      t(
        "You have not used your {offerName} offer from {shopName} yet. It expires on {date}.",
        values,
      ),
      t("Show it at the counter before then to redeem it."),
    ],
    ...reminderEnding(p, o, v, t("See your offers")),
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
