import { DEFAULT_LOCALE, type Locale } from "@tessera/shared";
import { checkedUrl, type EmailContent, footerFor, type ShopBranding, shopBrand } from "./brand";
import { translator } from "./i18n";
import { renderEmail } from "./react/layout";

/** A shop's customer asked to sign in without a password: the code to type, or the link. */
export function signInCodeMessage(input: {
  firstName?: string | null;
  shop: ShopBranding;
  code: string;
  link: string;
  validForMinutes: number;
  /** The customer's language (the shop's default for an address without an account). */
  locale?: Locale;
}): Promise<EmailContent> {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const brand = shopBrand(input.shop);
  const shopName = brand.name;
  const minutes = input.validForMinutes;
  // Spaced for reading aloud or across devices; the form takes it with or without the space.
  const code = `${input.code.slice(0, 3)} ${input.code.slice(3)}`;
  return renderEmail({
    brand,
    locale,
    subject: t("{code} is your sign-in code for {shopName}", { code, shopName }),
    preheader: t("Your code is {code}. It works once, for {minutes} minutes.", { code, minutes }),
    greetingName: input.firstName,
    heading: t("Your sign-in code: {code}", { code }),
    paragraphs: [
      t(
        "Enter this code on {shopName}'s sign-in page, or use the button to sign in on this device.",
        { shopName },
      ),
    ],
    button: {
      label: t("Sign in to {shopName}", { shopName }),
      url: checkedUrl(input.link, "link"),
    },
    notes: [
      t("The code and the link work once, for {minutes} minutes.", { minutes }),
      t(
        "If you did not ask to sign in, you can ignore this email: nobody can sign in without the code.",
      ),
    ],
    footer: footerFor(brand, t),
  });
}
