import { z } from "zod";
import { STAFF_STATUSES } from "../options.ts";
import { idSchema } from "../validation/common.ts";
import { staffStatusPayloadSchema } from "../validation/staff.ts";
import { personRowFields } from "./people.ts";

/**
 * The Staff page (spec §2 "Staff", §4 "Staff status", §7 "Employees"; DOMAIN "Staff"). Owner
 * only. Instants are ISO 8601 strings.
 */

export const STAFF_ACTION_MESSAGES = {
  deleted: "Employee deleted successfully",
  /** The web's message when the list cannot be loaded (spec §8). */
  loadFailed: "Error loading employees",
  /** Chosen wordings (the spec names none). */
  invited: "Invitation sent successfully",
  invitationResent: "Invitation sent again",
  updated: "Employee updated successfully",
  disabled: "Employee disabled successfully",
  enabled: "Employee enabled successfully",
  notFound: "Employee not found.",
  alreadyDisabled: "This staff member is already disabled.",
  alreadyActive: "This staff member is already active.",
  stillInvited:
    "This staff member has not accepted the invitation yet. Resend the invitation or delete it.",
  notInvited: "This staff member has already accepted the invitation.",
  ownerAccount: "The shop owner's account cannot be changed here.",
} as const;

/**
 * A row of the Staff table. `status`: `inactive` (invited, shown as "Invited"), `active`,
 * `disabled`. The owner is listed too (`isOwner`, role "Owner"); the web hides the signed-in
 * user's own row.
 */
export const employeeSchema = z.object({
  ...personRowFields,
  role: z.string(),
  shopId: z.number().int(),
  status: z.enum(STAFF_STATUSES),
  isOwner: z.boolean(),
  createdAt: z.string(),
});
export type Employee = z.infer<typeof employeeSchema>;

/** GET /employees/get-employees-by-merchant-id */
export const getEmployeesResponseSchema = z.object({
  employees: z.array(employeeSchema),
  total: z.number().int().nonnegative(),
});
/** GET /employees/get-employee-by-id/{id} */
export const getEmployeeResponseSchema = z.object({ employee: employeeSchema });
/** Create, update, status changes. */
export const saveEmployeeResponseSchema = z.object({
  message: z.string(),
  employee: employeeSchema,
});

/** PUT /employees/update-employee-status/{id}: `status` (and the spec's `id`, a claim). */
export const employeeStatusPayloadSchema = staffStatusPayloadSchema.extend({
  id: idSchema.optional(),
});
