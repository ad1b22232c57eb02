import { z } from "zod";
import { maxLength, textField } from "../validation/common.ts";

/**
 * The Integrations screen (issue 18): API keys a shop's own systems call the REST API with.
 * Owner only. Instants are ISO 8601 strings.
 */

export const API_KEY_SCOPES = ["read_only", "read_write"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = "tsk_";

export const INTEGRATION_MESSAGES = {
  keyNameRequired: "Give the key a name.",
  keyNameTooLong: "The name can be at most 60 characters.",
  keyScopeInvalid: "Choose read-only or read-write.",
  keyCreated: "API key created. Copy it now: it is not shown again.",
  keyRevoked: "API key revoked.",
  keyNotFound: "API key not found.",
  keyLimit: "A shop can have at most 20 active API keys. Revoke one first.",
  keyRevokedOrUnknown: "This API key is unknown or has been revoked.",
  keyReadOnly: "This API key is read-only.",
  keyNotForAccounts:
    "API keys cannot manage sign-ins, staff, payment provider connections or integrations. Sign in as the owner.",
  loadFailed: "Error loading API keys",
} as const;

export const createApiKeyPayloadSchema = z.object({
  name: textField({
    required: INTEGRATION_MESSAGES.keyNameRequired,
    rules: [maxLength(60, INTEGRATION_MESSAGES.keyNameTooLong)],
  }),
  scope: z.enum(API_KEY_SCOPES, { error: INTEGRATION_MESSAGES.keyScopeInvalid }),
});
export type CreateApiKeyPayload = z.infer<typeof createApiKeyPayloadSchema>;

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  /** The key's first characters (`tsk_ab12…`), to tell keys apart; the rest is never shown again. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** GET /integrations/api-keys */
export const apiKeysResponseSchema = z.object({ keys: z.array(apiKeySchema) });
/** POST /integrations/api-keys: the whole key, this once. */
export const createApiKeyResponseSchema = z.object({
  message: z.string(),
  key: apiKeySchema,
  token: z.string(),
});
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponseSchema>;

/**
 * The member CSV's columns, in order: what the export writes and the import reads (its mapping
 * matches a file's headers to these labels, any case). Dates are YYYY-MM-DD in the shop's time
 * zone; plan is monthly or yearly; payment type is card, pos or cash; the balance is in dollars
 * ("12.50").
 */
export const MEMBER_CSV_FIELDS = [
  { key: "firstName", label: "First name" },
  { key: "lastName", label: "Last name" },
  { key: "email", label: "Email" },
  { key: "phone", label: "Phone" },
  { key: "tier", label: "Tier" },
  { key: "plan", label: "Plan" },
  { key: "membershipStart", label: "Membership start" },
  { key: "nextRenewal", label: "Next renewal" },
  { key: "paymentType", label: "Payment type" },
  { key: "cashbackBalance", label: "Cashback balance" },
  { key: "joined", label: "Joined" },
] as const;
export type MemberCsvField = (typeof MEMBER_CSV_FIELDS)[number]["key"];

/** The member CSV's payment types, by the membership's own. */
export const MEMBER_CSV_PAYMENT_TYPES = { online: "card", pos: "pos", cash: "cash" } as const;

export const MEMBER_EXPORT_MESSAGES = { noMembers: "No members to export." } as const;
