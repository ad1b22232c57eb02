/**
 * The product's e-mails: each is plain text plus an HTML version built from nested tables and
 * inline styles, the one layout mail clients (Outlook included) render alike. A message to a
 * shop's customer carries the shop's name, logo and primary colour; every other message carries
 * Tessera's. Callers pass links fully built (PUBLIC_URL, token, e-mail) and logos as absolute URLs.
 */

export type EmailContent = {
  subject: string;
  text: string;
  html: string;
  /** Display name for the From header (the shop's name on a customer's e-mail). */
  fromName?: string;
};

/** A shop as its customers see it. `logoUrl` must be absolute (see `Storage.absoluteUrl`). */
export type ShopBranding = {
  name: string;
  logoUrl?: string | null;
  primaryColor?: string | null;
};

/**
 * A shop row's branding for e-mails: its stored logo URL (relative, "/uploads/…") is made
 * absolute with PUBLIC_URL, because a mail client has no page address to resolve it against.
 */
export function toShopBranding(
  shop: { name: string; logo?: string | null; primaryColor?: string | null },
  publicUrl: string,
): ShopBranding {
  const base = publicUrl.replace(/\/+$/, "");
  const logo = shop.logo?.trim();
  let logoUrl: string | null = null;
  if (logo)
    logoUrl = /^https?:\/\//i.test(logo)
      ? logo
      : `${base}${logo.startsWith("/") ? "" : "/"}${logo}`;
  return { name: shop.name, logoUrl, primaryColor: shop.primaryColor ?? null };
}

export const TESSERA_NAME = "Tessera";
export const TESSERA_PRIMARY_COLOR = "#0099D8";
/** DOMAIN.md: verification links live 24 hours, reset links 1 hour. */
export const VERIFY_EMAIL_VALID_HOURS = 24;
export const RESET_PASSWORD_VALID_HOURS = 1;

export const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
export const TEXT_DARK = "#111827";
export const TEXT_BODY = "#374151";
export const TEXT_MUTED = "#6b7280";

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Links and logos must be absolute http(s) URLs: anything else is a bug in the caller. */
export function checkedUrl(value: string, what: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`${what} must be an absolute URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new TypeError(`${what} must be an http(s) URL`);
  }
  return url.href;
}

function optionalLogo(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return checkedUrl(value, "logo");
  } catch {
    // A relative or odd logo URL would show as a broken image; the name alone reads better.
    return undefined;
  }
}

/** `#abc` or `#aabbcc`, normalised to `#aabbcc`; anything else falls back to Tessera's. */
export function normalizeColor(value: string | null | undefined): string {
  const hex = value?.trim().toLowerCase() ?? "";
  if (/^#[0-9a-f]{6}$/.test(hex)) return hex;
  if (/^#[0-9a-f]{3}$/.test(hex)) {
    return `#${[...hex.slice(1)].map((c) => c + c).join("")}`;
  }
  return TESSERA_PRIMARY_COLOR.toLowerCase();
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export type Brand = { name: string; color: string; logoUrl?: string; isShop: boolean };

export function tesseraBrand(): Brand {
  return { name: TESSERA_NAME, color: normalizeColor(TESSERA_PRIMARY_COLOR), isShop: false };
}

export function shopBrand(shop: ShopBranding): Brand {
  return {
    name: oneLine(shop.name),
    color: normalizeColor(shop.primaryColor),
    logoUrl: optionalLogo(shop.logoUrl),
    isShop: true,
  };
}

/** Header values must not carry line breaks; user-provided names are folded onto one line. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

function hours(count: number): string {
  return count === 1 ? "1 hour" : `${count} hours`;
}

type Layout = {
  brand: Brand;
  subject: string;
  /** The line mail clients show after the subject in the inbox list. */
  preheader: string;
  greetingName?: string | null;
  heading: string;
  paragraphs: string[];
  button: { label: string; url: string };
  notes: string[];
  footer: string;
};

function renderText(m: Layout): string {
  const greeting = m.greetingName ? `Hi ${oneLine(m.greetingName)},` : "Hi,";
  return [
    m.brand.name,
    "",
    greeting,
    "",
    ...m.paragraphs.flatMap((p) => [p, ""]),
    `${m.button.label}:`,
    m.button.url,
    "",
    ...m.notes.flatMap((p) => [p, ""]),
    "--",
    m.footer,
    "",
  ].join("\n");
}

function renderHtml(m: Layout): string {
  const { brand } = m;
  const color = brand.color;
  // Button text and links stay readable whatever colour a shop picked.
  const buttonText =
    contrast(color, "#ffffff") >= contrast(color, TEXT_DARK) ? "#ffffff" : TEXT_DARK;
  const linkColor = contrast(color, "#ffffff") >= 3 ? color : TEXT_DARK;
  const url = escapeHtml(m.button.url);
  const name = escapeHtml(brand.name);
  const greeting = m.greetingName ? `Hi ${oneLine(m.greetingName)},` : "Hi,";
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;font-family:${FONT};font-size:16px;line-height:24px;color:${TEXT_BODY};">${escapeHtml(text)}</p>`;
  const note = (text: string) =>
    `<p style="margin:0 0 12px;font-family:${FONT};font-size:14px;line-height:21px;color:${TEXT_MUTED};">${escapeHtml(text)}</p>`;
  const logo = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${name}" width="64" style="display:block;margin:0 auto 12px;width:64px;max-width:64px;height:auto;border:0;border-radius:12px;">`
    : "";
  const wordmark = brand.isShop
    ? `<div style="font-family:${FONT};font-size:20px;line-height:28px;font-weight:700;color:${TEXT_DARK};">${name}</div>`
    : `<div style="font-family:${FONT};font-size:26px;line-height:32px;font-weight:800;letter-spacing:-0.5px;color:${color};">${name}</div>`;

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(m.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(m.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f6;">
<tr><td align="center" style="padding:32px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border:1px solid #e5e7eb;border-radius:12px;">
<tr><td style="height:6px;line-height:6px;font-size:0;background-color:${color};border-radius:12px 12px 0 0;">&nbsp;</td></tr>
<tr><td align="center" style="padding:28px 32px 8px;">${logo}${wordmark}</td></tr>
<tr><td style="padding:16px 32px 8px;">
<h1 style="margin:0 0 16px;font-family:${FONT};font-size:22px;line-height:30px;font-weight:700;color:${TEXT_DARK};">${escapeHtml(m.heading)}</h1>
${paragraph(greeting)}
${m.paragraphs.map(paragraph).join("\n")}
</td></tr>
<tr><td align="center" style="padding:8px 32px 24px;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td align="center" bgcolor="${color}" style="border-radius:8px;background-color:${color};">
<a href="${url}" target="_blank" rel="noopener" style="display:inline-block;padding:14px 28px;font-family:${FONT};font-size:16px;line-height:20px;font-weight:600;color:${buttonText};text-decoration:none;border-radius:8px;">${escapeHtml(m.button.label)}</a>
</td></tr></table>
</td></tr>
<tr><td style="padding:0 32px 16px;">
${m.notes.map(note).join("\n")}
<p style="margin:0 0 12px;font-family:${FONT};font-size:13px;line-height:20px;color:${TEXT_MUTED};">If the button does not work, copy this link into your browser:<br><a href="${url}" target="_blank" rel="noopener" style="color:${linkColor};word-break:break-all;">${url}</a></p>
</td></tr>
<tr><td style="padding:16px 32px 28px;border-top:1px solid #e5e7eb;">
<p style="margin:0;font-family:${FONT};font-size:12px;line-height:18px;color:#9ca3af;">${escapeHtml(m.footer)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

export function render(m: Layout): EmailContent {
  const content: EmailContent = {
    subject: oneLine(m.subject),
    text: renderText(m),
    html: renderHtml(m),
  };
  if (m.brand.isShop) content.fromName = m.brand.name;
  return content;
}

/** Verify the e-mail address after sign-up: a merchant (no `shop`) or a shop's customer. */
export function verifyEmailMessage(input: {
  firstName?: string | null;
  link: string;
  shop?: ShopBranding | null;
}): EmailContent {
  const brand = input.shop ? shopBrand(input.shop) : tesseraBrand();
  return render({
    brand,
    subject: input.shop ? `Verify your email for ${brand.name}` : "Verify your email for Tessera",
    preheader: "Confirm your email address to finish setting up your account.",
    greetingName: input.firstName,
    heading: "Verify your email address",
    paragraphs: [
      input.shop
        ? `Thanks for joining ${brand.name}. Please confirm this is your email address so your account is ready for your membership.`
        : "Thanks for signing up for Tessera. Please confirm this is your email address so you can create your shop.",
    ],
    button: { label: "Verify email", url: checkedUrl(input.link, "link") },
    notes: [
      `This link expires in ${hours(VERIFY_EMAIL_VALID_HOURS)} and can be used once.`,
      "If you did not create an account, you can ignore this email.",
    ],
    footer: footerFor(brand),
  });
}

/** Password reset link: a merchant or staff member (no `shop`) or a shop's customer. */
export function resetPasswordMessage(input: {
  firstName?: string | null;
  link: string;
  shop?: ShopBranding | null;
}): EmailContent {
  const brand = input.shop ? shopBrand(input.shop) : tesseraBrand();
  return render({
    brand,
    subject: input.shop ? `Reset your password for ${brand.name}` : "Reset your Tessera password",
    preheader: "Choose a new password for your account.",
    greetingName: input.firstName,
    heading: "Reset your password",
    paragraphs: [
      `We received a request to reset the password of your ${brand.name} account. Click the button below to choose a new one.`,
    ],
    button: { label: "Reset password", url: checkedUrl(input.link, "link") },
    notes: [
      `This link expires in ${hours(RESET_PASSWORD_VALID_HOURS)} and can be used once.`,
      "If you did not ask to reset your password, you can ignore this email: your password stays the same.",
    ],
    footer: footerFor(brand),
  });
}

/** A shop owner invites an employee, who sets a password to activate the account. */
export function staffInviteMessage(input: {
  firstName?: string | null;
  shopName: string;
  invitedBy?: string | null;
  role?: string | null;
  link: string;
  validForHours?: number;
}): EmailContent {
  const brand = tesseraBrand();
  const shopName = oneLine(input.shopName);
  const role = input.role ? oneLine(input.role) : "";
  const who = input.invitedBy ? oneLine(input.invitedBy) : "The owner";
  return render({
    brand,
    subject: `You're invited to join ${shopName} on Tessera`,
    preheader: `Set your password to start working with ${shopName}.`,
    greetingName: input.firstName,
    heading: `Join ${shopName} on Tessera`,
    paragraphs: [
      `${who} has invited you to join ${shopName} on Tessera${role ? ` as ${role}` : ""}.`,
      "Set your password to activate your account. After that you log in with this email address.",
    ],
    button: { label: "Set your password", url: checkedUrl(input.link, "link") },
    notes: [
      ...(input.validForHours
        ? [`This link expires in ${hours(input.validForHours)} and can be used once.`]
        : ["This link can be used once."]),
      "If you were not expecting this invitation, you can ignore this email.",
    ],
    footer: `You are receiving this email because ${shopName} invited you to Tessera.`,
  });
}

/** A merchant added this customer as a member; the customer sets a first password. */
export function memberWelcomeMessage(input: {
  firstName?: string | null;
  shop: ShopBranding;
  link: string;
  membershipName?: string | null;
  validForHours?: number;
}): EmailContent {
  const brand = shopBrand(input.shop);
  const membership = input.membershipName ? oneLine(input.membershipName) : "";
  return render({
    brand,
    subject: `Welcome to ${brand.name}`,
    preheader: `Set your password to see your ${brand.name} membership.`,
    greetingName: input.firstName,
    heading: `Welcome to ${brand.name}`,
    paragraphs: [
      `${brand.name} has added you as a member${membership ? ` with the ${membership} membership` : ""}.`,
      "Set a password to log in, see your membership, benefits and cashback, and use your offers.",
    ],
    button: { label: "Set your password", url: checkedUrl(input.link, "link") },
    notes: [
      ...(input.validForHours
        ? [`This link expires in ${hours(input.validForHours)} and can be used once.`]
        : ["This link can be used once."]),
      "If you were not expecting this email, you can ignore it.",
    ],
    footer: footerFor(brand),
  });
}

export function footerFor(brand: Brand): string {
  return brand.isShop
    ? `You are receiving this email because of your account with ${brand.name}. Sent by Tessera on behalf of ${brand.name}.`
    : "You are receiving this email because of your Tessera account.";
}
