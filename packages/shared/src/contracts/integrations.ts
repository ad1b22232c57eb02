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
