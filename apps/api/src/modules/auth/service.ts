import {
  ACCESS_MESSAGES,
  CATALOGUE_MESSAGES,
  type ChangePasswordPayload,
  type CustomerLoginPayload,
  type CustomerSignUpPayload,
  type LoginPayload,
  profileUpdatePayloadSchema,
  type SignUpPayload,
  toFieldErrors,
} from "@tessera/shared";
import type { Config } from "../../config";
import type { Customer, Shop, User } from "../../db/schema";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import { isUniqueViolation } from "../../infra/db/errors";
import { processImage, profilePictureRules } from "../../infra/images";
import { hashPassword, verifyPassword } from "../../infra/passwords";
import type { Storage } from "../../infra/storage";
import { notify } from "../notifications/notify";
import { toCustomerDto, toUserDto } from "./dto";
import * as repo from "./repo";
import { createSession, type MerchantSession, type Session } from "./session";
import {
  hashToken,
  MEMBER_WELCOME_TTL_MS,
  newToken,
  RESET_PASSWORD_TTL_MS,
  STAFF_INVITE_TTL_MS,
  VERIFY_EMAIL_TTL_MS,
} from "./tokens";

/** What the auth flows need from e-mail: one call per message, links already built. */
export type AccountEmails = {
  sendVerifyEmail(input: {
    to: string;
    firstName: string;
    link: string;
    shop?: Shop;
  }): Promise<void>;
  sendResetPassword(input: {
    to: string;
    firstName: string;
    link: string;
    shop?: Shop;
  }): Promise<void>;
  sendStaffInvite(input: {
    to: string;
    firstName: string;
    link: string;
    shop: Shop;
    role: string | null;
  }): Promise<void>;
  sendMemberWelcome(input: {
    to: string;
    firstName: string;
    link: string;
    shop: Shop;
    membershipName: string | null;
  }): Promise<void>;
};

export type AuthDeps = {
  db: Database;
  config: Config;
  emails: AccountEmails;
  /** Where profile pictures are kept. */
  storage: Storage;
};

// Verifying against a real hash for unknown e-mails keeps response times alike, so sign-in does
// not reveal which addresses have accounts.
const dummyHash = hashPassword("Not-a-real-password-1!");

function invalidCredentials(): AppError {
  return new AppError("UNAUTHORIZED", ACCESS_MESSAGES.invalidCredentials, {
    errors: { password: ACCESS_MESSAGES.invalidCredentials },
  });
}

function invalidToken(): AppError {
  return new AppError("BAD_REQUEST", ACCESS_MESSAGES.invalidToken);
}

function emailTaken(): AppError {
  return new AppError("CONFLICT", ACCESS_MESSAGES.emailTaken, {
    errors: { email: ACCESS_MESSAGES.emailTaken },
  });
}

async function checkPassword(passwordHash: string | null | undefined, password: string) {
  if (!passwordHash) {
    await verifyPassword(await dummyHash, password);
    return false;
  }
  return verifyPassword(passwordHash, password);
}

export function createAuthService({ db, config, emails, storage }: AuthDeps) {
  const url = (path: string, params: Record<string, string>) =>
    `${config.publicUrl}${path}?${new URLSearchParams(params).toString()}`;

  async function issueToken(
    purpose: repo.TokenPurpose,
    account: repo.AccountRef,
    ttlMs: number,
  ): Promise<string> {
    const token = newToken();
    await db.transaction(async (tx) => {
      await repo.revokeTokensOf(tx, purpose, account);
      await repo.insertAccountToken(tx, {
        ...account,
        purpose,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + ttlMs),
      });
    });
    return token;
  }

  async function sendUserVerification(user: User) {
    const token = await issueToken("verify_email", { userId: user.id }, VERIFY_EMAIL_TTL_MS);
    await emails.sendVerifyEmail({
      to: user.email,
      firstName: user.firstName,
      link: url("/api/v1/auth/verify-email", { token, email: user.email }),
    });
  }

  async function sendCustomerVerification(customer: Customer, shop: Shop) {
    const token = await issueToken(
      "verify_email",
      { customerId: customer.id },
      VERIFY_EMAIL_TTL_MS,
    );
    await emails.sendVerifyEmail({
      to: customer.email,
      firstName: customer.firstName,
      link: url("/api/v1/auth/verify-email", {
        token,
        email: customer.email,
        shopId: String(shop.id),
      }),
      shop,
    });
  }

  async function requireShop(shopId: number): Promise<Shop> {
    const shop = await repo.findShopById(db, shopId);
    if (!shop) throw new AppError("NOT_FOUND", ACCESS_MESSAGES.storeNotFound);
    return shop;
  }

  /** A merchant whose e-mail a provider vouched for: verified, and an invitation accepted. */
  async function signInUserVerified(user: User): Promise<string> {
    if (user.status === "disabled") {
      throw new AppError("FORBIDDEN", ACCESS_MESSAGES.accountDisabled);
    }
    await repo.markEmailVerified(db, { userId: user.id });
    await repo.activateInvitedStaff(db, user.id);
    return createSession(db, { userId: user.id });
  }

  async function merchantView(user: User) {
    return toUserDto(user, await repo.findShopIdOfUser(db, user));
  }

  /** A reset or invitation token, checked against the e-mail it was sent to when one is given. */
  async function findTokenAccount(purpose: repo.TokenPurpose, token: string, email?: string) {
    const row = await repo.findUsableToken(db, purpose, hashToken(token), new Date());
    if (!row) throw invalidToken();
    const account = row.userId
      ? await repo.findUserById(db, row.userId)
      : row.customerId
        ? await repo.findCustomerById(db, row.customerId)
        : undefined;
    if (!account) throw invalidToken();
    if (email && account.email.toLowerCase() !== email.toLowerCase()) throw invalidToken();
    return { row, account };
  }

  /** Spends a token and sets a password, ending every session of the account. */
  async function spendTokenForPassword(
    purpose: repo.TokenPurpose,
    token: string,
    password: string,
    email?: string,
  ) {
    const { account, row } = await findTokenAccount(purpose, token, email);
    const passwordHash = await hashPassword(password);
    const ref: repo.AccountRef = row.userId
      ? { userId: row.userId }
      : { customerId: row.customerId as number };
    await db.transaction(async (tx) => {
      // Spending inside the transaction: of two concurrent resets exactly one wins.
      const spent = await repo.consumeToken(tx, purpose, hashToken(token), new Date());
      if (!spent) throw invalidToken();
      await repo.setPassword(tx, ref, passwordHash);
      // The link proved the address: it counts as verified.
      await repo.markEmailVerified(tx, ref);
      await repo.deleteSessionsOf(tx, ref);
      if (purpose === "staff_invite" && "userId" in ref) {
        await repo.activateInvitedStaff(tx, ref.userId);
      }
    });
    return account;
  }

  return {
    async signUpMerchant(input: SignUpPayload) {
      if (await repo.findUserByEmail(db, input.email)) throw emailTaken();
      const passwordHash = await hashPassword(input.password);
      let user: User;
      try {
        user = await repo.insertUser(db, {
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      await sendUserVerification(user);
      const token = await createSession(db, { userId: user.id });
      return { message: ACCESS_MESSAGES.signUp, token, user: toUserDto(user, null) };
    },

    async signInMerchant(input: LoginPayload) {
      const user = await repo.findUserByEmail(db, input.email);
      if (!(await checkPassword(user?.passwordHash, input.password)) || !user) {
        throw invalidCredentials();
      }
      if (user.status === "disabled") {
        throw new AppError("FORBIDDEN", ACCESS_MESSAGES.accountDisabled);
      }
      const token = await createSession(db, { userId: user.id });
      return { token, user: await merchantView(user) };
    },

    async getUser(session: MerchantSession) {
      return { user: toUserDto(session.user, session.shopId) };
    },

    /**
     * Update Profile: names, phone (checked for `phoneCountry`, or its alias `country`; stored
     * in E.164, empty clears it) and an optional new picture. Every problem is reported at
     * once; a replaced picture is removed once the update is saved. The e-mail never changes
     * here.
     */
    async updateUser(
      session: MerchantSession,
      fields: Record<string, string>,
      picture: Buffer | undefined,
    ) {
      const errors: Record<string, string> = {};
      const parsed = profileUpdatePayloadSchema.safeParse({
        ...fields,
        phoneCountry: fields.phoneCountry ?? fields.country,
      });
      if (!parsed.success) Object.assign(errors, toFieldErrors(parsed.error));
      let image: Awaited<ReturnType<typeof processImage>> | null = null;
      if (picture) {
        try {
          image = await processImage(picture, profilePictureRules);
        } catch (error) {
          if (!(error instanceof AppError && error.details.errors)) throw error;
          Object.assign(errors, error.details.errors);
        }
      }
      const first = Object.values(errors)[0];
      if (first || !parsed.success)
        throw new AppError("BAD_REQUEST", first ?? "Invalid", { errors });

      const stored = image
        ? await storage.save(image.buffer, {
            extension: image.extension,
            contentType: image.contentType,
            folder: "profiles",
          })
        : null;
      let result: { user: User; previousPicture: string | null };
      try {
        result = await db.transaction(async (tx) => {
          const previous = await repo.lockUser(tx, session.user.id);
          if (!previous) throw new AppError("NOT_FOUND", "Account not found");
          const user = await repo.updateUserProfile(tx, session.user.id, {
            firstName: parsed.data.firstName,
            lastName: parsed.data.lastName,
            phoneNumber: parsed.data.phoneNumber || null,
            ...(stored ? { profilePicture: stored.url } : {}),
          });
          return { user, previousPicture: previous.profilePicture };
        });
      } catch (error) {
        if (stored) await storage.remove(stored.key).catch(() => {});
        throw error;
      }
      // A picture from Google sign-in is not ours to delete: keyFromUrl knows only our files.
      const previousKey =
        stored && result.previousPicture ? storage.keyFromUrl(result.previousPicture) : null;
      if (previousKey) await storage.remove(previousKey).catch(() => {});
      return {
        message: CATALOGUE_MESSAGES.profileUpdated,
        user: toUserDto(result.user, session.shopId),
      };
    },

    /** The link in the verification e-mail: verifies and says where the browser goes next. */
    async verifyEmail(token: string, email: string, shopId?: number): Promise<string> {
      const tokenHash = hashToken(token);
      // A link opened again (or first by a mail scanner) for an account that is verified by now
      // still lands on the success page instead of a confusing error.
      const row =
        (await repo.consumeToken(db, "verify_email", tokenHash, new Date())) ??
        (await repo.findSpentTokenOfVerifiedAccount(db, "verify_email", tokenHash));
      const account = row?.userId
        ? await repo.findUserById(db, row.userId)
        : row?.customerId
          ? await repo.findCustomerById(db, row.customerId)
          : undefined;
      if (!row || !account || account.email.toLowerCase() !== email.toLowerCase()) {
        return `${shopId ? `/${shopId}` : ""}/verify-email?${new URLSearchParams({
          email,
          error: "This verification link is invalid or has expired. Please request a new one.",
        })}`;
      }
      if ("shopId" in account && row.customerId) {
        await repo.markEmailVerified(db, { customerId: account.id });
        return `/${account.shopId}/login?verified=1`;
      }
      await repo.markEmailVerified(db, { userId: account.id });
      return "/email-verified";
    },

    async resendVerification(input: { email: string; shopId?: number }) {
      if (input.shopId !== undefined) {
        const shop = await requireShop(input.shopId);
        const customer = await repo.findCustomerByEmail(db, shop.id, input.email);
        if (customer && !customer.emailVerifiedAt) await sendCustomerVerification(customer, shop);
      } else {
        const user = await repo.findUserByEmail(db, input.email);
        if (user && !user.emailVerifiedAt) await sendUserVerification(user);
      }
      // The same answer either way: it must not reveal which addresses have accounts.
      return { message: ACCESS_MESSAGES.verificationSent };
    },

    async forgotPassword(input: { email: string; shopId?: number }) {
      if (input.shopId !== undefined) {
        const shop = await requireShop(input.shopId);
        const customer = await repo.findCustomerByEmail(db, shop.id, input.email);
        if (customer && !customer.isDisabled) {
          const token = await issueToken(
            "reset_password",
            { customerId: customer.id },
            RESET_PASSWORD_TTL_MS,
          );
          await emails.sendResetPassword({
            to: customer.email,
            firstName: customer.firstName,
            link: url(`/${shop.id}/pass/reset-password`, { token, email: customer.email }),
            shop,
          });
        }
      } else {
        const user = await repo.findUserByEmail(db, input.email);
        if (user && user.status !== "disabled") {
          const token = await issueToken(
            "reset_password",
            { userId: user.id },
            RESET_PASSWORD_TTL_MS,
          );
          await emails.sendResetPassword({
            to: user.email,
            firstName: user.firstName,
            link: url("/pass/reset-password", { token, email: user.email }),
          });
        }
      }
      return { message: ACCESS_MESSAGES.forgotPassword };
    },

    async verifyResetToken(token: string, email: string | undefined, shopId?: number) {
      const { account } = await findTokenAccount("reset_password", token, email);
      if (shopId !== undefined && (!("shopId" in account) || account.shopId !== shopId)) {
        throw invalidToken();
      }
      return { message: ACCESS_MESSAGES.tokenValid, email: account.email };
    },

    async resetPassword(input: { token: string; email?: string; password: string }) {
      await spendTokenForPassword("reset_password", input.token, input.password, input.email);
      return { message: ACCESS_MESSAGES.resetPassword };
    },

    async setStaffPassword(input: { token: string; password: string }) {
      await spendTokenForPassword("staff_invite", input.token, input.password);
      return { message: ACCESS_MESSAGES.passwordSet };
    },

    /** Invites a staff member: used by the staff area. */
    async sendStaffInvitation(user: User, shop: Shop) {
      const token = await issueToken("staff_invite", { userId: user.id }, STAFF_INVITE_TTL_MS);
      await emails.sendStaffInvite({
        to: user.email,
        firstName: user.firstName,
        link: url("/employee/set-password", { token }),
        shop,
        role: user.role,
      });
    },

    /**
     * A member the merchant added: a link to the shop's own reset page, where they choose a
     * first password (a reset token, kept longer than a forgotten-password one).
     */
    async sendMemberWelcome(customer: Customer, shop: Shop, membershipName: string | null) {
      const token = await issueToken(
        "reset_password",
        { customerId: customer.id },
        MEMBER_WELCOME_TTL_MS,
      );
      await emails.sendMemberWelcome({
        to: customer.email,
        firstName: customer.firstName,
        link: url(`/${shop.id}/pass/reset-password`, { token, email: customer.email }),
        shop,
        membershipName,
      });
    },

    async updatePassword(session: Session, input: ChangePasswordPayload) {
      const account = session.kind === "merchant" ? session.user : session.customer;
      if (!(await checkPassword(account.passwordHash, input.currentPassword))) {
        throw new AppError("BAD_REQUEST", ACCESS_MESSAGES.invalidCurrentPassword, {
          errors: { currentPassword: ACCESS_MESSAGES.invalidCurrentPassword },
        });
      }
      const ref: repo.AccountRef =
        session.kind === "merchant" ? { userId: account.id } : { customerId: account.id };
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await repo.setPassword(tx, ref, passwordHash);
        await repo.deleteSessionsOf(tx, ref, session.sessionId);
      });
      return { message: ACCESS_MESSAGES.passwordUpdated };
    },

    async logout(session: Session) {
      await repo.deleteSession(db, session.sessionId);
      return { message: ACCESS_MESSAGES.loggedOut };
    },

    // Customers ---------------------------------------------------------------------------------

    async signUpCustomer(input: CustomerSignUpPayload) {
      const shop = await requireShop(input.shopId);
      if (await repo.findCustomerByEmail(db, shop.id, input.email)) throw emailTaken();
      const passwordHash = await hashPassword(input.password);
      let customer: Customer;
      try {
        customer = await db.transaction(async (tx) => {
          const inserted = await repo.insertCustomer(tx, {
            shopId: shop.id,
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            passwordHash,
          });
          await notify(tx, shop.id, [{ merchants: true }], {
            event: "member.joined",
            title: "New member",
            message: `${inserted.firstName} ${inserted.lastName} signed up at your store.`,
            data: { customerId: inserted.id },
          });
          return inserted;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      await sendCustomerVerification(customer, shop);
      const token = await createSession(db, { customerId: customer.id });
      return { message: ACCESS_MESSAGES.signUp, token, customer: toCustomerDto(customer) };
    },

    /** A customer of the shop, or the shop's own owner or staff (who go to the merchant area). */
    async signInCustomer(input: CustomerLoginPayload) {
      const shop = await requireShop(input.shopId);
      const customer = await repo.findCustomerByEmail(db, shop.id, input.email);
      if (customer && (await checkPassword(customer.passwordHash, input.password))) {
        if (customer.isDisabled) throw new AppError("FORBIDDEN", ACCESS_MESSAGES.accountDisabled);
        const token = await createSession(db, { customerId: customer.id });
        return { token, customer: toCustomerDto(customer) };
      }
      const user = await repo.findUserByEmail(db, input.email);
      const userShopId = user ? await repo.findShopIdOfUser(db, user) : null;
      if (
        user &&
        userShopId === shop.id &&
        (await checkPassword(user.passwordHash, input.password))
      ) {
        if (user.status === "disabled") {
          throw new AppError("FORBIDDEN", ACCESS_MESSAGES.accountDisabled);
        }
        const token = await createSession(db, { userId: user.id });
        return { token, merchant: toUserDto(user, userShopId) };
      }
      if (!customer && !user) await checkPassword(null, input.password);
      throw invalidCredentials();
    },

    /** Third-party sign-in: the account with this verified e-mail, or a new verified one. */
    async signInWithVerifiedEmail(input: {
      email: string;
      firstName: string;
      lastName: string;
      shopId?: number;
    }): Promise<{ token: string; as: "merchant" | "customer" }> {
      const now = new Date();
      if (input.shopId !== undefined) {
        const shop = await requireShop(input.shopId);
        // The shop's own owner or staff on its page are the merchant, as with a password.
        const member = await repo.findUserByEmail(db, input.email);
        if (member && (await repo.findShopIdOfUser(db, member)) === shop.id) {
          return { token: await signInUserVerified(member), as: "merchant" };
        }
        let customer = await repo.findCustomerByEmail(db, shop.id, input.email);
        if (!customer) {
          try {
            customer = await repo.insertCustomer(db, {
              shopId: shop.id,
              email: input.email,
              firstName: input.firstName,
              lastName: input.lastName,
              emailVerifiedAt: now,
            });
          } catch (error) {
            if (!isUniqueViolation(error)) throw error;
            customer = await repo.findCustomerByEmail(db, shop.id, input.email);
          }
        }
        if (!customer) throw new Error("customer vanished during sign-in");
        if (customer.isDisabled) throw new AppError("FORBIDDEN", ACCESS_MESSAGES.accountDisabled);
        await repo.markEmailVerified(db, { customerId: customer.id });
        return { token: await createSession(db, { customerId: customer.id }), as: "customer" };
      }
      let user = await repo.findUserByEmail(db, input.email);
      if (!user) {
        try {
          user = await repo.insertUser(db, {
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            emailVerifiedAt: now,
          });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          user = await repo.findUserByEmail(db, input.email);
        }
      }
      if (!user) throw new Error("user vanished during sign-in");
      return { token: await signInUserVerified(user), as: "merchant" };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
