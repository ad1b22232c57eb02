import type { Shop } from "../../db/schema";
import type { Mailer } from "../../infra/mailer";
import { customerLocale } from "../../infra/mailer/i18n";
import { signInCodeMessage } from "../../infra/mailer/sign-in-code";
import {
  memberWelcomeMessage,
  resetPasswordMessage,
  type ShopBranding,
  staffInviteMessage,
  verifyEmailMessage,
} from "../../infra/mailer/templates";
import type { Storage } from "../../infra/storage";
import type { AccountEmails } from "./service";
import { MEMBER_WELCOME_TTL_MS, STAFF_INVITE_TTL_MS } from "./tokens";

/**
 * The account e-mails, branded with the shop when the recipient is one of its customers and
 * written in the customer's language (theirs, else the shop's default); merchants read English.
 */
export function createAccountEmails(mailer: Mailer, storage: Storage): AccountEmails {
  const branding = (shop: Shop | undefined): ShopBranding | null =>
    shop
      ? {
          name: shop.name,
          primaryColor: shop.primaryColor,
          logoUrl: shop.logo ? storage.absoluteUrl(shop.logo) : null,
        }
      : null;
  const languageOf = (locale: string | null | undefined, shop: Shop | undefined) =>
    shop ? customerLocale(locale, shop.defaultLocale) : "en";

  /** Sends an e-mail of one link (verify, reset), branded and in the recipient's language. */
  const linkSender =
    (message: typeof verifyEmailMessage): AccountEmails["sendVerifyEmail"] =>
    async ({ to, firstName, link, shop, locale }) => {
      const content = await message({
        firstName,
        link,
        shop: branding(shop),
        locale: languageOf(locale, shop),
      });
      await mailer.send({ to, ...content });
    };

  return {
    sendVerifyEmail: linkSender(verifyEmailMessage),
    sendResetPassword: linkSender(resetPasswordMessage),
    async sendStaffInvite({ to, firstName, link, shop, role }) {
      await mailer.send({
        to,
        ...(await staffInviteMessage({
          firstName,
          link,
          role,
          shopName: shop.name,
          validForHours: STAFF_INVITE_TTL_MS / 3_600_000,
        })),
      });
    },
    async sendMemberWelcome({ to, firstName, link, shop, membershipName, locale }) {
      const brand = branding(shop) as ShopBranding;
      await mailer.send({
        to,
        ...(await memberWelcomeMessage({
          firstName,
          link,
          shop: brand,
          membershipName,
          validForHours: MEMBER_WELCOME_TTL_MS / 3_600_000,
          locale: languageOf(locale, shop),
        })),
      });
    },
    async sendSignInCode({ to, firstName, code, link, shop, validForMinutes, locale }) {
      await mailer.send({
        to,
        ...(await signInCodeMessage({
          firstName,
          code,
          link,
          shop: branding(shop) as ShopBranding,
          validForMinutes,
          locale: languageOf(locale, shop),
        })),
      });
    },
  };
}
