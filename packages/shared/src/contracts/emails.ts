import { z } from "zod";

/**
 * E-mail settings (issue 17): how many days before a renewal a shop's members are reminded (the
 * owner's choice), and what each owner or staff member hears about by e-mail (their own).
 */

export const reminderLeadDaysSchema = z.object({
  yearlyReminderDays: z
    .number({ error: "Enter a number of days." })
    .int("Whole days only.")
    .min(1, "Between 1 and 60 days.")
    .max(60, "Between 1 and 60 days."),
  monthlyReminderDays: z
    .number({ error: "Enter a number of days." })
    .int("Whole days only.")
    .min(1, "Between 1 and 14 days.")
    .max(14, "Between 1 and 14 days."),
});
export type ReminderLeadDays = z.infer<typeof reminderLeadDaysSchema>;

export const DIGEST_FREQUENCY_VALUES = ["none", "daily", "weekly"] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCY_VALUES)[number];
export const DIGEST_FREQUENCY_LABELS: Record<DigestFrequency, string> = {
  none: "No digest",
  daily: "Daily (yesterday's figures)",
  weekly: "Weekly (Monday, the week before)",
};

export const merchantEmailPreferencesSchema = z.object({
  newMember: z.boolean().describe("An e-mail when someone buys a membership"),
  failedPayment: z.boolean().describe("An e-mail when a renewal payment fails"),
  refund: z.boolean().describe("An e-mail when a payment is refunded"),
  digest: z.enum(DIGEST_FREQUENCY_VALUES).describe("A summary at 08:00 in the shop's time zone"),
});
export type MerchantEmailPreferences = z.infer<typeof merchantEmailPreferencesSchema>;

export const EMAIL_SETTINGS_MESSAGES = {
  leadDaysSaved: "Reminder settings saved.",
  preferencesSaved: "E-mail notifications saved.",
} as const;
