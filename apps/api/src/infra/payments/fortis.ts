import {
  type MerchantAccount,
  type OnboardingRequest,
  type PaymentProvider,
  type PostbackEvent,
  ProviderError,
  type ProviderTransaction,
} from "./types";

/** The platform's Fortis account, as configured. */
export type FortisAccount = {
  /** FORTIS_API_URL, e.g. https://api.sandbox.fortis.tech (no trailing slash). */
  apiUrl: string;
  /** FORTIS_DEVELOPER_ID, sent as `developer-id` on every call. */
  developerId: string;
  /** FORTIS_USER_ID: the platform's own user, used only for onboarding. */
  platformUserId: string;
  /** FORTIS_USER_API_KEY. */
  platformApiKey: string;
  /** FORTIS_ELEMENTS_URL: the script that provides `Commerce.elements`. */
  elementsUrl: string;
  /** FORTIS_ENVIRONMENT, "sandbox" by default. */
  environment: string;
  /** FORTIS_ONBOARDING_TEMPLATE (optional). */
  onboardingTemplateCode?: string | undefined;
};

export type FortisOptions = FortisAccount & {
  /** Injectable for tests; the global fetch by default. */
  fetch?: typeof fetch;
  /** Per request; 15 seconds by default. */
  timeoutMs?: number;
};

export const UNREACHABLE_MESSAGE = "The payment provider could not be reached. Please try again.";
const UNEXPECTED_MESSAGE = "The payment provider sent an unexpected response. Please try again.";
const DEFAULT_TIMEOUT_MS = 15_000;

// Fortis transaction status codes (API v1 "status_code"): 101 sale approved, 102 auth only,
// 111 refund, 191 settled, 201 voided, 301 declined.
const APPROVED_CODES = new Set([101, 191]);
const DECLINED_CODE = 301;
const REFUND_CODE = 111;
const VOIDED_CODE = 201;

// Documented maximum lengths; Fortis refuses longer values outright (HTTP 412).
const SALE_DESCRIPTION_MAX = 64;
const RECURRING_DESCRIPTION_MAX = 36;
const PERSON_NAME_MAX = 20;
const DBA_NAME_MAX = 100;

const CARD_BRANDS: Record<string, string> = {
  visa: "Visa",
  mc: "Mastercard",
  mastercard: "Mastercard",
  amex: "American Express",
  disc: "Discover",
  discover: "Discover",
  jcb: "JCB",
  diners: "Diners Club",
  unionpay: "UnionPay",
};

type Credentials = { userId: string; apiKey: string };
type ApiResponse = { status: number; body: unknown };

export function createFortisProvider(options: FortisOptions): PaymentProvider {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const platform: Credentials = { userId: options.platformUserId, apiKey: options.platformApiKey };

  async function call(
    credentials: Credentials,
    method: "GET" | "POST" | "PATCH" | "DELETE",
    path: string,
    body?: unknown,
  ): Promise<ApiResponse> {
    const headers: Record<string, string> = {
      accept: "application/json",
      "developer-id": options.developerId,
      "user-id": credentials.userId,
      "user-api-key": credentials.apiKey,
    };
    if (body !== undefined) headers["content-type"] = "application/json";

    let status: number;
    let text: string;
    try {
      const response = await doFetch(`${options.apiUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch {
      // The cause (DNS, refused connection, timeout) helps nobody who reads the message, and
      // some fetch errors quote the request, which carries the API key.
      throw new ProviderError(UNREACHABLE_MESSAGE);
    }

    let parsed: unknown = null;
    if (text.trim() !== "") {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    }
    if (status >= 200 && status < 300 && parsed === undefined) {
      throw new ProviderError(UNEXPECTED_MESSAGE, status);
    }
    return { status, body: parsed };
  }

  function fail(response: ApiResponse, secrets: string[]): never {
    const record = asRecord(response.body);
    const detail =
      text(record?.message) ?? text(record?.detail) ?? text(record?.title) ?? text(record?.error);
    const message = detail
      ? `The payment provider refused the request: ${scrub(detail, secrets)}`
      : `The payment provider refused the request (HTTP ${response.status}).`;
    throw new ProviderError(message, response.status);
  }

  function ok(response: ApiResponse, secrets: string[]): Record<string, unknown> {
    if (response.status < 200 || response.status >= 300) fail(response, secrets);
    const data = asRecord(asRecord(response.body)?.data);
    if (!data) throw new ProviderError(UNEXPECTED_MESSAGE, response.status);
    return data;
  }

  /** A text field the provider's success answer must carry: without it, the answer is unexpected. */
  function requiredText(response: ApiResponse, secrets: string[], field: string): string {
    const value = text(ok(response, secrets)[field]);
    if (!value) throw new ProviderError(UNEXPECTED_MESSAGE, response.status);
    return value;
  }

  const merchant = (account: MerchantAccount): Credentials => ({
    userId: account.userId,
    apiKey: account.apiKey,
  });
  const secretsOf = (account: MerchantAccount) => [account.apiKey, options.platformApiKey];

  return {
    name: "fortis",
    browser: { environment: options.environment, scriptUrl: options.elementsUrl, formUrl: null },

    async createIntention(account, input) {
      const response = await call(merchant(account), "POST", "/v1/elements/transaction/intention", {
        action: "sale",
        amount: input.amountCents,
        location_id: account.locationId,
        methods: [{ type: "cc", product_transaction_id: account.productTransactionId }],
        save_account: true,
        // Fortis keeps it on the sale the form makes, so recovery can find the payment by it.
        transaction_api_id: input.reference,
      });
      return { clientToken: requiredText(response, secretsOf(account), "client_token") };
    },

    async getTransaction(account, id) {
      const segment = pathSegment(id);
      if (segment === null) return null;
      const response = await call(merchant(account), "GET", `/v1/transactions/${segment}`);
      if (response.status === 404) return null;
      return toTransaction(ok(response, secretsOf(account)), response.status);
    },

    async findCheckoutPayment(account, { reference }) {
      const query = new URLSearchParams({ "filter[transaction_api_id]": reference });
      const response = await call(merchant(account), "GET", `/v1/transactions?${query}`);
      if (response.status === 404) return null;
      if (response.status < 200 || response.status >= 300) fail(response, secretsOf(account));
      const body = asRecord(response.body);
      const list = Array.isArray(body?.list)
        ? body.list
        : Array.isArray(body?.data)
          ? body.data
          : [];
      const payments = list
        .map((item) => asRecord(item))
        .filter((item): item is Record<string, unknown> => item !== null)
        .filter((item) => text(item.transaction_api_id) === reference)
        .map((item) => toTransaction(item, response.status));
      return payments.find((t) => t.outcome === "approved") ?? payments.at(-1) ?? null;
    },

    async saveCard(_account, transaction) {
      // The intention asks Fortis to save the card (`save_account`), so the token already rides
      // on the transaction and no further call is needed.
      if (!transaction.savedCardToken) return null;
      return { token: transaction.savedCardToken, label: transaction.cardLabel };
    },

    async chargeSavedCard(account, input) {
      const response = await call(merchant(account), "POST", "/v1/transactions/cc/sale/token", {
        transaction_amount: input.amountCents,
        token_id: input.savedCardToken,
        location_id: account.locationId,
        product_transaction_id: account.productTransactionId,
        transaction_api_id: input.reference,
        description: input.description.slice(0, SALE_DESCRIPTION_MAX),
      });
      return toTransaction(ok(response, secretsOf(account)), response.status);
    },

    async scheduleRecurring(account, plan) {
      // Fortis knows day, week and month intervals only, so a year is twelve months.
      const response = await call(merchant(account), "POST", "/v1/recurrings", {
        account_vault_id: plan.savedCardToken,
        transaction_amount: plan.amountCents,
        interval: plan.interval === "yearly" ? 12 : 1,
        interval_type: "m",
        start_date: plan.startDate,
        location_id: account.locationId,
        product_transaction_id: account.productTransactionId,
        description: plan.description.slice(0, RECURRING_DESCRIPTION_MAX),
        status: "active",
      });
      return { id: requiredText(response, secretsOf(account), "id") };
    },

    async cancelRecurring(account, id) {
      const segment = pathSegment(id);
      if (segment === null) return;
      const response = await call(merchant(account), "DELETE", `/v1/recurrings/${segment}`);
      // Already gone is what the caller wants.
      if (response.status === 404) return;
      if (response.status < 200 || response.status >= 300) fail(response, secretsOf(account));
    },

    async refund(account, input) {
      const segment = pathSegment(input.transactionId);
      if (segment === null) {
        throw new ProviderError("The payment provider has no such transaction.", 404);
      }
      const response = await call(
        merchant(account),
        "PATCH",
        `/v1/transactions/${segment}/refund`,
        { transaction_amount: input.amountCents },
      );
      const refund = toTransaction(ok(response, secretsOf(account)), response.status);
      // Here 111 means the refund went through. Only in this answer: read back through
      // getTransaction, a refund must never pass for a paid sale.
      return refund.statusCode === REFUND_CODE ? { ...refund, outcome: "approved" } : refund;
    },

    async startOnboarding(request) {
      const response = await call(platform, "POST", "/v1/onboarding", onboardingBody(request));
      return { appLink: requiredText(response, [options.platformApiKey], "app_link") };
    },

    parsePostback(body) {
      return parsePostback(body);
    },
  };

  /**
   * Follows Fortis' documented `POST /v1/onboarding` body: `primary_principal`, `template_code`,
   * `email`, `dba_name`, `location`, `app_delivery` and `contact` are required there, and
   * `phone_number` is required inside `location` and `contact`. The documented body has no
   * return or postback URL, so none is sent: an unknown field risks having the whole request
   * refused. Where the approval postback goes has to be arranged with Fortis.
   */
  function onboardingBody(request: OnboardingRequest): Record<string, unknown> {
    const firstName = request.firstName.slice(0, PERSON_NAME_MAX);
    const lastName = request.lastName.slice(0, PERSON_NAME_MAX);
    const phone = request.phoneNumber ? { phone_number: request.phoneNumber } : {};
    return {
      client_app_id: request.reference,
      ...(options.onboardingTemplateCode ? { template_code: options.onboardingTemplateCode } : {}),
      email: request.email,
      // No `legal_name`: the shop name is rarely the legal entity, Fortis says to leave it blank
      // when it equals the DBA name, and the merchant completes it on the application.
      dba_name: request.shopName.slice(0, DBA_NAME_MAX),
      // The merchant is sent to `app_link` and fills in the application there, full page.
      app_delivery: "link_full_page",
      primary_principal: { first_name: firstName, last_name: lastName, ...phone },
      ...(request.phoneNumber ? { location: { phone_number: request.phoneNumber } } : {}),
      contact: { first_name: firstName, last_name: lastName, email: request.email, ...phone },
    };
  }
}

function toTransaction(data: Record<string, unknown>, status: number): ProviderTransaction {
  const id = text(data.id);
  const statusCode = integer(data.status_code);
  const amountCents = integer(data.transaction_amount);
  if (!id || statusCode === null || amountCents === null) {
    throw new ProviderError(UNEXPECTED_MESSAGE, status);
  }
  return {
    id,
    outcome: APPROVED_CODES.has(statusCode)
      ? "approved"
      : statusCode === DECLINED_CODE
        ? "declined"
        : "other",
    statusCode,
    amountCents,
    locationId: text(data.location_id) ?? "",
    // `account_vault_id` is Fortis' older name for `token_id`.
    savedCardToken: text(data.token_id) ?? text(data.account_vault_id),
    cardLabel: cardLabel(data),
    contactId: text(data.contact_id),
    reference: text(data.transaction_api_id),
    // A refund is its own transaction (111); a voided sale (201) never took the money.
    refunded: statusCode === REFUND_CODE || statusCode === VOIDED_CODE,
  };
}

function cardLabel(data: Record<string, unknown>): string | null {
  const lastFour = text(data.last_four);
  if (!lastFour) return null;
  const type = text(data.account_type)?.toLowerCase();
  const brand = (type && CARD_BRANDS[type]) || "Card";
  return `${brand} •••• ${lastFour}`;
}

/**
 * Onboarding approval: Fortis posts `{ type, stage, data: { client_app_id, location_id, users:
 * [{ user_id, user_api_key }], product_transactions: [{ id, payment_method }] } }`; other
 * integrations have seen the credentials, location and products at the top level, or the products
 * under `locations[]`. Transactions arrive as the transaction object, bare or under `data`.
 * Amounts and statuses are ignored on purpose: the product re-fetches the transaction.
 */
function parsePostback(raw: unknown): PostbackEvent {
  let body = raw;
  if (typeof body === "string" || Buffer.isBuffer(body)) {
    try {
      body = JSON.parse(body.toString());
    } catch {
      return { kind: "ignored", reason: "The postback is not JSON." };
    }
  }
  const outer = asRecord(body);
  if (!outer) return { kind: "ignored", reason: "The postback is not an object." };
  const inner = asRecord(outer.data);
  const candidates = inner ? [inner, outer] : [outer];

  const onboarding = candidates.find((c) => text(c.client_app_id) !== null);
  if (onboarding) return parseOnboarding(onboarding);

  for (const candidate of candidates) {
    const id = text(candidate.id);
    if (!id) continue;
    const type = text(outer.type) ?? text(candidate.type);
    if (type && !/transaction/i.test(type)) {
      return { kind: "ignored", reason: `Not a transaction postback (${type}).` };
    }
    return { kind: "transaction", transactionId: id, locationId: text(candidate.location_id) };
  }
  return { kind: "ignored", reason: "The postback names no transaction or onboarding." };
}

function parseOnboarding(record: Record<string, unknown>): PostbackEvent {
  const reference = text(record.client_app_id) ?? "";
  const statusCode = text(asRecord(record.status)?.response_code);
  if (statusCode && statusCode.toLowerCase() !== "approved") {
    return { kind: "ignored", reason: `The merchant application is ${statusCode}.` };
  }

  const user = asRecord(list(record.users)[0]);
  const userId = text(record.user_id) ?? text(user?.user_id);
  const apiKey = text(record.user_api_key) ?? text(user?.user_api_key);

  const location = asRecord(list(record.locations)[0]);
  const locationId =
    text(record.location_id) ??
    text(location?.id) ??
    text(user?.location_id) ??
    text(asRecord(list(user?.locations)[0])?.id);

  const productTransactionId =
    text(record.product_transaction_id) ??
    cardProduct(record.product_transactions) ??
    cardProduct(location?.product_transactions);

  if (!userId || !apiKey || !locationId || !productTransactionId) {
    return {
      kind: "ignored",
      reason: "The onboarding postback lacks the merchant's user, location or card product.",
    };
  }
  return {
    kind: "onboarding",
    reference,
    account: { userId, apiKey, locationId, productTransactionId },
  };
}

/** The card product among a location's products; an ACH-only merchant has none. */
function cardProduct(value: unknown): string | null {
  const products = list(value)
    .map(asRecord)
    .filter((p): p is Record<string, unknown> => p !== null);
  const card = products.find((p) => text(p.payment_method)?.toLowerCase() === "cc");
  if (card) return text(card.id);
  const untyped = products.find((p) => p.payment_method === undefined);
  return untyped ? text(untyped.id) : null;
}

/**
 * An id as one path segment. Empty and dot-only ids are refused: URL parsing resolves `.` and
 * `..` (even percent-encoded) instead of sending them, so they would reach another endpoint.
 */
function pathSegment(id: string): string | null {
  if (/^\.*$/.test(id)) return null;
  return encodeURIComponent(id);
}

function scrub(message: string, secrets: string[]): string {
  let result = message;
  for (const secret of secrets) {
    if (secret) result = result.split(secret).join("[redacted]");
  }
  return result.length > 300 ? `${result.slice(0, 300)}…` : result;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function text(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

function integer(value: unknown): number | null {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof number === "number" && Number.isInteger(number) ? number : null;
}
