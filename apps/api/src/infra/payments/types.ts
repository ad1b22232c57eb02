/**
 * One card payment provider behind one interface (Fortis, or the built-in sandbox). Amounts are
 * integer cents. The product never trusts a transaction it did not fetch from the provider
 * itself: completions and postbacks carry ids, `getTransaction` says what happened.
 */

/** The shop's merchant account at the provider, stored on the shop after onboarding. */
export type MerchantAccount = {
  /** The provider's merchant user id (`fortisUserId`). */
  userId: string;
  /** The merchant's API key (decrypted; stored encrypted at rest). */
  apiKey: string;
  /** The shop's location (`fortisId`). */
  locationId: string;
  /** The card product transaction id used for sales. */
  productTransactionId: string;
};

export type Intention = {
  /** Handed to the browser form (`Commerce.elements(clientToken)` or the sandbox page). */
  clientToken: string;
};

/** A transaction as the provider reports it. */
export type ProviderTransaction = {
  id: string;
  /** approved (Fortis 101 / 191), declined (301), or anything else. */
  outcome: "approved" | "declined" | "other";
  statusCode: number;
  amountCents: number;
  locationId: string;
  /** A reusable card token when the card was saved (`save_account`); null otherwise. */
  savedCardToken: string | null;
  /** "Visa •••• 1111" style, when known. */
  cardLabel: string | null;
  /** The provider's contact for the card holder, when known. */
  contactId: string | null;
  /** Our reference sent with a token charge (`transaction_api_id`), when there was one. */
  reference: string | null;
  refunded: boolean;
};

export type SavedCard = { token: string; label: string | null };

export type RecurringPlan = {
  savedCardToken: string;
  amountCents: number;
  interval: "monthly" | "yearly";
  /** The first renewal charge, a calendar day "YYYY-MM-DD". */
  startDate: string;
  description: string;
};

export type OnboardingRequest = {
  /** Our reference for the shop; the approval postback names it. */
  reference: string;
  shopName: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  /** Where the provider sends the approval postback. */
  postbackUrl: string;
  /** Where the merchant comes back to after the provider's pages. */
  returnUrl: string;
};

/** A postback as received: headers already authenticated by the product. */
export type PostbackEvent =
  | { kind: "onboarding"; reference: string; account: MerchantAccount }
  | { kind: "transaction"; transactionId: string; locationId: string | null }
  | { kind: "ignored"; reason: string };

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

export type PaymentProvider = {
  readonly name: "sandbox" | "fortis";
  /** What the browser loads: Fortis Elements script and environment, or the sandbox form. */
  readonly browser: { environment: string; scriptUrl: string | null; formUrl: string | null };

  /**
   * Opens a card form for an amount. `reference` is the checkout's id, kept by the provider on
   * the payment (`transaction_api_id`), so the payment can be found again without the browser.
   */
  createIntention(
    account: MerchantAccount,
    input: { amountCents: number; reference: string },
  ): Promise<Intention>;
  /**
   * The payment made on a checkout's form, found by the checkout's reference (and the form's
   * token): the approved one when there is one, else the last decline, else null. Recovery
   * asks this when the browser never reported back (a crash, a closed tab).
   */
  findCheckoutPayment(
    account: MerchantAccount,
    checkout: { reference: string; clientToken: string },
  ): Promise<ProviderTransaction | null>;
  /** The transaction as the provider has it, or null when it does not exist (forged ids). */
  getTransaction(account: MerchantAccount, id: string): Promise<ProviderTransaction | null>;
  /** The card saved by an approved transaction, for renewals; null when none was saved. */
  saveCard(account: MerchantAccount, transaction: ProviderTransaction): Promise<SavedCard | null>;
  /**
   * Charges a saved card. `reference` is unique per charge attempt (`transaction_api_id`), so a
   * retried request cannot charge twice. Declines come back as a transaction, not as an error.
   */
  chargeSavedCard(
    account: MerchantAccount,
    input: { savedCardToken: string; amountCents: number; reference: string; description: string },
  ): Promise<ProviderTransaction>;
  scheduleRecurring(account: MerchantAccount, plan: RecurringPlan): Promise<{ id: string }>;
  cancelRecurring(account: MerchantAccount, id: string): Promise<void>;
  refund(
    account: MerchantAccount,
    input: { transactionId: string; amountCents: number },
  ): Promise<ProviderTransaction>;
  /** Starts merchant onboarding; the merchant continues at `appLink`. */
  startOnboarding(request: OnboardingRequest): Promise<{ appLink: string }>;
  /** Reads a postback body (already authenticated) into an event the product handles. */
  parsePostback(body: unknown): PostbackEvent;
};
