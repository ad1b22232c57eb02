import { randomBytes } from "node:crypto";
import {
  MEMBER_CARD_MESSAGES,
  MEMBER_CARD_QUERY_PARAM,
  type MemberCard,
  parseMemberCode,
} from "@tessera/shared";
import type { Customer } from "../../db/schema";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import { isUniqueViolation } from "../../infra/db/errors";
import { raise } from "../../infra/events";
import type { CustomerScope, CustomerService } from "../customer/service";
import * as repo from "./repo";

export type MemberCardServiceDeps = {
  db: Database;
  customer: CustomerService;
  publicUrl: string;
  /** The card's wallet links (null for a wallet that is not configured). */
  walletLinks: (
    customer: Customer,
    card: Omit<MemberCard, "wallets">,
  ) => Promise<{ apple: string | null; google: string | null }>;
};

/** A new member code: 128 random bits as 32 hexadecimal characters, like the database's. */
export function newMemberCode(): string {
  return randomBytes(16).toString("hex");
}

/** The address a member card's QR code carries: the shop's storefront, with the code. */
export function memberCardUrl(publicUrl: string, shopId: number, code: string): string {
  const url = new URL(`/${shopId}`, `${publicUrl}/`);
  url.searchParams.set(MEMBER_CARD_QUERY_PARAM, code);
  return url.toString();
}

export function createMemberCardService(deps: MemberCardServiceDeps) {
  const { db } = deps;

  async function describe(scope: CustomerScope): Promise<MemberCard> {
    const [dashboard, shop] = await Promise.all([
      deps.customer.getDashboard(scope),
      repo.findCardShop(db, scope.shopId),
    ]);
    if (!shop) throw new AppError("NOT_FOUND", MEMBER_CARD_MESSAGES.notFound);
    const { customer } = scope;
    const card = {
      code: customer.memberCode,
      url: memberCardUrl(deps.publicUrl, scope.shopId, customer.memberCode),
      shopName: shop.name,
      memberName: `${customer.firstName} ${customer.lastName}`.trim(),
      tier: dashboard.membership?.name ?? null,
      cashbackBalance: dashboard.rewardBalance,
    };
    return { ...card, wallets: await deps.walletLinks(customer, card) };
  }

  return {
    /** The signed-in customer's card: code, address, name, tier and cashback balance. */
    getCard: describe,

    /**
     * A new code for the customer's card. The old one stops matching at once (one UPDATE); a
     * clash with another member's code (2^-128) would only retry.
     */
    async rotate(scope: CustomerScope): Promise<MemberCard> {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const row = await db.transaction(async (tx) => {
            const replaced = await repo.replaceCode(
              tx,
              scope.shopId,
              scope.customer.id,
              newMemberCode(),
            );
            if (!replaced) throw new AppError("NOT_FOUND", MEMBER_CARD_MESSAGES.notFound);
            // Saved wallet cards carry the code in their QR: they are told at once.
            await raise(tx, {
              type: "customer.changed",
              shopId: scope.shopId,
              customerId: scope.customer.id,
              reason: "card.replaced",
            });
            return replaced;
          });
          return describe({
            ...scope,
            customer: { ...scope.customer, memberCode: row.memberCode },
          });
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 2) throw error;
        }
      }
    },

    /**
     * The member a scanned or typed card names, in the merchant's shop only. Anything else (a
     * malformed code, another shop's, a rotated one) gets the same 404 and message.
     */
    async lookup(shopId: number, input: string) {
      const code = parseMemberCode(input);
      const member = code ? await repo.findMemberByCode(db, shopId, code) : undefined;
      if (!member) throw new AppError("NOT_FOUND", MEMBER_CARD_MESSAGES.notFound);
      return { member };
    },
  };
}

export type MemberCardService = ReturnType<typeof createMemberCardService>;
