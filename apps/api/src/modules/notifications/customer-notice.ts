import { formatCents } from "@tessera/shared";
import { and, eq } from "drizzle-orm";
import { customers, shops } from "../../db/schema";
import type { Executor } from "../../infra/db";
import { customerLocale, type NoticeText, noticeTranslator } from "../../infra/mailer/i18n";
import { snapshot } from "../emails/enqueue";
import { voiceOf } from "../emails/format";
import { type Notice, notify } from "./notify";

/**
 * A customer's notice, written in the customer's language when it is made: the one they chose,
 * else their shop's default (as their e-mails). The words come from the catalogue's "notices"
 * section; sums of money and days are formatted as that language writes them (the e-mails'
 * `Voice`: the shop's currency, days in the shop's time zone). English stays exactly the text
 * the notices always had: "$5.00", days as "2026-12-25". Merchant notices stay English.
 */

/** A value inside a notice: a text as it is, a sum of money in cents, or a calendar day. */
export type NoticeValue = string | { cents: number } | { day: Date };

export type CustomerNotice = Omit<Notice, "title" | "message"> & {
  title: NoticeText;
  message: NoticeText;
  values?: Record<string, NoticeValue>;
};

/** The notice's title and message in the customer's language (one query). */
export async function renderCustomerNotice(
  tx: Executor,
  shopId: number,
  customerId: number,
  notice: CustomerNotice,
): Promise<Notice> {
  const [found] = await tx
    .select({ shop: shops, chosen: customers.locale })
    .from(shops)
    .leftJoin(customers, and(eq(customers.id, customerId), eq(customers.shopId, shops.id)))
    .where(eq(shops.id, shopId))
    .limit(1);
  const locale = found ? customerLocale(found.chosen, found.shop.defaultLocale) : "en";
  const voice = found && locale !== "en" ? voiceOf(locale, snapshot(found.shop, null)) : null;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(notice.values ?? {})) {
    if (typeof value === "string") values[name] = value;
    else if ("cents" in value) {
      values[name] = voice ? voice.money(value.cents) : formatCents(value.cents);
    } else {
      const iso = value.day.toISOString();
      values[name] = voice ? voice.date(iso) : iso.slice(0, 10);
    }
  }
  const t = noticeTranslator(locale);
  const { values: _values, ...rest } = notice;
  return { ...rest, title: t(notice.title), message: t(notice.message, values) };
}

/** Tells one customer, in their language. */
export async function notifyCustomer(
  tx: Executor,
  shopId: number,
  customerId: number,
  notice: CustomerNotice,
): Promise<void> {
  const rendered = await renderCustomerNotice(tx, shopId, customerId, notice);
  await notify(tx, shopId, [{ customerId }], rendered);
}
