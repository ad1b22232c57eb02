import {
  checkedUrl,
  type EmailContent,
  footerFor,
  render,
  type ShopBranding,
  shopBrand,
} from "./templates";

/** A shop's customer asked to sign in without a password: the code to type, or the link. */
export function signInCodeMessage(input: {
  firstName?: string | null;
  shop: ShopBranding;
  code: string;
  link: string;
  validForMinutes: number;
}): EmailContent {
  const brand = shopBrand(input.shop);
  // Spaced for reading aloud or across devices; the form takes it with or without the space.
  const spaced = `${input.code.slice(0, 3)} ${input.code.slice(3)}`;
  return render({
    brand,
    subject: `${spaced} is your sign-in code for ${brand.name}`,
    preheader: `Your code is ${spaced}. It works once, for ${input.validForMinutes} minutes.`,
    greetingName: input.firstName,
    heading: `Your sign-in code: ${spaced}`,
    paragraphs: [
      `Enter this code on ${brand.name}'s sign-in page, or use the button to sign in on this device.`,
    ],
    button: { label: `Sign in to ${brand.name}`, url: checkedUrl(input.link, "link") },
    notes: [
      `The code and the link work once, for ${input.validForMinutes} minutes.`,
      "If you did not ask to sign in, you can ignore this email: nobody can sign in without the code.",
    ],
    footer: footerFor(brand),
  });
}
