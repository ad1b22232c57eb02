import { type Locale, parseAcceptLanguage, pickLocale } from "@tessera/shared";
import { customerLocale, translator } from "../../infra/mailer/i18n";
import { escapeHtml } from "../../infra/mailer/templates";

/**
 * The pages an unsubscribe link opens, in the reader's language: a customer's reminders in
 * theirs (their choice, else their shop's default, as their e-mails), a team member's digest in
 * English (the team's side), and a link that does not hold in the browser's language, there
 * being no one to ask.
 */

export type UnsubscribeReader =
  | { kind: "reminders"; shopName: string; locale: string | null; shopLocale: string | null }
  | { kind: "digest"; shopName: string };

function page(locale: Locale, title: string, message: string, form?: string) {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{margin:0;padding:48px 16px;background:#f3f4f6;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827}main{max-width:440px;margin:0 auto;background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:28px}h1{font-size:22px;margin:0 0 12px;overflow-wrap:break-word;hyphens:auto}p{font-size:16px;line-height:24px;color:#374151;margin:0 0 16px;overflow-wrap:break-word}button{font:inherit;font-weight:600;padding:12px 20px;border:0;border-radius:8px;background:#111827;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #0099d8;outline-offset:2px}@media (prefers-color-scheme:dark){body{background:#111827;color:#f9fafb}main{background:#1f2937;border-color:#374151}p{color:#d1d5db}button{background:#f9fafb;color:#111827}}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${form ?? ""}</main></body></html>`;
}

function localeOf(reader: UnsubscribeReader): Locale {
  return reader.kind === "reminders" ? customerLocale(reader.locale, reader.shopLocale) : "en";
}

/** The refusal's words (the JSON answer to a mail provider keeps the English). */
export const REFUSED_TEXT =
  "This unsubscribe link is not valid. Use the link in your latest e-mail, or turn these e-mails off in your profile.";

export function refusedPage(acceptLanguage: string | undefined): string {
  const locale = pickLocale(parseAcceptLanguage(acceptLanguage)) ?? "en";
  const t = translator(locale);
  return page(locale, t("This link does not work"), t(REFUSED_TEXT));
}

/** Asks to confirm, with one button: a mail scanner that opens links turns nothing off. */
export function confirmPage(reader: UnsubscribeReader): string {
  const locale = localeOf(reader);
  const t = translator(locale);
  const shopName = reader.shopName;
  const form = `<form method="post"><button type="submit">${escapeHtml(t("Unsubscribe"))}</button></form>`;
  return reader.kind === "digest"
    ? page(
        locale,
        t("Unsubscribe from the digest"),
        t("Stop the digest e-mails about {shopName}? Your other e-mail choices stay as they are.", {
          shopName,
        }),
        form,
      )
    : page(
        locale,
        t("Unsubscribe from reminders"),
        t(
          "Stop reminder e-mails from {shopName} (upcoming renewals, offers about to expire)? Receipts and account e-mails still come.",
          { shopName },
        ),
        form,
      );
}

export function donePage(reader: UnsubscribeReader): string {
  const locale = localeOf(reader);
  const t = translator(locale);
  const shopName = reader.shopName;
  return page(
    locale,
    t("You are unsubscribed"),
    reader.kind === "digest"
      ? t(
          "You will no longer get the digest about {shopName}. You can turn it on again in your profile.",
          { shopName },
        )
      : t(
          "You will no longer get reminder e-mails from {shopName}. You can turn them on again in your profile.",
          { shopName },
        ),
  );
}
