import {
  addMonthsClamped,
  benefitAlreadyRedeemedMessage,
  CASHBACK_MESSAGES,
  formatCents,
  formatShortDate,
  MEMBER_ACTION_MESSAGES,
  membershipMonthIndex,
  REDEMPTION_MESSAGES,
  type Redemption,
  type RedemptionResult,
  toDollars,
} from "@tessera/shared";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import {
  type Customer,
  customerMemberships,
  customerOffers,
  membershipBenefits,
  offers,
  type RedemptionRow,
  redemptions,
  shops,
} from "../../db/schema";
import { AppError } from "../../errors";
import type { Database, Executor } from "../../infra/db";
import { isUniqueViolation } from "../../infra/db/errors";
import { pageOfRows } from "../../infra/db/pages";
import { insertRow, ofCustomer } from "../../infra/db/rows";
import { recordCounterRedemption } from "../audit/record";
import { webhookEvents } from "../integrations/webhooks/events";
import { notifyCustomer } from "../notifications/customer-notice";
import { notify } from "../notifications/notify";
import * as wallet from "../wallet/wallet";

/**
 * Benefit, offer and cashback redemptions, one set of rules for the customer and the counter
 * (DOMAIN "Cashback wallet, redemptions"). Every redemption writes a Redemption row and tells
 * the other side, in one database transaction.
 */

export type RedemptionActor =
  | { kind: "customer" }
  | { kind: "merchant"; userId: number; name: string };

function fullName(person: { firstName: string; lastName: string }) {
  return `${person.firstName} ${person.lastName}`.trim();
}

export function toRedemptionDto(row: RedemptionRow): Redemption {
  return {
    id: row.id,
    redemptionDate: row.redemptionDate.toISOString(),
    redemptionType: row.redemptionType,
    item: row.item,
    customerName: row.customerName,
    value: toDollars(row.valueCents),
    performedBy: row.performedBy,
    performedByName: row.performedByName,
  };
}

function performer(actor: RedemptionActor, customer: Customer) {
  return actor.kind === "merchant"
    ? {
        performedBy: "merchant" as const,
        performedByUserId: actor.userId,
        performedByName: actor.name,
      }
    : {
        performedBy: "customer" as const,
        performedByUserId: null,
        performedByName: fullName(customer),
      };
}

export function createRedemptionsService(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function lockCustomer(tx: Executor, shopId: number, customerId: number) {
    const customer = await wallet.lockWalletOwner(tx, shopId, customerId);
    if (!customer) throw new AppError("NOT_FOUND", MEMBER_ACTION_MESSAGES.notFound);
    // DOMAIN: a disabled member cannot redeem, at the counter either.
    if (customer.isDisabled) {
      throw new AppError("UNPROCESSABLE", MEMBER_ACTION_MESSAGES.memberDisabled);
    }
    return customer;
  }

  /** Tells the other side: the merchant when the customer redeemed, the customer otherwise. */
  async function tell(
    tx: Executor,
    shopId: number,
    customer: Customer,
    actor: RedemptionActor,
    row: RedemptionRow,
  ) {
    const value = formatCents(row.valueCents);
    await recordCounterRedemption(tx, row);
    await webhookEvents.redemptionCreated(tx, row, actor.kind);
    if (actor.kind === "customer") {
      await notify(tx, shopId, [{ merchants: true }], {
        event: "redemption.recorded",
        title: "Redemption by a member",
        message: `${fullName(customer)} redeemed ${row.item} (${value}).`,
        data: { customerId: customer.id, redemptionId: row.id },
      });
    } else {
      const cashback = row.redemptionType === "cashback";
      await notifyCustomer(tx, shopId, customer.id, {
        event: cashback ? "cashback.redeemed" : "redemption.recorded",
        title: cashback ? "Cashback redeemed" : "Redemption recorded",
        message:
          row.item === "Cashback"
            ? "Cashback ({value}) was redeemed at the counter."
            : "{item} ({value}) was redeemed at the counter.",
        values: { item: row.item, value: { cents: row.valueCents } },
        data: { redemptionId: row.id },
      });
    }
  }

  function insert(tx: Executor, values: typeof redemptions.$inferInsert) {
    return insertRow(tx, redemptions, values, "redemption");
  }

  async function result(message: string, row: RedemptionRow): Promise<RedemptionResult> {
    return {
      message,
      redemption: toRedemptionDto(row),
      rewardBalance: toDollars(await wallet.balanceCents(db, row.shopId, row.customerId ?? 0)),
    };
  }

  return {
    /** A benefit of the current membership, once per membership month. */
    async redeemBenefit(input: {
      shopId: number;
      customerId: number;
      benefitId: number;
      actor: RedemptionActor;
    }) {
      const at = now();
      let row: RedemptionRow;
      try {
        row = await db.transaction(async (tx) => {
          const customer = await lockCustomer(tx, input.shopId, input.customerId);
          const [membership] = await tx
            .select()
            .from(customerMemberships)
            .where(
              and(
                eq(customerMemberships.shopId, input.shopId),
                eq(customerMemberships.customerId, customer.id),
                sql`${customerMemberships.status} in ('active', 'cancelled')`,
              ),
            );
          if (!membership || membership.expireDate.getTime() <= at.getTime()) {
            throw new AppError("UNPROCESSABLE", REDEMPTION_MESSAGES.noMembership);
          }
          const [benefit] = await tx
            .select()
            .from(membershipBenefits)
            .where(
              and(
                eq(membershipBenefits.shopId, input.shopId),
                eq(membershipBenefits.id, input.benefitId),
                eq(membershipBenefits.tierId, membership.tierId),
              ),
            );
          if (!benefit) throw new AppError("NOT_FOUND", REDEMPTION_MESSAGES.benefitNotInMembership);
          const month = membershipMonthIndex(membership.startDate, at);
          const [already] = await tx
            .select({ id: redemptions.id })
            .from(redemptions)
            .where(
              and(
                eq(redemptions.customerMembershipId, membership.id),
                eq(redemptions.benefitId, benefit.id),
                eq(redemptions.membershipMonth, month),
                eq(redemptions.redemptionType, "benefit"),
              ),
            );
          if (already) {
            const [shop] = await tx
              .select({ timeZone: shops.timeZone })
              .from(shops)
              .where(eq(shops.id, input.shopId));
            const availableOn = addMonthsClamped(membership.startDate, month + 1);
            throw new AppError(
              "CONFLICT",
              benefitAlreadyRedeemedMessage(
                benefit.name,
                formatShortDate(availableOn, shop?.timeZone),
              ),
            );
          }
          const inserted = await insert(tx, {
            shopId: input.shopId,
            customerId: customer.id,
            customerName: fullName(customer),
            redemptionType: "benefit",
            item: benefit.name,
            valueCents: benefit.worthCents,
            customerMembershipId: membership.id,
            benefitId: benefit.id,
            membershipMonth: month,
            ...performer(input.actor, customer),
            redemptionDate: at,
          });
          await tell(tx, input.shopId, customer, input.actor, inserted);
          return inserted;
        });
      } catch (error) {
        // The unique index caught a parallel second redemption of the same month.
        if (isUniqueViolation(error)) {
          throw new AppError("CONFLICT", "This benefit has already been redeemed this month.");
        }
        throw error;
      }
      return result(REDEMPTION_MESSAGES.benefitRedeemed, row);
    },

    /** A bought offer, once, before it expires. `customerId` narrows it to one member. */
    async redeemOffer(input: {
      shopId: number;
      customerOfferId: number;
      customerId?: number;
      actor: RedemptionActor;
    }) {
      const at = now();
      const row = await db.transaction(async (tx) => {
        const [found] = await tx
          .select({ purchase: customerOffers, offer: offers })
          .from(customerOffers)
          .innerJoin(offers, eq(offers.id, customerOffers.offerId))
          .where(
            and(
              eq(customerOffers.shopId, input.shopId),
              eq(customerOffers.id, input.customerOfferId),
              isNull(customerOffers.voidedAt),
            ),
          );
        if (
          !found ||
          (input.customerId !== undefined && found.purchase.customerId !== input.customerId)
        ) {
          throw new AppError("NOT_FOUND", REDEMPTION_MESSAGES.offerNotFound);
        }
        const customer = await lockCustomer(tx, input.shopId, found.purchase.customerId);
        if (found.purchase.expiresAt && found.purchase.expiresAt.getTime() <= at.getTime()) {
          throw new AppError("UNPROCESSABLE", REDEMPTION_MESSAGES.offerExpired);
        }
        // Conditional: only one of two parallel redemptions finds it unredeemed.
        const [claimed] = await tx
          .update(customerOffers)
          .set({
            redeemedAt: at,
            redeemedByUserId: input.actor.kind === "merchant" ? input.actor.userId : null,
          })
          .where(and(eq(customerOffers.id, found.purchase.id), isNull(customerOffers.redeemedAt)))
          .returning();
        if (!claimed) throw new AppError("CONFLICT", REDEMPTION_MESSAGES.offerAlreadyRedeemed);
        const inserted = await insert(tx, {
          shopId: input.shopId,
          customerId: customer.id,
          customerName: fullName(customer),
          redemptionType: "offer",
          item: found.offer.offerName,
          valueCents: found.purchase.pricePaidCents,
          customerOfferId: found.purchase.id,
          ...performer(input.actor, customer),
          redemptionDate: at,
        });
        await tell(tx, input.shopId, customer, input.actor, inserted);
        return inserted;
      });
      return result(REDEMPTION_MESSAGES.offerRedeemed, row);
    },

    /** Cashback paid out from the wallet: never more than the balance, also in parallel. */
    async redeemCashback(input: {
      shopId: number;
      customerId: number;
      amountCents: number;
      actor: RedemptionActor;
    }) {
      const at = now();
      const row = await db.transaction(async (tx) => {
        const customer = await lockCustomer(tx, input.shopId, input.customerId);
        const inserted = await insert(tx, {
          shopId: input.shopId,
          customerId: customer.id,
          customerName: fullName(customer),
          redemptionType: "cashback",
          item: "Cashback",
          valueCents: input.amountCents,
          ...performer(input.actor, customer),
          redemptionDate: at,
        });
        const paid = await wallet.debit(tx, {
          shopId: input.shopId,
          customerId: customer.id,
          cents: input.amountCents,
          kind: "redemption",
          description: "Cashback redeemed",
        });
        if (!paid) {
          throw new AppError("BAD_REQUEST", CASHBACK_MESSAGES.aboveBalance, {
            errors: { price: CASHBACK_MESSAGES.aboveBalance },
          });
        }
        await tell(tx, input.shopId, customer, input.actor, inserted);
        return inserted;
      });
      return result(CASHBACK_MESSAGES.redeemed, row);
    },

    /** A customer's redemptions, newest first. */
    async listCustomerRedemptions(
      shopId: number,
      customerId: number,
      page: { page: number; pageSize: number },
    ) {
      const newestFirst = [desc(redemptions.redemptionDate), desc(redemptions.id)];
      const { rows, total } = await pageOfRows(
        db,
        redemptions,
        ofCustomer(redemptions, shopId, customerId),
        newestFirst,
        { limit: page.pageSize, offset: (page.page - 1) * page.pageSize },
      );
      return { redemptions: rows.map(toRedemptionDto), total };
    },
  };
}

export type RedemptionsService = ReturnType<typeof createRedemptionsService>;
