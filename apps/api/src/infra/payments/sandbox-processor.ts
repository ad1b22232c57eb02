import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { sandboxCards, sandboxIntentions, sandboxTransactions } from "../../db/schema";
import type { Database, Executor } from "../db";
import {
  type MerchantAccount,
  type PostbackEvent,
  ProviderError,
  type ProviderTransaction,
} from "./types";

/**
 * The card processor the sandbox provider plays, step by step: its status codes and test
 * cards, the card form's checks, a payment, a saved-card charge (once per reference), a
 * refund, and how it reads a postback. sandbox.ts puts these behind the PaymentProvider face.
 */

/** Fortis' status codes, which the sandbox answers with too. */
export const STATUS_APPROVED = 101;
export const STATUS_DECLINED = 301;
/** A refund is its own transaction (Fortis 111), never readable as a paid sale. */
export const STATUS_REFUND = 111;

/** How long a sandbox card form can be paid. */
export const INTENTION_LIFETIME_MS = 30 * 60 * 1000;

export const SANDBOX_CARDS = {
  approves: "4111111111111111",
  declines: "4000000000000002",
} as const;

export const SANDBOX_FORM_PATH = "/api/v1/sandbox/checkout";

export function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url")}`;
}

/** A fresh sandbox merchant account, as the sandbox's onboarding approval hands out. */
export function createSandboxAccount(): MerchantAccount {
  return {
    userId: randomId("sbx_user"),
    apiKey: randomBytes(24).toString("base64url"),
    locationId: randomId("sbx_loc"),
    productTransactionId: randomId("sbx_pt"),
  };
}

/** The Luhn check every card number must pass. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

type SandboxTransactionRow = typeof sandboxTransactions.$inferSelect;

export function toProviderTransaction(row: SandboxTransactionRow): ProviderTransaction {
  return {
    id: row.id,
    outcome:
      row.statusCode === STATUS_APPROVED && !row.refundOf
        ? "approved"
        : row.statusCode === STATUS_DECLINED
          ? "declined"
          : "other",
    statusCode: row.statusCode,
    amountCents: row.amountCents,
    locationId: row.locationId,
    savedCardToken: row.cardToken,
    cardLabel: row.cardLabel,
    contactId: null,
    reference: row.reference,
    refunded: row.refunded,
  };
}

export type SandboxPayResult =
  | { ok: true; transactionId: string; approved: boolean }
  | { ok: false; code: "expired" | "paid" | "not_found" }
  | { ok: false; code: "invalid"; errors: Record<string, string> };

/** A charge already made under this reference, if any. */
function findByReference(tx: Executor, locationId: string, reference: string) {
  return tx
    .select()
    .from(sandboxTransactions)
    .where(
      and(
        eq(sandboxTransactions.locationId, locationId),
        eq(sandboxTransactions.reference, reference),
      ),
    );
}

/** A saved card charged once per reference, as Fortis' transaction_api_id. */
export function chargeOnce(
  db: Database,
  account: MerchantAccount,
  input: { savedCardToken: string; amountCents: number; reference: string },
): Promise<ProviderTransaction> {
  return db.transaction(async (tx) => {
    // One charge per reference, as Fortis' transaction_api_id: a retried request gets the
    // first charge back instead of a second one.
    const [existing] = await findByReference(tx, account.locationId, input.reference);
    if (existing) return toProviderTransaction(existing);
    const [card] = await tx
      .select()
      .from(sandboxCards)
      .where(
        and(
          eq(sandboxCards.token, input.savedCardToken),
          eq(sandboxCards.locationId, account.locationId),
        ),
      );
    const [row] = await tx
      .insert(sandboxTransactions)
      .values({
        id: randomId("sbx_txn"),
        locationId: account.locationId,
        amountCents: input.amountCents,
        statusCode: card && !card.declines ? STATUS_APPROVED : STATUS_DECLINED,
        reference: input.reference,
        cardToken: card ? card.token : null,
        cardLabel: card ? card.label : null,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return toProviderTransaction(row);
    // A concurrent request with the same reference won: answer with its charge.
    const [winner] = await findByReference(tx, account.locationId, input.reference);
    if (!winner) throw new Error("sandbox charge vanished");
    return toProviderTransaction(winner);
  });
}

/** A refund of an approved sale: its own transaction; the sale is marked refunded. */
export function refundOnce(
  db: Database,
  account: MerchantAccount,
  { transactionId, amountCents }: { transactionId: string; amountCents: number },
): Promise<ProviderTransaction> {
  return db.transaction(async (tx) => {
    const [original] = await tx
      .select()
      .from(sandboxTransactions)
      .where(
        and(
          eq(sandboxTransactions.id, transactionId),
          eq(sandboxTransactions.locationId, account.locationId),
        ),
      )
      .for("update");
    if (!original || original.statusCode !== STATUS_APPROVED || original.refundOf) {
      throw new ProviderError("The transaction cannot be refunded.", 422);
    }
    if (original.refunded) throw new ProviderError("The transaction is already refunded.", 422);
    if (amountCents > original.amountCents) {
      throw new ProviderError("The refund is larger than the payment.", 422);
    }
    await tx
      .update(sandboxTransactions)
      .set({ refunded: true })
      .where(eq(sandboxTransactions.id, original.id));
    const [refund] = await tx
      .insert(sandboxTransactions)
      .values({
        id: randomId("sbx_txn"),
        locationId: account.locationId,
        amountCents,
        statusCode: STATUS_REFUND,
        refundOf: original.id,
      })
      .returning();
    if (!refund) throw new Error("sandbox refund insert returned nothing");
    return { ...toProviderTransaction(refund), outcome: "approved" as const, refunded: true };
  });
}

export function parseSandboxPostback(body: unknown): PostbackEvent {
  const record = (body ?? {}) as Record<string, unknown>;
  if (typeof record.client_app_id === "string") {
    const fields = ["user_id", "user_api_key", "location_id", "product_transaction_id"];
    if (fields.every((field) => typeof record[field] === "string")) {
      return {
        kind: "onboarding",
        reference: record.client_app_id,
        account: {
          userId: String(record.user_id),
          apiKey: String(record.user_api_key),
          locationId: String(record.location_id),
          productTransactionId: String(record.product_transaction_id),
        },
      };
    }
  }
  if (typeof record.id === "string") {
    return {
      kind: "transaction",
      transactionId: record.id,
      locationId: typeof record.location_id === "string" ? record.location_id : null,
    };
  }
  return { kind: "ignored", reason: "unrecognised postback" };
}

export type CardForm = {
  clientToken: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
};

/** The card form's fields checked; the problems by field (none: the card can be tried). */
export function checkCardForm(input: CardForm, today: Date): Record<string, string> {
  const digits = input.cardNumber.replace(/[\s-]/g, "");
  const errors: Record<string, string> = {};
  const isTestCard = digits === SANDBOX_CARDS.approves || digits === SANDBOX_CARDS.declines;
  if (!passesLuhn(digits) || !isTestCard) errors.cardNumber = "Enter a valid card number";
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
  if (!expiry) {
    errors.expiry = "Enter the expiry as MM/YY";
  } else {
    const month = Number(expiry[1]);
    const year = 2000 + Number(expiry[2]);
    const endOfMonth = Date.UTC(year, month, 1);
    if (month < 1 || month > 12) errors.expiry = "Enter the expiry as MM/YY";
    else if (endOfMonth <= today.getTime()) errors.expiry = "This card has expired";
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.cvc = "Enter the 3 or 4 digit CVC";
  if (input.name.trim().length < 2) errors.name = "Enter the name on the card";
  return errors;
}

/** Pays an intention with a (checked) test card: approved or declined, once. */
export function payIntention(
  db: Database,
  input: CardForm,
  today: Date,
): Promise<SandboxPayResult> {
  const digits = input.cardNumber.replace(/[\s-]/g, "");
  return db.transaction(async (tx) => {
    const [intention] = await tx
      .select()
      .from(sandboxIntentions)
      .where(eq(sandboxIntentions.clientToken, input.clientToken))
      .for("update");
    if (!intention) return { ok: false as const, code: "not_found" as const };
    if (intention.transactionId) return { ok: false as const, code: "paid" as const };
    if (intention.expiresAt.getTime() <= today.getTime()) {
      return { ok: false as const, code: "expired" as const };
    }
    const approved = digits === SANDBOX_CARDS.approves;
    const label = `Visa •••• ${digits.slice(-4)}`;
    let cardToken: string | null = null;
    if (approved) {
      // save_account: the approved card is kept (by label only) for renewals.
      cardToken = randomId("sbx_card");
      await tx.insert(sandboxCards).values({
        token: cardToken,
        locationId: intention.locationId,
        label,
      });
    }
    const id = randomId("sbx_txn");
    await tx.insert(sandboxTransactions).values({
      id,
      locationId: intention.locationId,
      amountCents: intention.amountCents,
      statusCode: approved ? STATUS_APPROVED : STATUS_DECLINED,
      clientToken: intention.clientToken,
      cardToken,
      cardLabel: label,
    });
    if (approved) {
      await tx
        .update(sandboxIntentions)
        .set({ transactionId: id })
        .where(eq(sandboxIntentions.clientToken, intention.clientToken));
    }
    return { ok: true as const, transactionId: id, approved };
  });
}
