import { formatMoney, formatMoneyIn, type Locale, toCents } from "@tessera/shared";

const wholeDollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/**
 * The checkout's Payable Amount. The spec shows it in whole dollars ("$25"); DOMAIN "Amounts
 * shown" forbids showing anything but what is charged. So whole amounts drop their ".00" and an
 * amount with cents keeps them ("$9.99", never "$10" for a $9.99 charge).
 */
export function formatPayableAmount(dollars: number, locale: Locale = "en"): string {
  const cents = toCents(dollars);
  if (locale !== "en") {
    if (cents % 100 !== 0) return formatMoneyIn(locale, dollars);
    return new Intl.NumberFormat(locale, {
      style: "currency",
      currency: "USD",
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }).format(cents / 100);
  }
  return cents % 100 === 0 ? wholeDollars.format(cents / 100) : formatMoney(dollars);
}

/**
 * The sandbox card form's address: its path from the server, with the checkout's token and the
 * page's theme (the form draws itself light or dark to match).
 */
export function sandboxFormSrc(
  formUrl: string,
  clientToken: string,
  theme?: "light" | "dark",
): string {
  const separator = formUrl.includes("?") ? "&" : "?";
  const themeParam = theme ? `&theme=${theme}` : "";
  return `${formUrl}${separator}token=${encodeURIComponent(clientToken)}${themeParam}`;
}

/** `event.data.source` of the sandbox form's messages to its parent page. */
export const SANDBOX_MESSAGE_SOURCE = "tessera-sandbox";

export type SandboxMessage =
  | { type: "done"; transactionId: string }
  | { type: "error"; code: string | null; message: string | null };

/** A message from the sandbox card form, or null for anything else posted to the window. */
export function readSandboxMessage(data: unknown): SandboxMessage | null {
  if (typeof data !== "object" || data === null) return null;
  const { source, type, transactionId, code, message } = data as Record<string, unknown>;
  if (source !== SANDBOX_MESSAGE_SOURCE) return null;
  if (type === "done") {
    return typeof transactionId === "string" && transactionId
      ? { type: "done", transactionId }
      : { type: "error", code: null, message: null };
  }
  if (type === "error") {
    return {
      type: "error",
      code: typeof code === "string" ? code : null,
      message: typeof message === "string" ? message : null,
    };
  }
  return null;
}

/** The id Fortis Elements gives the transaction in its "done" event, when it gives one. */
export function readFortisTransactionId(event: unknown): string | null {
  if (typeof event !== "object" || event === null) return null;
  const data = (event as { data?: unknown }).data;
  if (typeof data !== "object" || data === null) return null;
  const id = (data as { id?: unknown }).id;
  return typeof id === "string" && id ? id : null;
}
