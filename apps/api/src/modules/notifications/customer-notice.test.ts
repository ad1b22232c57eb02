import { formatCentsIn, type Locale } from "@tessera/shared";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customers, notifications, shops } from "../../db/schema";
import { createCustomer, createTier } from "../../test/factories";
import { appForFile } from "../../test/file-app";
import { paymentsKit } from "../../test/payments-kit";
import { shopDate } from "../emails/format";
import { renderCustomerNotice } from "./customer-notice";

/** A customer's notices are written in their language when made; the merchant's stay English. */

let current = new Date("2026-11-22T15:00:00Z");

const t = appForFile({ now: () => current, env: { RATE_LIMIT_PER_MINUTE: "1000000" } }, 120_000);

const kit = () => paymentsKit(t, null);
const ZONE = "America/New_York";

/**
 * One customer's year in a shop: a membership bought by card (active, cashback credited), an
 * offer sold at the counter, cashback redeemed at the counter, the offer refunded, the
 * membership renewed. Returns the customer's notices and the merchants', oldest first.
 */
async function lifeOf(locale: Locale | null) {
  current = new Date("2026-11-22T15:00:00Z");
  const { merchant, shopId } = await kit().connectedShop();
  const who = await kit().customerOf(shopId);
  await t.database.db.update(customers).set({ locale }).where(eq(customers.id, who.customer.id));
  const tier = await createTier(t.database.db, shopId, {
    name: "Silver",
    priceCents: 1500,
    cashbackRewardCents: 250,
  });
  await kit().buyMembership(who, shopId, tier.id);

  await kit().counterSaleRedeemedAndRefunded(merchant, shopId, who.customer.id);
  current = new Date("2026-12-22T15:00:01Z");
  await t.app.services.payments.renewals.runRenewals(50, { shopId });
  current = new Date("2026-11-22T15:00:00Z");

  const texts = (rows: { title: string; message: string }[]) =>
    rows.map((row) => `${row.title} | ${row.message}`);
  const mine = await t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.customerId, who.customer.id))
    .orderBy(asc(notifications.id));
  const merchants = await t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.shopId, shopId), isNotNull(notifications.userId)))
    .orderBy(asc(notifications.id));
  return { customer: texts(mine), merchant: texts(merchants) };
}

/** That year for a customer in `locale`, with the language's money and dates to write it in. */
async function lifeIn(locale: Locale) {
  return {
    life: await lifeOf(locale),
    money: (cents: number) => formatCentsIn(locale, cents),
    day: (iso: string) => shopDate(iso, ZONE, locale),
  };
}

/** What the merchant reads of the same year: English, whatever the customer's language. */
const MERCHANT_TEXTS = [
  "Cleo Customer joined Silver (monthly) for $15.00.",
  "Cleo Customer bought Pastry for $8.75.",
  "Cleo Customer's Silver membership renewed for $15.00.",
];

function expectMerchantTexts(merchant: string[]) {
  for (const text of MERCHANT_TEXTS) {
    expect(
      merchant.some((m) => m.includes(text)),
      text,
    ).toBe(true);
  }
}

describe("customer notices in the customer's language", () => {
  it("an English customer's notices are today's texts exactly", async () => {
    const life = await lifeOf(null);
    expect(life.customer).toEqual([
      "Cashback credited | $2.50 cashback from Silver is in your wallet.",
      "Membership active | Welcome to Silver! Your membership is active until 2026-12-22.",
      "Offer purchased | You bought Pastry. Show it at the counter to redeem it.",
      "Cashback redeemed | Cashback ($2.00) was redeemed at the counter.",
      "Payment refunded | $8.75 for Pastry has been refunded.",
      "Cashback credited | $2.50 cashback from Silver is in your wallet.",
      "Membership renewed | Your Silver membership renewed until 2027-01-22.",
    ]);
    expectMerchantTexts(life.merchant);
  });

  it("a German customer's are German, with German money and dates; the merchant's English", async () => {
    const { life, money, day } = await lifeIn("de");
    expect(money(875)).toContain("8,75");
    expect(day("2027-01-22T15:00:00Z")).toBe("22.01.2027");
    expect(life.customer).toEqual([
      `Cashback gutgeschrieben | ${money(250)} Cashback aus Silver sind in Ihrer Geldbörse.`,
      `Mitgliedschaft aktiv | Willkommen bei Silver! Ihre Mitgliedschaft ist bis ${day("2026-12-22T15:00:00Z")} aktiv.`,
      "Angebot gekauft | Sie haben Pastry gekauft. Zeigen Sie es an der Kasse vor, um es einzulösen.",
      `Cashback eingelöst | Cashback (${money(200)}) wurde an der Kasse eingelöst.`,
      `Zahlung erstattet | ${money(875)} für Pastry wurden erstattet.`,
      `Cashback gutgeschrieben | ${money(250)} Cashback aus Silver sind in Ihrer Geldbörse.`,
      `Mitgliedschaft verlängert | Ihre Mitgliedschaft Silver wurde bis ${day("2027-01-22T15:00:00Z")} verlängert.`,
    ]);
    expectMerchantTexts(life.merchant);
  });

  it("a Spanish customer's are Spanish, with Spanish money and dates", async () => {
    const { life, money, day } = await lifeIn("es");
    expect(money(875)).toContain("8,75");
    expect(day("2027-01-22T15:00:00Z")).toContain("2027");
    expect(life.customer).toEqual([
      `Cashback abonado | ${money(250)} de cashback de Silver ya están en tu monedero.`,
      `Membresía activa | ¡Bienvenido a Silver! Tu membresía está activa hasta el ${day("2026-12-22T15:00:00Z")}.`,
      "Oferta comprada | Compraste Pastry. Muéstralo en el mostrador para canjearlo.",
      `Cashback canjeado | Se canjeó cashback (${money(200)}) en el mostrador.`,
      `Pago reembolsado | Se reembolsaron ${money(875)} por Pastry.`,
      `Cashback abonado | ${money(250)} de cashback de Silver ya están en tu monedero.`,
      `Membresía renovada | Tu membresía Silver se renovó hasta el ${day("2027-01-22T15:00:00Z")}.`,
    ]);
    expectMerchantTexts(life.merchant);
  });

  it("a customer who chose no language reads the shop's default", async () => {
    const { shopId } = await kit().connectedShop();
    await t.database.db.update(shops).set({ defaultLocale: "fr" }).where(eq(shops.id, shopId));
    const { customer } = await createCustomer(t.database.db, shopId);
    const notice = await renderCustomerNotice(t.database.db, shopId, customer.id, {
      event: "membership.cancelled",
      title: "Membership cancelled",
      message: "Your {tierName} membership will not renew. You keep it until {date}.",
      values: { tierName: "Gold", date: { day: new Date("2027-03-05T15:00:00Z") } },
    });
    expect(notice.title).toBe("Abonnement résilié");
    expect(notice.message).toBe(
      `Votre abonnement Gold ne sera pas renouvelé. Vous le gardez jusqu’au ${shopDate("2027-03-05T15:00:00Z", ZONE, "fr")}.`,
    );
    expect(notice.message).toContain("2027");
  });
});
