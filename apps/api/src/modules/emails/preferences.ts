import { and, eq, sql } from "drizzle-orm";
import {
  customerEmailPreferences,
  merchantEmailPreferences,
  shopEmailSettings,
} from "../../db/schema";
import type { Executor } from "../../infra/db";
import { ofCustomer } from "../../infra/db/rows";

/** A customer's choice of optional e-mails (reminders), and a shop's reminder lead times. */

export async function customerReminders(db: Executor, shopId: number, customerId: number) {
  const [row] = await db
    .select({ reminders: customerEmailPreferences.reminders })
    .from(customerEmailPreferences)
    .where(ofCustomer(customerEmailPreferences, shopId, customerId));
  return row?.reminders ?? true;
}

export async function setCustomerReminders(
  db: Executor,
  shopId: number,
  customerId: number,
  reminders: boolean,
) {
  await db
    .insert(customerEmailPreferences)
    .values({ shopId, customerId, reminders })
    .onConflictDoUpdate({
      target: customerEmailPreferences.customerId,
      set: { reminders, updatedAt: sql`now()` },
    });
}

export const DEFAULT_LEAD_DAYS = { yearlyReminderDays: 7, monthlyReminderDays: 3 };

export async function shopLeadDays(db: Executor, shopId: number) {
  const [row] = await db
    .select({
      yearlyReminderDays: shopEmailSettings.yearlyReminderDays,
      monthlyReminderDays: shopEmailSettings.monthlyReminderDays,
    })
    .from(shopEmailSettings)
    .where(eq(shopEmailSettings.shopId, shopId));
  return row ?? DEFAULT_LEAD_DAYS;
}

export async function setShopLeadDays(
  db: Executor,
  shopId: number,
  days: { yearlyReminderDays: number; monthlyReminderDays: number },
) {
  await db
    .insert(shopEmailSettings)
    .values({ shopId, ...days })
    .onConflictDoUpdate({
      target: shopEmailSettings.shopId,
      set: { ...days, updatedAt: sql`now()` },
    });
}

export type MerchantPreferences = {
  newMember: boolean;
  failedPayment: boolean;
  refund: boolean;
  digest: "none" | "daily" | "weekly";
};

export const NO_MERCHANT_EMAILS: MerchantPreferences = {
  newMember: false,
  failedPayment: false,
  refund: false,
  digest: "none",
};

/** What an owner or staff member chose to hear about in their shop (nothing until they choose). */
export async function merchantPreferences(
  db: Executor,
  userId: number,
  shopId: number,
): Promise<MerchantPreferences> {
  const [row] = await db
    .select({
      newMember: merchantEmailPreferences.newMember,
      failedPayment: merchantEmailPreferences.failedPayment,
      refund: merchantEmailPreferences.refund,
      digest: merchantEmailPreferences.digest,
    })
    .from(merchantEmailPreferences)
    .where(
      and(eq(merchantEmailPreferences.userId, userId), eq(merchantEmailPreferences.shopId, shopId)),
    );
  return row ?? NO_MERCHANT_EMAILS;
}

export async function setMerchantPreferences(
  db: Executor,
  userId: number,
  shopId: number,
  preferences: Partial<MerchantPreferences>,
) {
  await db
    .insert(merchantEmailPreferences)
    .values({ ...NO_MERCHANT_EMAILS, ...preferences, userId, shopId })
    .onConflictDoUpdate({
      target: merchantEmailPreferences.userId,
      // The row follows the person to the shop they work in now.
      set: { ...preferences, shopId, updatedAt: sql`now()` },
    });
}
