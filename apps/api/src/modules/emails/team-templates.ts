import { formatCents } from "@tessera/shared";
import type { EmailModel } from "../../infra/mailer/react/layout";
import { brandOf, type RenderOptions, shopDate, shopDateTime } from "./format";
import type {
  DigestPayload,
  ShopSnapshot,
  TeamNewMemberPayload,
  TeamPaymentFailedPayload,
  TeamRefundPayload,
} from "./payloads";

/**
 * The e-mails to a shop's owner and staff: instant ones (a new member, a failed payment, a
 * refund) and the daily or weekly digest. Branded with the shop like its customers' e-mails;
 * each names the choice on the profile that sends it, so it can be changed there.
 */

const link = (path: string, publicUrl: string) => new URL(path, publicUrl).href;
const memberPage = (customerId: number, publicUrl: string) =>
  link(`/merchant/members/${customerId}`, publicUrl);

function teamFooter(shop: ShopSnapshot, what: string) {
  return `You are receiving this email because you chose ${what} for ${shop.name} in your Tessera profile.`;
}

/**
 * How every instant e-mail about one member ends: a button to the member's page, the note on
 * where to change which e-mails come, and the footer naming the choice (`what`) that sent it.
 */
function aboutMember(
  p: { shop: ShopSnapshot; customerId: number },
  o: RenderOptions,
  what: string,
): Pick<EmailModel, "button" | "notes" | "footer"> {
  return {
    button: { label: "Open the member", url: memberPage(p.customerId, o.publicUrl) },
    notes: ["Change which e-mails you get in your profile, under E-mail notifications."],
    footer: teamFooter(p.shop, what),
  };
}

function newMemberModel(p: TeamNewMemberPayload, o: RenderOptions): EmailModel {
  const brand = brandOf(p.shop, o.publicUrl);
  const plan = p.plan ? ` (${p.plan})` : "";
  return {
    brand,
    subject: `New member: ${p.memberName} joined ${p.membershipName}`,
    preheader: `${p.memberName} bought ${p.membershipName}${plan} for ${formatCents(p.amountCents)}.`,
    greetingName: p.firstName,
    heading: "A new member joined",
    paragraphs: [`${p.memberName} bought a ${p.membershipName} membership${plan}.`],
    details: [
      { label: "Member", value: p.memberName },
      { label: "Membership", value: `${p.membershipName}${plan}` },
      { label: "Paid", value: formatCents(p.amountCents), strong: true },
      { label: "Date", value: shopDateTime(p.at, p.shop.timeZone) },
    ],
    ...aboutMember(p, o, "new member e-mails"),
  };
}

function paymentFailedModel(p: TeamPaymentFailedPayload, o: RenderOptions): EmailModel {
  const brand = brandOf(p.shop, o.publicUrl);
  const next = p.retryAt
    ? `The card will be tried again on ${shopDate(p.retryAt, p.shop.timeZone)} (${p.attemptsLeft} ${p.attemptsLeft === 1 ? "try" : "tries"} left). The member was asked to pay from their account.`
    : "The member was asked to pay at the counter or from their account.";
  return {
    brand,
    subject: `Payment failed: ${p.memberName}, ${p.membershipName} renewal`,
    preheader: `The ${formatCents(p.amountCents)} renewal of ${p.memberName} did not go through.`,
    greetingName: p.firstName,
    heading: "A renewal payment failed",
    paragraphs: [
      `The ${p.membershipName} renewal of ${p.memberName} (${formatCents(p.amountCents)}) did not go through.`,
      next,
    ],
    ...aboutMember(p, o, "failed payment e-mails"),
  };
}

function refundModel(p: TeamRefundPayload, o: RenderOptions): EmailModel {
  const brand = brandOf(p.shop, o.publicUrl);
  const details = [
    { label: "Member", value: p.memberName },
    { label: "Item", value: p.item },
    { label: "Refunded", value: formatCents(p.amountCents), strong: true },
  ];
  if (p.cashbackUsedCents > 0) {
    details.push({
      label: "Cashback returned",
      value: formatCents(p.cashbackUsedCents),
      strong: false,
    });
  }
  details.push({
    label: "Date",
    value: shopDateTime(p.refundedAt, p.shop.timeZone),
    strong: false,
  });
  return {
    brand,
    subject: `Refund: ${formatCents(p.amountCents)} to ${p.memberName}`,
    preheader: `${p.item} was refunded to ${p.memberName}.`,
    greetingName: p.firstName,
    heading: "A payment was refunded",
    paragraphs: [`${p.item} was refunded to ${p.memberName}.`],
    details,
    ...aboutMember(p, o, "refund e-mails"),
  };
}

function digestModel(p: DigestPayload, o: RenderOptions): EmailModel {
  const brand = brandOf(p.shop, o.publicUrl);
  const f = p.figures;
  const day = (d: string) => shopDate(`${d}T12:00:00Z`, "UTC");
  const period =
    p.firstDay === p.lastDay ? day(p.firstDay) : `${day(p.firstDay)} to ${day(p.lastDay)}`;
  const total = formatCents(f.membershipRevenueCents + f.offerRevenueCents);
  const title = p.frequency === "daily" ? "Your daily summary" : "Your weekly summary";
  return {
    brand,
    subject: `${brand.name}: ${total} revenue, ${f.newMembers} new ${f.newMembers === 1 ? "member" : "members"} (${period})`,
    preheader: `${period}: ${total} revenue, ${f.newMembers} new, ${f.churnedMembers} ended, ${f.redemptions} redemptions.`,
    greetingName: p.firstName,
    heading: title,
    paragraphs: [`Here is how ${brand.name} did on ${period}.`],
    details: [
      { label: "Revenue", value: total, strong: true },
      { label: "Membership revenue", value: formatCents(f.membershipRevenueCents) },
      { label: "Offer revenue", value: formatCents(f.offerRevenueCents) },
      { label: "New members", value: String(f.newMembers) },
      { label: "Memberships ended", value: String(f.churnedMembers) },
      { label: "Redemptions", value: String(f.redemptions) },
    ],
    button: { label: "Open the dashboard", url: link("/merchant/dashboard", o.publicUrl) },
    notes: [
      "The figures are the dashboard's for the same days, in the shop's time zone.",
      "Turn the digest off with the unsubscribe link below or in your profile.",
    ],
    footer: teamFooter(p.shop, `a ${p.frequency} digest`),
    unsubscribeUrl: o.digestUnsubscribeUrl(p.userId),
  };
}

export const TEAM_MODELS = {
  team_new_member: newMemberModel,
  team_payment_failed: paymentFailedModel,
  team_refund: refundModel,
  team_digest: digestModel,
};
