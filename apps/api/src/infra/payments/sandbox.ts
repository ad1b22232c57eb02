import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import {
  sandboxCards,
  sandboxIntentions,
  sandboxRecurrings,
  sandboxTransactions,
} from "../../db/schema";
import type { Database } from "../db";
import {
  type MerchantAccount,
  type PaymentProvider,
  type PostbackEvent,
  ProviderError,
  type ProviderTransaction,
} from "./types";

/** Fortis' status codes, which the sandbox answers with too. */
export const STATUS_APPROVED = 101;
export const STATUS_DECLINED = 301;
/** A refund is its own transaction (Fortis 111), never readable as a paid sale. */
const STATUS_REFUND = 111;

/** How long a sandbox card form can be paid. */
const INTENTION_LIFETIME_MS = 30 * 60 * 1000;

export const SANDBOX_CARDS = {
  approves: "4111111111111111",
  declines: "4000000000000002",
} as const;

export const SANDBOX_FORM_PATH = "/api/v1/sandbox/checkout";

function randomId(prefix: string): string {
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

function toProviderTransaction(row: SandboxTransactionRow): ProviderTransaction {
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

export type SandboxProvider = PaymentProvider & {
  /** The sandbox's own card form posts here (the product never sees card numbers). */
  pay(input: {
    clientToken: string;
    cardNumber: string;
    expiry: string;
    cvc: string;
    name: string;
  }): Promise<SandboxPayResult>;
  findIntention(clientToken: string): Promise<{ amountCents: number; expired: boolean } | null>;
  /** A fresh merchant account, as the sandbox's onboarding approval hands out. */
  createAccount(): MerchantAccount;
};

/**
 * The built-in provider: it plays the card processor in this process and database, so
 * `npm start` takes card payments with no network. Test cards: 4111 1111 1111 1111 approves,
 * 4000 0000 0000 0002 declines; anything else fails the card number check.
 */
export function createSandboxProvider(options: {
  db: Database;
  publicUrl: string;
  now?: () => Date;
  /** Delay of the transaction look-ups, to rehearse a provider's network time. */
  latencyMs?: number;
}): SandboxProvider {
  const { db, publicUrl } = options;
  const now = options.now ?? (() => new Date());

  async function findTransaction(locationId: string, id: string) {
    const [row] = await db
      .select()
      .from(sandboxTransactions)
      .where(and(eq(sandboxTransactions.id, id), eq(sandboxTransactions.locationId, locationId)));
    return row;
  }

  return {
    name: "sandbox",
    browser: { environment: "sandbox", scriptUrl: null, formUrl: SANDBOX_FORM_PATH },

    // The sandbox finds a checkout's payment by the form's token, which it keeps on the
    // transaction; the reference is not needed to find it again.
    async createIntention(account, { amountCents }) {
      const clientToken = randomId("sbx_ct");
      await db.insert(sandboxIntentions).values({
        clientToken,
        locationId: account.locationId,
        amountCents,
        expiresAt: new Date(now().getTime() + INTENTION_LIFETIME_MS),
      });
      return { clientToken };
    },

    async getTransaction(account, id) {
      if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      const row = await findTransaction(account.locationId, id);
      return row ? toProviderTransaction(row) : null;
    },

    async findCheckoutPayment(account, { clientToken }) {
      const rows = await db
        .select()
        .from(sandboxTransactions)
        .where(
          and(
            eq(sandboxTransactions.locationId, account.locationId),
            eq(sandboxTransactions.clientToken, clientToken),
          ),
        )
        .orderBy(desc(sandboxTransactions.createdAt));
      const payments = rows.map(toProviderTransaction);
      return payments.find((t) => t.outcome === "approved") ?? payments[0] ?? null;
    },

    async saveCard(_account, transaction) {
      return transaction.savedCardToken
        ? { token: transaction.savedCardToken, label: transaction.cardLabel }
        : null;
    },

    async chargeSavedCard(account, input) {
      return db.transaction(async (tx) => {
        // One charge per reference, as Fortis' transaction_api_id: a retried request gets the
        // first charge back instead of a second one.
        const [existing] = await tx
          .select()
          .from(sandboxTransactions)
          .where(
            and(
              eq(sandboxTransactions.locationId, account.locationId),
              eq(sandboxTransactions.reference, input.reference),
            ),
          );
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
        const [winner] = await tx
          .select()
          .from(sandboxTransactions)
          .where(
            and(
              eq(sandboxTransactions.locationId, account.locationId),
              eq(sandboxTransactions.reference, input.reference),
            ),
          );
        if (!winner) throw new Error("sandbox charge vanished");
        return toProviderTransaction(winner);
      });
    },

    async scheduleRecurring(account, plan) {
      const id = randomId("sbx_rec");
      await db.insert(sandboxRecurrings).values({
        id,
        locationId: account.locationId,
        cardToken: plan.savedCardToken,
        amountCents: plan.amountCents,
        interval: plan.interval,
        startDate: plan.startDate,
        status: "active",
      });
      return { id };
    },

    async cancelRecurring(account, id) {
      await db
        .update(sandboxRecurrings)
        .set({ status: "cancelled" })
        .where(
          and(eq(sandboxRecurrings.id, id), eq(sandboxRecurrings.locationId, account.locationId)),
        );
    },

    async refund(account, { transactionId, amountCents }) {
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
    },

    async startOnboarding(request) {
      const url = new URL("/api/v1/sandbox/onboarding", publicUrl);
      url.searchParams.set("reference", request.reference);
      url.searchParams.set("return", new URL(request.returnUrl).pathname);
      return { appLink: url.toString() };
    },

    parsePostback(body: unknown): PostbackEvent {
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
    },

    async findIntention(clientToken) {
      const [intention] = await db
        .select()
        .from(sandboxIntentions)
        .where(eq(sandboxIntentions.clientToken, clientToken));
      if (!intention) return null;
      return {
        amountCents: intention.amountCents,
        expired: intention.expiresAt.getTime() <= now().getTime(),
      };
    },

    async pay(input) {
      const digits = input.cardNumber.replace(/[\s-]/g, "");
      const errors: Record<string, string> = {};
      const isTestCard = digits === SANDBOX_CARDS.approves || digits === SANDBOX_CARDS.declines;
      if (!passesLuhn(digits) || !isTestCard) errors.cardNumber = "Enter a valid card number";
      const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
      const today = now();
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
      if (Object.keys(errors).length > 0) return { ok: false, code: "invalid", errors };

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
    },

    createAccount: createSandboxAccount,
  };
}
