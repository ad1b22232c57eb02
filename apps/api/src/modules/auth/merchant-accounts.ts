import {
  ACCESS_MESSAGES,
  CATALOGUE_MESSAGES,
  type LoginPayload,
  type SignUpPayload,
} from "@tessera/shared";
import type { Shop, User } from "../../db/schema";
import { AppError } from "../../errors";
import { insertIfFree } from "../../infra/db/errors";
import { replaceImage } from "../../infra/images";
import { hashPassword } from "../../infra/passwords";
import { recordSignIn } from "../audit/record";
import {
  type AuthDeps,
  accountDisabled,
  checkPassword,
  emailTaken,
  invalidCredentials,
  type LinkToken,
  merchantView,
  tokenLink,
} from "./context";
import { toUserDto } from "./dto";
import { checkProfile } from "./profile-form";
import * as repo from "./repo";
import { createSession, type MerchantSession } from "./session";
import { STAFF_INVITE_TTL_MS, VERIFY_EMAIL_TTL_MS } from "./tokens";
import { openMerchantSession } from "./two-factor-sign-in";

/** Merchant accounts: the owner's sign-up and sign-in, the profile, the staff invitation. */

export async function sendUserVerification(ctx: AuthDeps, user: User) {
  const token: LinkToken = {
    purpose: "verify_email",
    account: { userId: user.id },
    ttlMs: VERIFY_EMAIL_TTL_MS,
  };
  const link = await tokenLink(ctx, token, "/api/v1/auth/verify-email", { email: user.email });
  await ctx.emails.sendVerifyEmail({ to: user.email, firstName: user.firstName, link });
}

export async function signUpMerchant(ctx: AuthDeps, input: SignUpPayload) {
  const { db } = ctx;
  const user = await insertIfFree(
    () => repo.findUserByEmail(db, input.email),
    async () =>
      repo.insertUser(db, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash: await hashPassword(input.password),
      }),
    emailTaken,
  );
  await sendUserVerification(ctx, user);
  const token = await createSession(db, { userId: user.id });
  return { message: ACCESS_MESSAGES.signUp, token, user: toUserDto(user, null) };
}

export async function signInMerchant(ctx: AuthDeps, input: LoginPayload) {
  const user = await repo.findUserByEmail(ctx.db, input.email);
  if (!(await checkPassword(user?.passwordHash, input.password)) || !user) {
    if (user) await recordSignIn(ctx.db, user, "failed");
    throw invalidCredentials();
  }
  if (user.status === "disabled") {
    await recordSignIn(ctx.db, user, "failed");
    throw accountDisabled();
  }
  // With 2FA on (or required of this staff member) the answer is the second step instead.
  const opened = await openMerchantSession(ctx, user);
  if (!("token" in opened)) return opened;
  await recordSignIn(ctx.db, user, "ok");
  return { token: opened.token, user: await merchantView(ctx, user) };
}

export async function getUser(_ctx: AuthDeps, session: MerchantSession) {
  return { user: toUserDto(session.user, session.shopId) };
}

/**
 * Update Profile: names, phone (checked for `phoneCountry`, or its alias `country`; stored
 * in E.164, empty clears it) and an optional new picture. Every problem is reported at
 * once; a replaced picture is removed once the update is saved. The e-mail never changes
 * here.
 */
export async function updateUser(
  ctx: AuthDeps,
  session: MerchantSession,
  fields: Record<string, string>,
  picture: Buffer | undefined,
) {
  const { db, storage } = ctx;
  const { profile, image } = await checkProfile(fields, picture);
  const user = await replaceImage(storage, image, "profiles", (pictureUrl) =>
    db.transaction(async (tx) => {
      const previous = await repo.lockUser(tx, session.user.id);
      if (!previous) throw new AppError("NOT_FOUND", "Account not found");
      const saved = await repo.updateUserProfile(tx, session.user.id, {
        firstName: profile.firstName,
        lastName: profile.lastName,
        phoneNumber: profile.phoneNumber || null,
        ...(pictureUrl ? { profilePicture: pictureUrl } : {}),
      });
      return { saved, previousUrl: previous.profilePicture };
    }),
  );
  return {
    message: CATALOGUE_MESSAGES.profileUpdated,
    user: toUserDto(user, session.shopId),
  };
}

/** Invites a staff member: used by the staff area. */
export async function sendStaffInvitation(ctx: AuthDeps, user: User, shop: Shop) {
  const token: LinkToken = {
    purpose: "staff_invite",
    account: { userId: user.id },
    ttlMs: STAFF_INVITE_TTL_MS,
  };
  const link = await tokenLink(ctx, token, "/employee/set-password");
  await ctx.emails.sendStaffInvite({
    to: user.email,
    firstName: user.firstName,
    link,
    shop,
    role: user.role,
  });
}
