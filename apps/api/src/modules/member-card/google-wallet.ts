import { readFileSync } from "node:fs";
import { formatMemberCode, type MemberCard } from "@tessera/shared";
import type { FastifyBaseLogger } from "fastify";
import { importPKCS8, SignJWT } from "jose";
import type { Config } from "../../config";
import type { Customer } from "../../db/schema";
import type { Database } from "../../infra/db";
import type { EventBus } from "../../infra/events";
import { createGoogleWalletApi, type ServiceAccount } from "./google-wallet-api";
import * as repo from "./repo";

type WalletCard = Omit<MemberCard, "wallets">;

/**
 * Google Wallet: "Save to Google Wallet" links. Each link is a JWT signed (RS256) with the
 * service account's key, holding the shop's loyalty class and the member's loyalty object (the
 * balance and the card's QR code); Google creates or updates them when the member saves it.
 * Afterwards, every change to the member's data (a payment, a redemption, a new card code)
 * updates the saved card through the Wallet REST API; a card nobody saved is left alone.
 */
export function createGoogleWallet(deps: {
  config: NonNullable<Config["googleWallet"]> | null;
  publicUrl: string;
  db: Database;
  events: EventBus;
  logger: FastifyBaseLogger;
  /** The member's card as the card page shows it. */
  describe: (customer: Customer) => Promise<WalletCard>;
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

  const api = config
    ? createGoogleWalletApi({ account: loadAccount, apiUrl: config.apiUrl })
    : null;

  /** Brings a saved card in line with the member's data; every instance may do it, same result. */
  async function sync(shopId: number, customerId: number) {
    if (!config || !api) return;
    const customer = await repo.findCustomer(deps.db, shopId, customerId);
    if (!customer) return;
    const card = await deps.describe(customer);
    await api.patchLoyaltyObject(loyaltyObject(customer, card, config.issuerId));
  }

  const unsubscribe = deps.events.subscribe((event) => {
    if (event.type !== "customer.changed" || !config) return;
    sync(event.shopId, event.customerId).catch((error) =>
      deps.logger.warn({ err: error }, "Google Wallet card update failed"),
    );
  });

  return {
    enabled: config !== null,
    close: unsubscribe,

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
