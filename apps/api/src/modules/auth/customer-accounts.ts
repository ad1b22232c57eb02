import {
  ACCESS_MESSAGES,
  type CustomerLoginPayload,
  type CustomerSignUpPayload,
} from "@tessera/shared";
import type { Customer, Shop } from "../../db/schema";
import type { Executor } from "../../infra/db";
import { findOrInsert, insertIfFree } from "../../infra/db/errors";
import { hashPassword } from "../../infra/passwords";
import { recordSignIn } from "../audit/record";
import { webhookEvents } from "../integrations/webhooks/events";
import { notify } from "../notifications/notify";
import {
  type AuthDeps,
  accountDisabled,
  checkPassword,
  emailTaken,
  invalidCredentials,
  type LinkToken,
  requireShop,
  tokenLink,
} from "./context";
import { toCustomerDto, toUserDto } from "./dto";
import * as repo from "./repo";
import { createSession } from "./session";
import { MEMBER_WELCOME_TTL_MS, VERIFY_EMAIL_TTL_MS } from "./tokens";
import {
  type MerchantOpening,
  openMerchantSession,
  signInUserVerified,
} from "./two-factor-sign-in";

/**
 * Customer accounts, one per shop: sign-up and sign-in on the shop's pages, sign-in with an
 * e-mail a provider vouched for (Google), and the welcome of a member the merchant added.
 */

export async function sendCustomerVerification(ctx: AuthDeps, customer: Customer, shop: Shop) {
  const account = { customerId: customer.id };
  const token: LinkToken = { purpose: "verify_email", account, ttlMs: VERIFY_EMAIL_TTL_MS };
  const link = await tokenLink(ctx, token, "/api/v1/auth/verify-email", {
    email: customer.email,
    shopId: String(shop.id),
  });
  await ctx.emails.sendVerifyEmail({
    to: customer.email,
    firstName: customer.firstName,
    locale: customer.locale,
    link,
    shop,
  });
}

/** A customer who signed up themselves: the webhooks and the shop's merchants hear of it. */
export async function announceNewMember(tx: Executor, customer: Customer) {
  await webhookEvents.memberCreated(tx, customer);
  await notify(tx, customer.shopId, [{ merchants: true }], {
    event: "member.joined",
    title: "New member",
    message: `${customer.firstName} ${customer.lastName} signed up at your store.`,
    data: { customerId: customer.id },
  });
}

export async function signUpCustomer(ctx: AuthDeps, input: CustomerSignUpPayload) {
  const { db } = ctx;
  const shop = await requireShop(ctx, input.shopId);
  const customer = await insertIfFree(
    () => repo.findCustomerByEmail(db, shop.id, input.email),
    async () => {
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const inserted = await repo.insertCustomer(tx, {
          shopId: shop.id,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
        });
        await announceNewMember(tx, inserted);
        return inserted;
      });
    },
    emailTaken,
  );
  await sendCustomerVerification(ctx, customer, shop);
  const token = await createSession(db, { customerId: customer.id });
  return { message: ACCESS_MESSAGES.signUp, token, customer: toCustomerDto(customer) };
}

/** A customer of the shop, or the shop's own owner or staff (who go to the merchant area). */
export async function signInCustomer(ctx: AuthDeps, input: CustomerLoginPayload) {
  const { db } = ctx;
  const shop = await requireShop(ctx, input.shopId);
  const customer = await repo.findCustomerByEmail(db, shop.id, input.email);
  if (customer && (await checkPassword(customer.passwordHash, input.password))) {
    if (customer.isDisabled) throw accountDisabled();
    const token = await createSession(db, { customerId: customer.id });
    return { token, customer: toCustomerDto(customer) };
  }
  const user = await repo.findUserByEmail(db, input.email);
  const userShopId = user ? await repo.findShopIdOfUser(db, user) : null;
  if (user && userShopId === shop.id && (await checkPassword(user.passwordHash, input.password))) {
    if (user.status === "disabled") {
      await recordSignIn(db, user, "failed");
      throw accountDisabled();
    }
    const opened = await openMerchantSession(ctx, user);
    if (!("token" in opened)) return opened;
    await recordSignIn(db, user, "ok");
    return { token: opened.token, merchant: toUserDto(user, userShopId) };
  }
  // The shop's owner or staff member on the shop's sign-in page, with a wrong password.
  if (user && userShopId === shop.id) await recordSignIn(db, user, "failed");
  if (!customer && !user) await checkPassword(null, input.password);
  throw invalidCredentials();
}

type VerifiedPerson = { email: string; firstName: string; lastName: string };

/** Third-party sign-in: the account with this verified e-mail, or a new verified one. */
export async function signInWithVerifiedEmail(
  ctx: AuthDeps,
  input: VerifiedPerson & { shopId?: number },
): Promise<MerchantOpening & { as: "merchant" | "customer" }> {
  if (input.shopId !== undefined) {
    const shop = await requireShop(ctx, input.shopId);
    // The shop's own owner or staff on its page are the merchant, as with a password.
    const member = await repo.findUserByEmail(ctx.db, input.email);
    if (member && (await repo.findShopIdOfUser(ctx.db, member)) === shop.id) {
      return { ...(await signInUserVerified(ctx, member)), as: "merchant" };
    }
    return { token: await signInVerifiedCustomer(ctx, shop, input), as: "customer" };
  }
  const user = await findOrInsert(
    () => repo.findUserByEmail(ctx.db, input.email),
    () => repo.insertUser(ctx.db, { ...names(input), emailVerifiedAt: new Date() }),
  );
  if (!user) throw new Error("user vanished during sign-in");
  return { ...(await signInUserVerified(ctx, user)), as: "merchant" };
}

function names(input: VerifiedPerson) {
  return { email: input.email, firstName: input.firstName, lastName: input.lastName };
}

/** The shop's customer with this verified e-mail (created when new), signed in. */
async function signInVerifiedCustomer(ctx: AuthDeps, shop: Shop, input: VerifiedPerson) {
  const { db } = ctx;
  const customer = await findOrInsert(
    () => repo.findCustomerByEmail(db, shop.id, input.email),
    () =>
      repo.insertCustomer(db, { shopId: shop.id, ...names(input), emailVerifiedAt: new Date() }),
  );
  if (!customer) throw new Error("customer vanished during sign-in");
  if (customer.isDisabled) throw accountDisabled();
  await repo.markEmailVerified(db, { customerId: customer.id });
  return createSession(db, { customerId: customer.id });
}

/**
 * A member the merchant added: a link to the shop's own reset page, where they choose a
 * first password (a reset token, kept longer than a forgotten-password one).
 */
export async function sendMemberWelcome(
  ctx: AuthDeps,
  customer: Customer,
  shop: Shop,
  membershipName: string | null,
) {
  const account = { customerId: customer.id };
  // A reset token, kept longer than a forgotten-password one.
  const token: LinkToken = { purpose: "reset_password", account, ttlMs: MEMBER_WELCOME_TTL_MS };
  const link = await tokenLink(ctx, token, `/${shop.id}/pass/reset-password`, {
    email: customer.email,
  });
  await ctx.emails.sendMemberWelcome({
    to: customer.email,
    firstName: customer.firstName,
    link,
    shop,
    membershipName,
    locale: customer.locale,
  });
}
