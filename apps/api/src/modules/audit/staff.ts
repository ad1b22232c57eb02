import type { Executor } from "../../infra/db";
import { record, recordChange } from "./record";

type StaffUser = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  role: string | null;
  status: string;
};

const STAFF_FIELDS = ["firstName", "lastName", "email", "role", "status"] as const;

function facts(user: StaffUser | null | undefined) {
  return user ? Object.fromEntries(STAFF_FIELDS.map((field) => [field, user[field]])) : null;
}

/**
 * A staff account invited, edited (recorded only when a field changed), disabled, enabled or
 * deleted: the account's fields before and after.
 */
export async function recordStaffChange(
  db: Executor,
  shopId: number,
  action: "staff.invited" | "staff.updated" | "staff.disabled" | "staff.active" | "staff.deleted",
  before: StaffUser | null,
  after: StaffUser | null | undefined,
) {
  const user = after ?? before;
  if (!user) return;
  const target = {
    type: "user",
    id: user.id,
    label: `${user.firstName} ${user.lastName}`.trim(),
  };
  if (action === "staff.updated" && before && after) {
    await recordChange(db, {
      shopId,
      action,
      target,
      before,
      after,
      fields: ["firstName", "lastName", "role"],
    });
    return;
  }
  await record(db, {
    shopId,
    action: action === "staff.active" ? "staff.enabled" : action,
    target,
    before: facts(before),
    after: facts(after),
  });
}
