import {
  CATALOGUE_MESSAGES,
  type CustomerActivityResponse,
  type CustomerDashboard,
  type CustomerOffersResponse,
  type CustomerTier,
  type CustomerTransactionsResponse,
  type PaginationQuery,
  pageOf,
  toDollars,
  type UpdateCustomerProfileResponse,
} from "@tessera/shared";

import type { Customer } from "../../db/schema";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import { raise } from "../../infra/events";
import { replaceImage } from "../../infra/images";
import type { Storage } from "../../infra/storage";
import { toCustomerDto } from "../auth/dto";
import { checkProfile } from "../auth/profile-form";
import { webhookEvents } from "../integrations/webhooks/events";
import { toPublicTierDto } from "../memberships/dto";
import type { MembershipsService } from "../memberships/service";
import { toTransactionDto } from "../payments/service";
import {
  type ActivityRow,
  toActivityDto,
  toCustomerMembershipDto,
  toCustomerOfferDto,
  toNextRenewalDto,
} from "./dto";
import * as repo from "./repo";

/** The signed-in customer and their shop, as the session established them. */
export type CustomerScope = { shopId: number; customer: Customer };

export type CustomerServiceDeps = {
  db: Database;
  storage: Storage;
  memberships: MembershipsService;
  now?: () => Date;
};

/** The customer area's reads and the customer's own profile (spec §7 "Customer data"). */
export function createCustomerService(deps: CustomerServiceDeps) {
  const { db, storage } = deps;
  const now = deps.now ?? (() => new Date());

  async function listActiveOffers({ shopId, customer }: CustomerScope) {
    const rows = await repo.listRedeemableOffers(db, shopId, customer.id, now());
    return rows.map((row) => toCustomerOfferDto(row.purchase, row.offer, row.soldCount));
  }

  return {
    /**
     * The dashboard in three queries whatever the customer holds (the session is one more): the
     * head row (font, balance, membership and both tiers), the benefits, the offers with sales.
     */
    async getDashboard(scope: CustomerScope): Promise<CustomerDashboard> {
      const { shopId, customer } = scope;
      const [head, benefits, activeOffers] = await Promise.all([
        repo.findDashboardHead(db, shopId, customer.id),
        repo.listCurrentBenefits(db, shopId, customer.id),
        listActiveOffers(scope),
      ]);
      if (!head) throw new AppError("NOT_FOUND", "Customer not found.");
      const { membership, tier, nextTier } = head;
      return {
        customer: toCustomerDto(customer),
        membership:
          membership && tier
            ? toCustomerMembershipDto(
                membership,
                tier,
                benefits.map((row) => row.benefit),
                {
                  now: now(),
                  redeemedMonths: new Map(
                    benefits.map((row) => [row.benefit.id, row.redeemedMonths]),
                  ),
                },
              )
            : null,
        nextRenewalMembership:
          membership && nextTier ? toNextRenewalDto(membership, nextTier) : null,
        rewardBalance: toDollars(head.balanceCents),
        activeOffers,
        fontStyle: head.fontStyle,
      };
    },

    async listActivity(
      { shopId, customer }: CustomerScope,
      page: PaginationQuery,
    ): Promise<CustomerActivityResponse> {
      const { rows, total } = await repo.listActivity(db, shopId, customer.id, page);
      return {
        activities: rows.map((row) => toActivityDto(row as ActivityRow)),
        ...pageOf(page, total),
      };
    },

    async listTransactions(
      { shopId, customer }: CustomerScope,
      page: PaginationQuery,
    ): Promise<CustomerTransactionsResponse> {
      const { rows, total } = await repo.listTransactionsOfCustomer(db, shopId, customer.id, page);
      return { transactions: rows.map(toTransactionDto), ...pageOf(page, total) };
    },

    /**
     * The shop's published tiers, each marked when the customer is subscribed to it. A tier the
     * customer holds that has since been archived is listed too, so their own stays visible.
     */
    async listTiers({ shopId, customer }: CustomerScope): Promise<{ memberships: CustomerTier[] }> {
      const [published, subscribed] = await Promise.all([
        deps.memberships.listPublishedMemberships(shopId),
        repo.findSubscribedTierIds(db, shopId, customer.id),
      ]);
      const listed = new Set(published.memberships.map((tier) => tier.id));
      const unlisted = subscribed.filter((id) => !listed.has(id));
      const archived = (await repo.listTiersWithBenefits(db, shopId, unlisted)).map(
        toPublicTierDto,
      );
      return {
        memberships: [...published.memberships, ...archived]
          .sort((a, b) => a.price - b.price || a.id - b.id)
          .map((tier) => ({ ...tier, isSubscribed: subscribed.includes(tier.id) })),
      };
    },

    async listActiveOffers(scope: CustomerScope): Promise<CustomerOffersResponse> {
      return { offers: await listActiveOffers(scope) };
    },

    /**
     * Edit profile, with the merchant profile's rules: names, a phone valid for `phoneCountry`
     * (alias `country`; E.164, empty clears it) and an optional picture. Every problem is
     * reported at once; a replaced picture of ours is removed once the update is saved.
     */
    async updateProfile(
      { shopId, customer }: CustomerScope,
      fields: Record<string, string>,
      picture: Buffer | undefined,
    ): Promise<UpdateCustomerProfileResponse> {
      const { profile, image } = await checkProfile(fields, picture);
      const saved = await replaceImage(storage, image, "profiles", (pictureUrl) =>
        db.transaction(async (tx) => {
          const previous = await repo.lockCustomer(tx, shopId, customer.id);
          if (!previous) throw new AppError("NOT_FOUND", "Customer not found.");
          const updated = await repo.updateCustomerProfile(tx, customer.id, {
            firstName: profile.firstName,
            lastName: profile.lastName,
            phoneNumber: profile.phoneNumber || null,
            ...(pictureUrl ? { profilePicture: pictureUrl } : {}),
          });
          await webhookEvents.memberUpdated(tx, updated);
          // The customer's other tabs and devices show the new name and picture at once.
          await raise(tx, {
            type: "customer.changed",
            shopId,
            customerId: customer.id,
            reason: "profile.updated",
          });
          return { saved: updated, previousUrl: previous.profilePicture };
        }),
      );
      return {
        message: CATALOGUE_MESSAGES.profileUpdated,
        customer: toCustomerDto(saved),
      };
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
