import type { Shop } from "../../db/schema";
import type { Mailer } from "../../infra/mailer";
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

/** The account e-mails, branded with the shop when the recipient is one of its customers. */
export function createAccountEmails(mailer: Mailer, storage: Storage): AccountEmails {
  const branding = (shop: Shop | undefined): ShopBranding | null =>
    shop
      ? {
          name: shop.name,
          primaryColor: shop.primaryColor,
          logoUrl: shop.logo ? storage.absoluteUrl(shop.logo) : null,
        }
      : null;

  return {
    async sendVerifyEmail({ to, firstName, link, shop }) {
      await mailer.send({ to, ...verifyEmailMessage({ firstName, link, shop: branding(shop) }) });
    },
    async sendResetPassword({ to, firstName, link, shop }) {
      await mailer.send({ to, ...resetPasswordMessage({ firstName, link, shop: branding(shop) }) });
    },
    async sendStaffInvite({ to, firstName, link, shop, role }) {
      await mailer.send({
        to,
        ...staffInviteMessage({
          firstName,
          link,
          role,
          shopName: shop.name,
          validForHours: STAFF_INVITE_TTL_MS / 3_600_000,
        }),
      });
    },
    async sendMemberWelcome({ to, firstName, link, shop, membershipName }) {
      const brand = branding(shop) as ShopBranding;
      await mailer.send({
        to,
        ...memberWelcomeMessage({
          firstName,
          link,
          shop: brand,
          membershipName,
          validForHours: MEMBER_WELCOME_TTL_MS / 3_600_000,
        }),
      });
    },
    async sendSignInCode({ to, firstName, code, link, shop, validForMinutes }) {
      await mailer.send({
        to,
        ...signInCodeMessage({
          firstName,
          code,
          link,
          shop: branding(shop) as ShopBranding,
          validForMinutes,
        }),
      });
    },
  };
}
