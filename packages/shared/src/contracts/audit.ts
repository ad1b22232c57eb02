import { z } from "zod";
import { paginated, paginationQuerySchema } from "../api.ts";
import { idSchema } from "../validation/common.ts";

/**
 * The shop's audit log (owner only): who did what, when and from where. Records are written by
 * the actions themselves and can never be changed or removed.
 */

/** Every action the log records, with the label the screen and the CSV show. */
export const AUDIT_ACTIONS = {
  "auth.sign_in": "Signed in",
  "auth.sign_in_failed": "Sign-in failed",
  "auth.two_factor_enabled": "Two-factor sign-in turned on",
  "auth.two_factor_disabled": "Two-factor sign-in turned off",
  "auth.recovery_code_used": "Recovery code used",
  "auth.sessions_revoked": "Sessions signed out",
  "auth.staff_two_factor_policy": "Staff two-factor requirement changed",
  "staff.invited": "Staff invited",
  "staff.updated": "Staff role changed",
  "staff.disabled": "Staff disabled",
  "staff.enabled": "Staff enabled",
  "staff.deleted": "Staff deleted",
  "tier.changed": "Membership price or status changed",
  "offer.changed": "Offer price or status changed",
  "member.status_changed": "Member status changed",
  "redemption.counter": "Redeemed at the counter",
  "payment.refunded": "Payment refunded",
  "payment.cash_sale": "Cash sale",
  "payments.settings_changed": "Payment settings changed",
  "export.downloaded": "Export downloaded",
  "member.erased": "Member data erased",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_KEYS = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

export const AUDIT_ACTOR_KINDS = ["owner", "staff", "customer", "system"] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export const AUDIT_MESSAGES = {
  loadFailed: "Error loading the audit log",
  empty: "No audit records match these filters",
  dateOrder: "The end date must be on or after the start date.",
} as const;

const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD.")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "Enter a real date.");

const auditFilterFields = {
  actorId: idSchema.optional(),
  action: z.enum(AUDIT_ACTION_KEYS).optional(),
  /** Shop-time calendar days, both included. */
  from: dateOnly.optional(),
  to: dateOnly.optional(),
};
const datesInOrder = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || q.from <= q.to;
const dateOrderIssue = { message: AUDIT_MESSAGES.dateOrder, path: ["to"] };

/** The filters of the CSV: actor (a user of the shop), action, date range. */
export const auditFilterSchema = z.object(auditFilterFields).refine(datesInOrder, dateOrderIssue);
export type AuditFilter = z.output<typeof auditFilterSchema>;

/** The screen's filters and page. */
export const auditListQuerySchema = paginationQuerySchema
  .extend(auditFilterFields)
  .refine(datesInOrder, dateOrderIssue);
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

export const auditRecordSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  action: z.enum(AUDIT_ACTION_KEYS),
  actorKind: z.enum(AUDIT_ACTOR_KINDS),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  targetType: z.string().nullable(),
  targetId: z.number().int().nullable(),
  targetLabel: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const auditListResponseSchema = paginated(auditRecordSchema, "records").extend({
  /** Who can be picked in the actor filter: the shop's owner and staff. */
  actors: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;
