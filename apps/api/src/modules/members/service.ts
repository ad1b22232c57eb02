import {
  addMonthsClamped,
  type CustomerMembershipStatus,
  MEMBER_ACTION_MESSAGES,
  MEMBER_DETAIL_RECENT,
  type Member,
  type MemberBenefit,
  type MemberDetail,
  type MemberListQuery,
  type MemberPaymentPayload,
  type MemberStatus,
  membershipMonthIndex,
  type NewMemberValues,
  PAYMENT_MESSAGES,
  type PaginationQuery,
  PRIVACY_MESSAGES,
  pageOf,
  pageOffset,
  toDollars,
  type UpdateMemberMembershipPayload,
  type UpdateMemberPayload,
} from "@tessera/shared";
import type { Customer, Shop } from "../../db/schema";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import { insertIfFree } from "../../infra/db/errors";
import type { Storage } from "../../infra/storage";
import { recordMemberStatus } from "../audit/members";
import type { AuthService } from "../auth/service";
import { deleteSessionsOf } from "../auth/session";
import { webhookEvents } from "../integrations/webhooks/events";
import { notify } from "../notifications/notify";
import { type CounterActor, type PaymentsService, toTransactionDto } from "../payments/service";
import type { RedemptionsService } from "../redemptions/service";
import { findShopById } from "../shops/lookups";
import * as repo from "./repo";

export type MembersDeps = {
  db: Database;
  auth: AuthService;
  payments: PaymentsService;
  redemptions: RedemptionsService;
  storage: Storage;
  now?: () => Date;
};

/** The merchant acting: the session's shop and who they are, for records and notices. */
export type MerchantScope = { shopId: number; actor: CounterActor };

function fullName(person: { firstName: string; lastName: string }) {
  return `${person.firstName} ${person.lastName}`.trim();
}

/** DOMAIN "Member status": derived from the current membership; `disabled` is a flag beside it. */
export function memberStatusOf(
  isDisabled: boolean,
  membershipStatus: CustomerMembershipStatus | null,
): MemberStatus {
  if (isDisabled) return "disabled";
  if (membershipStatus === "active" || membershipStatus === "pending") return "active";
  if (membershipStatus === "cancelled") return "cancelled";
  return "inactive";
}

export function toMemberDto(row: repo.MemberRow): Member {
  const { customer, membership, tier } = row;
  const balance = toDollars(Number(row.balanceCents));
  return {
    id: customer.id,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phoneNumber: customer.phoneNumber,
    profilePicture: customer.profilePicture,
    status: memberStatusOf(customer.isDisabled, membership?.status ?? null),
    isDisabled: customer.isDisabled,
    erasedAt: customer.erasedAt?.toISOString() ?? null,
    hasPassword: customer.hasPassword,
    created_at: customer.createdAt.toISOString(),
    lastActivityAt: customer.lastActivityAt.toISOString(),
    totalRewardBalance: balance,
    cashbackBalance: balance,
    activeMembership:
      membership && tier
        ? {
            id: membership.id,
            membershipId: membership.tierId,
            membershipName: tier.name,
            plan: membership.plan,
            paymentType: membership.paymentType,
            status: membership.status,
            price: toDollars(tier.priceCents),
            cashbackReward: toDollars(tier.cashbackRewardCents),
            startDate: membership.startDate.toISOString(),
            expireDate: membership.expireDate.toISOString(),
          }
        : null,
    planType: membership?.plan ?? null,
    paymentType: membership?.paymentType ?? null,
  };
}

function emailTaken() {
  return new AppError("CONFLICT", MEMBER_ACTION_MESSAGES.emailTaken, {
    errors: { email: MEMBER_ACTION_MESSAGES.emailTaken },
  });
}

export function createMembersService(deps: MembersDeps) {
  const { db, auth, payments, redemptions, storage } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireMember(shopId: number, customerId: number) {
    const row = await repo.findMember(db, shopId, customerId);
    if (!row) throw new AppError("NOT_FOUND", MEMBER_ACTION_MESSAGES.notFound);
    return row;
  }

  async function memberDto(shopId: number, customerId: number) {
    return toMemberDto(await requireMember(shopId, customerId));
  }

  async function requireShop(shopId: number): Promise<Shop> {
    const shop = await findShopById(db, shopId);
    if (!shop) throw new AppError("NOT_FOUND", "Store Not Found");
    return shop;
  }

  /** A plan chosen with a new member must be for sale, on its own renewal period. */
  async function checkChosenPlan(shopId: number, tierId: number, plan: string | undefined) {
    const tier = await repo.findTier(db, shopId, tierId);
    if (tier?.status !== "active") {
      throw new AppError("UNPROCESSABLE", PAYMENT_MESSAGES.tierUnavailable, {
        errors: { membershipId: PAYMENT_MESSAGES.tierUnavailable },
      });
    }
    if (plan !== undefined && plan !== tier.renewal) {
      throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.planMismatch, {
        errors: { planType: PAYMENT_MESSAGES.planMismatch },
      });
    }
    return tier;
  }

  /**
   * Adds a member: a password-less, unverified account that receives the shop's link to set
   * a first password. The merchants hear about it.
   */
  async function addMember(
    scope: MerchantScope,
    shop: Shop,
    contact: { firstName: string; lastName: string; email: string; phoneNumber: string },
    membershipName: string | null,
  ): Promise<Customer> {
    const customer = await insertIfFree(
      () => repo.findCustomerByEmail(db, shop.id, contact.email),
      () =>
        db.transaction(async (tx) => {
          const inserted = await repo.insertCustomer(tx, {
            shopId: shop.id,
            email: contact.email,
            firstName: contact.firstName,
            lastName: contact.lastName,
            phoneNumber: contact.phoneNumber || null,
          });
          await webhookEvents.memberCreated(tx, inserted);
          await notify(tx, shop.id, [{ merchants: true }], {
            event: "member.joined",
            title: "New member",
            message: `${fullName(inserted)} was added as a member by ${scope.actor.name}.`,
            data: { customerId: inserted.id },
          });
          return inserted;
        }),
      emailTaken,
    );
    await auth.sendMemberWelcome(customer, shop, membershipName);
    return customer;
  }

  /** Benefits of a usable membership with this membership month's state. */
  async function benefitsOf(
    membership: Awaited<ReturnType<PaymentsService["rewards"]["getWallet"]>>["membership"],
  ): Promise<MemberBenefit[]> {
    if (!membership || (membership.status !== "active" && membership.status !== "cancelled")) {
      return [];
    }
    const at = now();
    if (new Date(membership.expireDate).getTime() <= at.getTime()) return [];
    const start = new Date(membership.startDate);
    const month = membershipMonthIndex(start, at);
    const redeemed = await repo.listRedeemedBenefitIds(db, membership.id, month);
    const nextMonth = addMonthsClamped(start, month + 1).toISOString();
    return membership.Benefits.map((benefit) => ({
      id: benefit.id,
      name: benefit.name,
      worth: benefit.worth,
      benefitType: "monthly" as const,
      redeemed: redeemed.has(benefit.id),
      availableOn: redeemed.has(benefit.id) ? nextMonth : null,
    }));
  }

  return {
    /** GET /member/get-all-members */
    async listMembers(shopId: number, query: MemberListQuery) {
      const filter: repo.MemberFilter =
        query.active === query.inactive ? "all" : query.active ? "active" : "notActive";
      const search = query.search || undefined;
      const [rows, total] = await Promise.all([
        repo.listMembersByShop(db, shopId, {
          filter,
          search,
          order: query.lastActivity ? "activity" : "joined",
          limit: query.pageSize,
          offset: pageOffset(query),
        }),
        repo.countMembersByShop(db, shopId, { filter, search }),
      ]);
      return { members: rows.map(toMemberDto), ...pageOf(query, total) };
    },

    /** GET /member/get-single-member/{id}: the detail page's member, panels and recent history. */
    async getMember(shopId: number, customerId: number) {
      const row = await requireMember(shopId, customerId);
      const recent = { page: 1, pageSize: MEMBER_DETAIL_RECENT };
      const [wallet, offers, history, redeemed] = await Promise.all([
        payments.rewards.getWallet(shopId, customerId),
        payments.rewards.listActiveOffers(shopId, customerId),
        repo.listTransactionsOfMember(db, shopId, customerId, {
          limit: MEMBER_DETAIL_RECENT,
          offset: 0,
        }),
        redemptions.listCustomerRedemptions(shopId, customerId, recent),
      ]);
      const summary = toMemberDto(row);
      const member: MemberDetail = {
        ...summary,
        activeMembership:
          summary.activeMembership && wallet.membership
            ? {
                ...summary.activeMembership,
                Benefits: wallet.membership.Benefits.map((b) => ({
                  ...b,
                  benefitType: "monthly" as const,
                })),
                card: wallet.membership.card,
              }
            : null,
        nextRenewalMembership: wallet.nextRenewalMembership,
        benefits: await benefitsOf(wallet.membership),
        offers,
      };
      return {
        member,
        transactions: history.rows.map(toTransactionDto),
        transactionsTotal: history.total,
        redemptions: redeemed.redemptions,
        redemptionsTotal: redeemed.total,
      };
    },

    /** GET /member/get-member-transactions/{id} */
    async listTransactions(shopId: number, customerId: number, page: PaginationQuery) {
      await requireMember(shopId, customerId);
      const { rows, total } = await repo.listTransactionsOfMember(db, shopId, customerId, {
        limit: page.pageSize,
        offset: pageOffset(page),
      });
      return { transactions: rows.map(toTransactionDto), ...pageOf(page, total) };
    },

    /**
     * POST /member/create-member. With a plan the tier is checked now and the payment follows
     * at /member/set-payment (`paymentRequired`).
     */
    async createMember(scope: MerchantScope, input: NewMemberValues) {
      const shop = await requireShop(scope.shopId);
      const tier =
        input.membershipId !== undefined
          ? await checkChosenPlan(shop.id, input.membershipId, input.planType)
          : null;
      const customer = await addMember(scope, shop, input, tier?.name ?? null);
      return {
        message: tier ? MEMBER_ACTION_MESSAGES.createdPaymentNext : MEMBER_ACTION_MESSAGES.created,
        member: await memberDto(shop.id, customer.id),
        paymentRequired: tier !== null,
      };
    },

    /**
     * POST /member/set-payment (Add New Member's payment step): the member named by the e-mail
     * (added now when the first step did not), then the membership at the server's price.
     */
    async payForNewMember(scope: MerchantScope, input: MemberPaymentPayload) {
      const shop = await requireShop(scope.shopId);
      const tier = await checkChosenPlan(shop.id, input.membershipId, input.planType);
      const existing = await repo.findCustomerByEmail(db, shop.id, input.email);
      const customer =
        existing ??
        (await addMember(
          scope,
          shop,
          {
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            phoneNumber: input.phone,
          },
          tier.name,
        ));
      // `finalPrice` is what the screen showed; the price is always the server's.
      const result = await payments.counter.sellMembershipAtCounter({
        shopId: shop.id,
        customerId: customer.id,
        tierId: tier.id,
        plan: input.planType,
        paymentType: input.paymentType,
        discountPercent: input.discount,
        actor: scope.actor,
      });
      const member = await memberDto(shop.id, customer.id);
      return result.outcome === "completed"
        ? { ...result, message: MEMBER_ACTION_MESSAGES.membershipActivated, member }
        : { ...result, member };
    },

    /** PUT /member/update-member: names and phone; the e-mail is read-only (spec). */
    async updateMember(shopId: number, input: UpdateMemberPayload) {
      const updated = await webhookEvents.updatingMember(db, (tx) =>
        repo.updateCustomer(tx, shopId, input.userId, {
          firstName: input.firstName,
          lastName: input.lastName,
          phoneNumber: input.phoneNumber || null,
        }),
      );
      if (!updated) throw new AppError("NOT_FOUND", MEMBER_ACTION_MESSAGES.notFound);
      return {
        message: MEMBER_ACTION_MESSAGES.updated,
        member: await memberDto(shopId, updated.id),
      };
    },

    /** PUT /member/update-membership (Manage Membership). */
    async changeMembership(scope: MerchantScope, input: UpdateMemberMembershipPayload) {
      const result = await payments.counter.changeMembershipAtCounter({
        shopId: scope.shopId,
        customerId: input.userId,
        tierId: input.membershipId,
        plan: input.plan,
        paymentType: input.paymentType,
        discountPercent: input.discount,
        activeMembershipId: input.activeMembershipId,
        actor: scope.actor,
      });
      const member = await memberDto(scope.shopId, input.userId);
      if (result.outcome === "checkout") return { ...result, member };
      return {
        ...result,
        message:
          result.outcome === "scheduled"
            ? MEMBER_ACTION_MESSAGES.membershipUpdated
            : "renewed" in result
              ? MEMBER_ACTION_MESSAGES.renewalPaid
              : MEMBER_ACTION_MESSAGES.membershipActivated,
        member,
      };
    },

    /** POST /member/delete-membership: cancels (renewal stops, usable until it expires). */
    async cancelMembership(
      scope: MerchantScope,
      input: { customerId: number; membershipId?: number | undefined },
    ) {
      await requireMember(scope.shopId, input.customerId);
      return payments.renewals.cancelMembership({
        shopId: scope.shopId,
        customerId: input.customerId,
        membershipId: input.membershipId,
        actor: scope.actor,
      });
    },

    /**
     * PUT /member/update-member-status/{id}. Disable blocks the member (no sign-in, purchase
     * or redemption) and ends their sessions at once; Enable lifts it.
     */
    async setStatus(shopId: number, customerId: number, status: "active" | "disabled") {
      await db.transaction(async (tx) => {
        const customer = await repo.lockCustomer(tx, shopId, customerId);
        if (!customer) throw new AppError("NOT_FOUND", MEMBER_ACTION_MESSAGES.notFound);
        const disable = status === "disabled";
        if (customer.erasedAt) throw new AppError("CONFLICT", PRIVACY_MESSAGES.erasedStaysDisabled);
        if (customer.isDisabled === disable) {
          throw new AppError(
            "CONFLICT",
            disable
              ? MEMBER_ACTION_MESSAGES.alreadyDisabled
              : MEMBER_ACTION_MESSAGES.alreadyEnabled,
          );
        }
        await repo.updateCustomer(tx, shopId, customerId, { isDisabled: disable });
        await recordMemberStatus(tx, customer, disable);
        await webhookEvents.memberUpdated(tx, { ...customer, isDisabled: disable });
        if (disable) await deleteSessionsOf(tx, { customerId });
      });
      return {
        message:
          status === "disabled" ? MEMBER_ACTION_MESSAGES.disabled : MEMBER_ACTION_MESSAGES.enabled,
        member: await memberDto(shopId, customerId),
      };
    },

    /**
     * DELETE /member/delete-member/{id}: the account and its personal data go; the shop's
     * transactions and redemptions stay under the recorded name.
     */
    async deleteMember(shopId: number, customerId: number) {
      const removed = await db.transaction(async (tx) => {
        // Waits for payments or redemptions in flight on this member to finish first.
        const customer = await repo.lockCustomer(tx, shopId, customerId);
        if (!customer) throw new AppError("NOT_FOUND", MEMBER_ACTION_MESSAGES.notFound);
        return repo.deleteCustomer(tx, shopId, customerId);
      });
      const key = removed?.profilePicture ? storage.keyFromUrl(removed.profilePicture) : null;
      if (key) await storage.remove(key).catch(() => {});
      return { message: MEMBER_ACTION_MESSAGES.deleted };
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
