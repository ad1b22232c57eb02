import { z } from "zod";
import type { STAFF_STATUSES } from "../options.ts";
import { emailField, maxLength, shopIdSchema, textField } from "./common.ts";
import { STAFF_MESSAGES } from "./messages.ts";
import { alphaNameField } from "./profile.ts";

export const STAFF_ROLE_MAX_LENGTH = 50;

/** Create/Update Staff Member form (the e-mail is read-only when editing). */
export const staffSchema = z.object({
  firstName: alphaNameField(STAFF_MESSAGES.firstNameShort),
  lastName: alphaNameField(STAFF_MESSAGES.lastNameShort),
  email: emailField({
    required: STAFF_MESSAGES.emailInvalid,
    invalid: STAFF_MESSAGES.emailInvalid,
  }),
  role: textField({
    required: STAFF_MESSAGES.roleRequired,
    rules: [maxLength(STAFF_ROLE_MAX_LENGTH, STAFF_MESSAGES.roleTooLong)],
  }),
});
export type StaffInput = z.input<typeof staffSchema>;
export type StaffValues = z.output<typeof staffSchema>;

/**
 * POST /employees/create-employee and update: the form plus shopId. The session decides the
 * shop, so the id in the body is accepted but not trusted.
 */
export const staffPayloadSchema = staffSchema.extend({ shopId: shopIdSchema.optional() });
export type StaffPayload = z.output<typeof staffPayloadSchema>;

/** Staff status change: Disable (→ disabled) or Enable (→ active). Invitations stay `inactive`. */
export const staffStatusPayloadSchema = z.object({
  status: z.enum(
    ["active", "disabled"] as const satisfies readonly (typeof STAFF_STATUSES)[number][],
    {
      error: STAFF_MESSAGES.statusInvalid,
    },
  ),
});
export type StaffStatusPayload = z.output<typeof staffStatusPayloadSchema>;
