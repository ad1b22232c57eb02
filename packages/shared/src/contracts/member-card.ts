import { z } from "zod";
import { moneySchema } from "../validation/money.ts";

/**
 * The member card (issue 16): an opaque code per member and shop, shown as a QR code on the
 * customer's card and in the phone's wallets, scanned at the counter.
 */

export const MEMBER_CARD_MESSAGES = {
  /** A wrong, foreign or rotated code: the same answer, so it tells nothing about other codes. */
  notFound: "No member with this card in your shop",
  codeRequired: "Scan a member card or type its code.",
  rotated: "Your member card has a new code. The old one no longer works.",
  tooManyLookups: "Too many card look-ups. Please wait a minute and try again.",
} as const;

/** What the QR code carries: a storefront address whose `card` parameter is the code. */
export const MEMBER_CARD_QUERY_PARAM = "card";

/** A member code: 32 lower-case hexadecimal characters. */
export const MEMBER_CODE_PATTERN = /^[0-9a-f]{32}$/;

/**
 * The code in what a scanner or a person typed: the card's address (its `card` parameter), or
 * the code itself with any spaces, dashes and case. Null when it cannot be a member code.
 */
export function parseMemberCode(input: string): string | null {
  const text = input.trim();
  let candidate = text;
  if (/^https?:\/\//i.test(text)) {
    try {
      candidate = new URL(text).searchParams.get(MEMBER_CARD_QUERY_PARAM) ?? "";
    } catch {
      return null;
    }
  }
  const code = candidate.replace(/[\s-]/g, "").toLowerCase();
  return MEMBER_CODE_PATTERN.test(code) ? code : null;
}

/** The code as printed under the QR code: eight groups of four, easier to read out. */
export function formatMemberCode(code: string): string {
  return code.toUpperCase().replace(/(.{4})(?=.)/g, "$1 ");
}

export const memberCardSchema = z.object({
  code: z.string(),
  /** The address the QR code encodes: the shop's storefront on PUBLIC_URL with the code. */
  url: z.string(),
  shopName: z.string(),
  memberName: z.string(),
  /** The current membership's tier; null without one. */
  tier: z.string().nullable(),
  cashbackBalance: moneySchema,
  /**
   * "Add to Apple Wallet" / "Save to Google Wallet" links; null for a wallet the server is not
   * configured for, and its button hides.
   */
  wallets: z.object({ apple: z.string().nullable(), google: z.string().nullable() }),
});
export type MemberCard = z.infer<typeof memberCardSchema>;

export const memberCardResponseSchema = z.object({ card: memberCardSchema });
export type MemberCardResponse = z.infer<typeof memberCardResponseSchema>;

export const rotateMemberCardResponseSchema = z.object({
  message: z.string(),
  card: memberCardSchema,
});

export const memberCardLookupPayloadSchema = z.object({
  code: z
    .string({ error: MEMBER_CARD_MESSAGES.codeRequired })
    .trim()
    .min(1, MEMBER_CARD_MESSAGES.codeRequired)
    .max(500, MEMBER_CARD_MESSAGES.notFound),
});

export const memberCardLookupResponseSchema = z.object({
  member: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }),
});
export type MemberCardLookupResponse = z.infer<typeof memberCardLookupResponseSchema>;
