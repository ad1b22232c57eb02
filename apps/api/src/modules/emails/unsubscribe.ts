import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * Signed unsubscribe links: good without signing in, for one recipient and one kind of e-mail:
 * a customer's reminders, or a team member's digest (the id is then the user's). The signature
 * is an HMAC-SHA256 of both under a key derived from the app's secret, so a link whose
 * recipient or kind was altered, or one made up, is refused; the kind being signed, a
 * customer's reminders link cannot be turned into a user's digest link.
 */

export type UnsubscribeCategory = "reminders" | "digest";
const CATEGORIES: readonly string[] = ["reminders", "digest"] satisfies UnsubscribeCategory[];

export type UnsubscribeSigner = {
  sign(customerId: number, category: UnsubscribeCategory): string;
  verify(customerId: number, category: string, signature: string): boolean;
  url(customerId: number, category: UnsubscribeCategory): string;
};

export function createUnsubscribeSigner(secret: string, publicUrl: string): UnsubscribeSigner {
  const key = Buffer.from(hkdfSync("sha256", secret, "tessera-emails", "unsubscribe links", 32));
  const mac = (customerId: number, category: string) =>
    createHmac("sha256", key).update(`${customerId}.${category}`).digest();
  return {
    sign: (customerId, category) => mac(customerId, category).toString("base64url"),
    verify(customerId, category, signature) {
      if (!CATEGORIES.includes(category) || !Number.isSafeInteger(customerId)) return false;
      const given = Buffer.from(signature, "base64url");
      const expected = mac(customerId, category);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    url(customerId, category) {
      const url = new URL("/api/v1/emails/unsubscribe", publicUrl);
      url.searchParams.set("c", String(customerId));
      url.searchParams.set("k", category);
      url.searchParams.set("s", this.sign(customerId, category));
      return url.href;
    },
  };
}
