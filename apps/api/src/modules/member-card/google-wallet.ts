import { readFileSync } from "node:fs";
import { formatMemberCode, type MemberCard } from "@tessera/shared";
import { importPKCS8, SignJWT } from "jose";
import type { Config } from "../../config";
import type { Customer } from "../../db/schema";

type ServiceAccount = { client_email: string; private_key: string };
type WalletCard = Omit<MemberCard, "wallets">;

/**
 * Google Wallet: "Save to Google Wallet" links. Each link is a JWT signed (RS256) with the
 * service account's key, holding the shop's loyalty class and the member's loyalty object (the
 * balance and the card's QR code); Google creates or updates them when the member saves it.
 */
export function createGoogleWallet(deps: {
  config: NonNullable<Config["googleWallet"]> | null;
  publicUrl: string;
}) {
  const { config } = deps;
  let account: ServiceAccount | null = null;
  const loadAccount = (): ServiceAccount => {
    account ??= JSON.parse(readFileSync((config as { keyFile: string }).keyFile, "utf8"));
    return account as ServiceAccount;
  };

  /** The loyalty object of a member: its id stays the same across code changes. */
  function loyaltyObject(customer: Customer, card: WalletCard, issuerId: string) {
    return {
      id: `${issuerId}.member-${customer.walletSerial}`,
      classId: `${issuerId}.shop-${customer.shopId}`,
      state: "ACTIVE",
      accountId: formatMemberCode(card.code),
      accountName: card.memberName,
      loyaltyPoints: {
        label: "Cashback",
        balance: { money: { currencyCode: "USD", micros: Math.round(card.cashbackBalance * 1e6) } },
      },
      barcode: { type: "QR_CODE", value: card.url, alternateText: formatMemberCode(card.code) },
      textModulesData: [
        { id: "tier", header: "Membership", body: card.tier ?? "No membership yet" },
      ],
    };
  }

  return {
    enabled: config !== null,

    /** The "Save to Google Wallet" address, or null when Google Wallet is not set up. */
    async saveLink(customer: Customer, card: WalletCard, shopName: string): Promise<string | null> {
      if (!config) return null;
      const key = loadAccount();
      const jwt = await new SignJWT({
        typ: "savetowallet",
        origins: [deps.publicUrl],
        payload: {
          loyaltyClasses: [
            {
              id: `${config.issuerId}.shop-${customer.shopId}`,
              issuerName: shopName,
              programName: `${shopName} member card`,
              reviewStatus: "UNDER_REVIEW",
            },
          ],
          loyaltyObjects: [loyaltyObject(customer, card, config.issuerId)],
        },
      })
        .setProtectedHeader({ alg: "RS256", typ: "JWT" })
        .setIssuer(key.client_email)
        .setAudience("google")
        .setIssuedAt()
        .sign(await importPKCS8(key.private_key, "RS256"));
      return `https://pay.google.com/gp/v/save/${jwt}`;
    },
  };
}

export type GoogleWallet = ReturnType<typeof createGoogleWallet>;
