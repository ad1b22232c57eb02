import { PassThrough, Readable } from "node:stream";
import { toDollars } from "@tessera/shared";
import { ZipFile } from "yazl";
import type { Customer } from "../../db/schema";
import type { Executor } from "../../infra/db";
import * as repo from "./repo";

/**
 * The zip of a data export. Each table is a JSON file written a page of rows at a time while
 * the zip streams out, so a customer with years of history never sits whole in memory.
 */

const PAGE = 500;

/** Dates as ISO text, money fields (`…Cents`) in dollars under their plain name. */
function readable(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.endsWith("Cents") && typeof value === "number")
      out[key.slice(0, -5)] = toDollars(value);
    else if (value instanceof Date) out[key] = value.toISOString();
    else out[key] = value;
  }
  return out;
}

/** A JSON array of every row the reader returns, read page by page as the zip asks for more. */
function jsonRows(db: Executor, who: repo.Person, read: repo.PageReader): Readable {
  async function* rows() {
    yield "[";
    let afterId = 0;
    let first = true;
    for (;;) {
      const page = await read(db, who, afterId, PAGE);
      for (const row of page) {
        yield `${first ? "\n" : ",\n"}  ${JSON.stringify(readable(row))}`;
        first = false;
      }
      if (page.length < PAGE) break;
      afterId = page[page.length - 1]?.id ?? afterId;
    }
    yield first ? "]\n" : "\n]\n";
  }
  return Readable.from(rows());
}

function profileOf(
  customer: Customer,
  shopName: string | null,
  preferences: { reminders: boolean } | null,
) {
  return {
    shop: { id: customer.shopId, name: shopName },
    customer: readable({
      id: customer.id,
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phoneNumber: customer.phoneNumber,
      profilePicture: customer.profilePicture,
      emailVerifiedAt: customer.emailVerifiedAt,
      hasPassword: customer.passwordHash !== null,
      memberCode: customer.memberCode,
      isDisabled: customer.isDisabled,
      erasedAt: customer.erasedAt,
      lastActivityAt: customer.lastActivityAt,
      createdAt: customer.createdAt,
      updatedAt: customer.updatedAt,
    }),
    emailPreferences: { reminders: preferences?.reminders ?? true },
  };
}

function readme(shopName: string | null, at: Date) {
  return [
    `Your data at ${shopName ?? "the shop"}, exported ${at.toISOString()}.`,
    "",
    "profile.json         your account: name, e-mail, phone, picture, member card code, e-mail choices",
    "memberships.json     every membership you held, current and past",
    "transactions.json    every payment to the shop, amounts in dollars",
    "redemptions.json     benefits, offers and cashback you redeemed",
    "offers.json          offers you bought",
    "cashback-ledger.json every cashback credit and debit; your balance is their sum",
    "notifications.json   the notices the shop sent you",
    "",
    "Dates are UTC (ISO 8601). Amounts are dollars.",
    "",
  ].join("\r\n");
}

const FILES: [string, repo.PageReader][] = [
  ["memberships.json", repo.readMemberships],
  ["transactions.json", repo.readTransactions],
  ["redemptions.json", repo.readRedemptions],
  ["offers.json", repo.readOffers],
  ["cashback-ledger.json", repo.readLedger],
  ["notifications.json", repo.readNotifications],
];

/** The zip's byte stream: the README and profile first, then one file per table. */
export async function buildExportZip(
  db: Executor,
  customer: Customer,
  at: Date,
): Promise<Readable> {
  const who = { shopId: customer.shopId, customerId: customer.id };
  const [shopName, preferences] = await Promise.all([
    repo.findShopName(db, customer.shopId),
    repo.findEmailPreferences(db, who),
  ]);
  const zip = new ZipFile();
  const options = { mtime: at };
  zip.addBuffer(Buffer.from(readme(shopName, at)), "README.txt", options);
  const profile = profileOf(customer, shopName, preferences);
  zip.addBuffer(Buffer.from(`${JSON.stringify(profile, null, 2)}\n`), "profile.json", options);
  for (const [name, read] of FILES) zip.addReadStream(jsonRows(db, who, read), name, options);
  const output = new PassThrough();
  // A failed read (the database gone mid-download) ends the download with an error instead of
  // an unhandled event; the browser then sees a broken download, never a truncated "success".
  zip.on("error", (error: Error) => output.destroy(error));
  zip.outputStream.pipe(output);
  zip.end();
  return output;
}
