import type { Employee, StaffStatus } from "@tessera/shared";

export const STAFF_PATH = "/merchant/users";
export const NEW_STAFF_PATH = `${STAFF_PATH}/new-user`;

/** Spec §4: active (Active), inactive (shown as Invited), anything else disabled. */
export function staffStatusLabel(status: StaffStatus): string {
  if (status === "active") return "Active";
  if (status === "inactive") return "Invited";
  return "Disabled";
}

export type StaffAction = "edit" | "disable" | "enable" | "resend" | "delete";

/**
 * Row actions (spec §4): Edit and Delete always; Disable for active (after a confirmation),
 * Enable for disabled, neither for invited — who can be sent the invitation again instead.
 */
export function staffActions(status: StaffStatus): StaffAction[] {
  const middle: StaffAction[] =
    status === "active" ? ["disable"] : status === "inactive" ? ["resend"] : ["enable"];
  return ["edit", ...middle, "delete"];
}

/** The table hides the signed-in user's own row (spec §4). */
export function visibleEmployees(
  employees: readonly Employee[],
  signedInEmail: string | undefined,
) {
  const me = signedInEmail?.toLowerCase();
  return employees.filter((employee) => employee.email.toLowerCase() !== me);
}
