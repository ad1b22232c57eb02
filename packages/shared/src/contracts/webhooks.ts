import { z } from "zod";
import { paginated } from "../api.ts";
import { textField } from "../validation/common.ts";

/**
 * Webhooks (issue 18): endpoints a shop's own systems receive signed events at (Standard
 * Webhooks). Owner only. Instants are ISO 8601 strings; amounts in `data` are in cents.
 */

export const WEBHOOK_EVENT_TYPES = [
  "member.created",
  "member.updated",
  "membership.purchased",
  "membership.renewed",
  "membership.payment_failed",
  "membership.cancelled",
  "membership.expired",
  "offer.purchased",
  "redemption.created",
  "payment.refunded",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The event "Send test event" sends, whatever the endpoint subscribes to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "member.created": "A member joins",
  "member.updated": "A member's details change",
  "membership.purchased": "A membership is bought",
  "membership.renewed": "A membership renews",
  "membership.payment_failed": "A membership payment fails",
  "membership.cancelled": "A membership is cancelled",
  "membership.expired": "A membership expires",
  "offer.purchased": "An offer is bought",
  "redemption.created": "A redemption is recorded",
  "payment.refunded": "A payment is refunded",
};

/** At most this many endpoints per shop: each event is sent to each of them. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

export const WEBHOOK_MESSAGES = {
  urlRequired: "Enter the address to send events to.",
  urlInvalid: "Enter a full address, such as https://example.com/webhooks.",
  urlTooLong: "The address can be at most 2048 characters.",
  urlHttps: "Use an https address.",
  urlCredentials: "Leave user names and passwords out of the address.",
  urlPrivate:
    "The address is private, loopback or link-local. Use a public address (WEBHOOKS_ALLOW_PRIVATE=true allows it for self-hosting).",
  descriptionTooLong: "The description can be at most 200 characters.",
  eventsRequired: "Choose at least one event.",
  eventUnknown: "Unknown event type.",
  endpointCreated: "Endpoint added. Copy its signing secret to verify what it receives.",
  endpointUpdated: "Endpoint updated.",
  endpointEnabled: "Endpoint enabled.",
  endpointDisabled: "Endpoint disabled.",
  endpointDeleted: "Endpoint deleted.",
  endpointNotFound: "Webhook endpoint not found.",
  endpointLimit: "A shop can have at most 10 webhook endpoints. Delete one first.",
  deliveryNotFound: "Delivery not found.",
  secretRotated:
    "New signing secret made. The old one keeps signing too for 24 hours, so switch your receiver within a day.",
  testQueued: "Test event sent.",
  resendQueued: "Delivery queued again.",
  disabledByOwner: "Disabled by the owner.",
  disabledFailing: "Disabled after failing for 3 days.",
  loadFailed: "Error loading webhooks",
} as const;

const urlField = textField({
  required: WEBHOOK_MESSAGES.urlRequired,
  rules: [
    [(v: string) => v.length <= 2048, WEBHOOK_MESSAGES.urlTooLong],
    [
      (v: string) => {
        try {
          const u = new URL(v);
          return (u.protocol === "https:" || u.protocol === "http:") && u.hostname !== "";
        } catch {
          return false;
        }
      },
      WEBHOOK_MESSAGES.urlInvalid,
    ],
  ],
});

const eventTypesField = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.eventUnknown }), {
    error: WEBHOOK_MESSAGES.eventsRequired,
  })
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .transform((types) => [...new Set(types)]);

const descriptionField = z.string().trim().max(200, WEBHOOK_MESSAGES.descriptionTooLong);

export const createWebhookEndpointPayloadSchema = z.object({
  url: urlField,
  description: descriptionField.optional().default(""),
  eventTypes: eventTypesField,
});
export type CreateWebhookEndpointPayload = z.input<typeof createWebhookEndpointPayloadSchema>;

export const updateWebhookEndpointPayloadSchema = z.object({
  url: urlField.optional(),
  description: descriptionField.optional(),
  eventTypes: eventTypesField.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpointPayload = z.input<typeof updateWebhookEndpointPayloadSchema>;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  failingSince: z.string().nullable(),
  /** While the previous secret still signs (24 h after a rotation). */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointsResponseSchema = z.object({
  endpoints: z.array(webhookEndpointSchema),
});
export const webhookEndpointResponseSchema = z.object({
  message: z.string(),
  endpoint: webhookEndpointSchema,
});
/** Create and rotate: the signing secret, which the owner may also reveal later. */
export const webhookSecretResponseSchema = z.object({
  message: z.string(),
  endpoint: webhookEndpointSchema,
  secret: z.string(),
});
export type WebhookSecretResponse = z.infer<typeof webhookSecretResponseSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastResponseCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  latencyMs: z.number().int().nullable(),
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesResponseSchema = paginated(webhookDeliverySchema, "deliveries");
export type WebhookDeliveriesResponse = z.infer<typeof webhookDeliveriesResponseSchema>;
export const webhookDeliveryResponseSchema = z.object({
  message: z.string(),
  delivery: webhookDeliverySchema,
});
