import { z } from "zod";

/**
 * Privacy (issue 24): a customer's data in one shop, downloaded as a zip of JSON files, and
 * erasure, which anonymises the person and keeps the shop's financial records.
 */

/** The word the person types to confirm an erasure (the customer and the owner alike). */
export const ERASURE_CONFIRM_WORD = "ERASE";

/** What an erased member is called everywhere their name was. */
export const ERASED_MEMBER_NAME = { firstName: "Erased", lastName: "member" } as const;

/** The files of a data export, in the order they are written. */
export const PRIVACY_EXPORT_FILES = [
  "README.txt",
  "profile.json",
  "memberships.json",
  "transactions.json",
  "redemptions.json",
  "offers.json",
  "cashback-ledger.json",
  "notifications.json",
] as const;

export const PRIVACY_MESSAGES = {
  erased: "The personal data was erased. Payments and redemptions stay in the shop's records.",
  alreadyErased: "This member's personal data was already erased.",
  erasedStaysDisabled: "An erased member stays disabled: the account cannot be enabled again.",
  confirmWord: `Type ${ERASURE_CONFIRM_WORD} to confirm.`,
  notFound: "Member not found",
  exportFailed: "The download could not be prepared. Please try again.",
  eraseFailed: "The data could not be erased. Please try again.",
  customerErased:
    "Your account was deleted: your name, e-mail, phone and picture are gone from this shop.",
} as const;

/** The body of an erasure request: the confirmation word, typed. */
export const erasurePayloadSchema = z.object({
  confirm: z.enum([ERASURE_CONFIRM_WORD], { error: PRIVACY_MESSAGES.confirmWord }),
});
export type ErasurePayload = z.infer<typeof erasurePayloadSchema>;

export const erasureResponseSchema = z.object({
  message: z.string(),
  /** False when the member had already been erased (a second request changes nothing). */
  erased: z.boolean(),
  erasedAt: z.string(),
});
export type ErasureResponse = z.infer<typeof erasureResponseSchema>;
