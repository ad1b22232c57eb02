import { and, desc, eq } from "drizzle-orm";
import { sandboxIntentions, sandboxRecurrings, sandboxTransactions } from "../../db/schema";
import type { Database } from "../db";
import {
  type CardForm,
  chargeOnce,
  checkCardForm,
  createSandboxAccount,
  INTENTION_LIFETIME_MS,
  parseSandboxPostback,
  payIntention,
  randomId,
  refundOnce,
  SANDBOX_FORM_PATH,
  type SandboxPayResult,
  toProviderTransaction,
} from "./sandbox-processor";
import type { MerchantAccount, PaymentProvider } from "./types";

export {
  createSandboxAccount,
  passesLuhn,
  SANDBOX_CARDS,
  SANDBOX_FORM_PATH,
  type SandboxPayResult,
  STATUS_APPROVED,
  STATUS_DECLINED,
} from "./sandbox-processor";

export type SandboxProvider = PaymentProvider & {
  /** The sandbox's own card form posts here (the product never sees card numbers). */
  pay(input: CardForm): Promise<SandboxPayResult>;
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

    chargeSavedCard: (account, input) => chargeOnce(db, account, input),

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

    refund: (account, input) => refundOnce(db, account, input),

    async startOnboarding(request) {
      const url = new URL("/api/v1/sandbox/onboarding", publicUrl);
      url.searchParams.set("reference", request.reference);
      url.searchParams.set("return", new URL(request.returnUrl).pathname);
      return { appLink: url.toString() };
    },

    parsePostback: parseSandboxPostback,

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
      const today = now();
      const errors = checkCardForm(input, today);
      if (Object.keys(errors).length > 0) return { ok: false, code: "invalid", errors };
      return payIntention(db, input, today);
    },

    createAccount: createSandboxAccount,
  };
}
