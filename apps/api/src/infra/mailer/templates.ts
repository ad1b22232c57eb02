import { DEFAULT_LOCALE, type Locale } from "@tessera/shared";
import {
  checkedUrl,
  type EmailContent,
  footerFor,
  oneLine,
  type ShopBranding,
  shopBrand,
  tesseraBrand,
} from "./brand";
import { translator } from "./i18n";
import { renderEmail } from "./react/layout";

/**
 * The account e-mails (verification, password reset, staff invitation, member welcome), written
 * with the branded React Email frame of every e-mail (`react/layout.tsx`), each with its plain
 * text. A shop's customer reads them in their language (`locale`); merchants and staff in English.
 */

export * from "./brand";

/** DOMAIN.md: verification links live 24 hours, reset links 1 hour. */
export const VERIFY_EMAIL_VALID_HOURS = 24;
export const RESET_PASSWORD_VALID_HOURS = 1;

type AccountInput = {
  firstName?: string | null;
  link: string;
  /** The recipient's language (a customer's); English when unset. */
  locale?: Locale;
};

/** The recipient's language, and the shop's brand (Tessera's for a merchant, with no shop). */
function accountFrame(input: AccountInput & { shop?: ShopBranding | null }) {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const brand = input.shop ? shopBrand(input.shop) : tesseraBrand();
  return { locale, t: translator(locale), brand, shopName: brand.name };
}

/** How long a link lasts: without a lifetime, only that it works once. */
function linkLifetime(t: ReturnType<typeof translator>, validForHours: number | undefined) {
  return validForHours
    ? t(
        "This link expires in {count, plural, one {# hour} other {# hours}} and can be used once.",
        { count: validForHours },
      )
    : t("This link can be used once.");
}

type Frame = {
  locale: Locale;
  t: ReturnType<typeof translator>;
  brand: ReturnType<typeof tesseraBrand>;
};

/**
 * An account e-mail whose point is one link: the frame, the greeting, the button to the link, and
 * the notes on how long the link lasts and what to do if it was not expected.
 */
function linkEmail(
  { locale, t, brand }: Frame,
  input: AccountInput,
  email: {
    subject: string;
    preheader: string;
    heading: string;
    paragraphs: string[];
    button: string;
    validForHours: number | undefined;
    ifUnexpected: string;
    /** The shop's or Tessera's footer unless the e-mail says why it came. */
    footer?: string;
  },
): Promise<EmailContent> {
  return renderEmail({
    brand,
    locale,
    subject: email.subject,
    preheader: email.preheader,
    greetingName: input.firstName,
    heading: email.heading,
    paragraphs: email.paragraphs,
    button: { label: email.button, url: checkedUrl(input.link, "link") },
    notes: [linkLifetime(t, email.validForHours), email.ifUnexpected],
    footer: email.footer ?? footerFor(brand, t),
  });
}

/** Verify the e-mail address after sign-up: a merchant (no `shop`) or a shop's customer. */
export function verifyEmailMessage(
  input: AccountInput & { shop?: ShopBranding | null },
): Promise<EmailContent> {
  const { locale, t, brand, shopName } = accountFrame(input);
  return linkEmail({ locale, t, brand }, input, {
    subject: input.shop
      ? t("Verify your email for {shopName}", { shopName })
      : t("Verify your email for Tessera"),
    preheader: t("Confirm your email address to finish setting up your account."),
    heading: t("Verify your email address"),
    paragraphs: [
      input.shop
        ? t(
            "Thanks for joining {shopName}. Please confirm this is your email address so your account is ready for your membership.",
            { shopName },
          )
        : t(
            "Thanks for signing up for Tessera. Please confirm this is your email address so you can create your shop.",
          ),
    ],
    button: t("Verify email"),
    validForHours: VERIFY_EMAIL_VALID_HOURS,
    ifUnexpected: t("If you did not create an account, you can ignore this email."),
  });
}

/** Password reset link: a merchant or staff member (no `shop`) or a shop's customer. */
export function resetPasswordMessage(
  input: AccountInput & { shop?: ShopBranding | null },
): Promise<EmailContent> {
  const { locale, t, brand, shopName } = accountFrame(input);
  return linkEmail({ locale, t, brand }, input, {
    subject: input.shop
      ? t("Reset your password for {shopName}", { shopName })
      : t("Reset your Tessera password"),
    preheader: t("Choose a new password for your account."),
    heading: t("Reset your password"),
    paragraphs: [
      t(
        "We received a request to reset the password of your {shopName} account. Click the button below to choose a new one.",
        { shopName },
      ),
    ],
    button: t("Reset password"),
    validForHours: RESET_PASSWORD_VALID_HOURS,
    ifUnexpected: t(
      "If you did not ask to reset your password, you can ignore this email: your password stays the same.",
    ),
  });
}

/** A shop owner invites an employee, who sets a password to activate the account (English). */
export function staffInviteMessage(
  input: AccountInput & {
    shopName: string;
    invitedBy?: string | null;
    role?: string | null;
    validForHours?: number;
  },
): Promise<EmailContent> {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const shopName = oneLine(input.shopName);
  const role = input.role ? oneLine(input.role) : "";
  const who = input.invitedBy ? oneLine(input.invitedBy) : t("The owner");
  return linkEmail({ locale, t, brand: tesseraBrand() }, input, {
    subject: t("You're invited to join {shopName} on Tessera", { shopName }),
    preheader: t("Set your password to start working with {shopName}.", { shopName }),
    heading: t("Join {shopName} on Tessera", { shopName }),
    paragraphs: [
      role
        ? t("{who} has invited you to join {shopName} on Tessera as {role}.", {
            who,
            shopName,
            role,
          })
        : t("{who} has invited you to join {shopName} on Tessera.", { who, shopName }),
      t(
        "Set your password to activate your account. After that you log in with this email address.",
      ),
    ],
    button: t("Set your password"),
    validForHours: input.validForHours,
    ifUnexpected: t("If you were not expecting this invitation, you can ignore this email."),
    footer: t("You are receiving this email because {shopName} invited you to Tessera.", {
      shopName,
    }),
  });
}

/** A merchant added this customer as a member; the customer sets a first password. */
export function memberWelcomeMessage(
  input: AccountInput & {
    shop: ShopBranding;
    membershipName?: string | null;
    validForHours?: number;
  },
): Promise<EmailContent> {
  const { locale, t, brand, shopName } = accountFrame(input);
  const membershipName = input.membershipName ? oneLine(input.membershipName) : "";
  return linkEmail({ locale, t, brand }, input, {
    subject: t("Welcome to {shopName}", { shopName }),
    preheader: t("Set your password to see your {shopName} membership.", { shopName }),
    heading: t("Welcome to {shopName}", { shopName }),
    paragraphs: [
      membershipName
        ? t("{shopName} has added you as a member with the {membershipName} membership.", {
            shopName,
            membershipName,
          })
        : t("{shopName} has added you as a member.", { shopName }),
      t(
        "Set a password to log in, see your membership, benefits and cashback, and use your offers.",
      ),
    ],
    button: t("Set your password"),
    validForHours: input.validForHours,
    ifUnexpected: t("If you were not expecting this email, you can ignore it."),
  });
}
