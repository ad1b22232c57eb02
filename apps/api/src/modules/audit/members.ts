import type { Executor } from "../../infra/db";
import { record } from "./record";

/** The shop disabled or enabled a member (the customer row as it was, locked). */
export async function recordMemberStatus(
  db: Executor,
  customer: { id: number; shopId: number; isDisabled: boolean },
  disabled: boolean,
) {
  await record(db, {
    shopId: customer.shopId,
    action: "member.status_changed",
    target: { type: "customer", id: customer.id },
    before: { status: customer.isDisabled ? "disabled" : "active" },
    after: { status: disabled ? "disabled" : "active" },
  });
}

/**
 * A member's personal data was erased (by themself or by the owner). Nothing personal goes in
 * the record: the log is append-only, so it could never be erased in turn.
 */
export async function recordMemberErased(
  db: Executor,
  customer: { id: number; shopId: number },
  details: { requestedBy: "customer" | "owner"; membershipCancelled: boolean },
) {
  await record(db, {
    shopId: customer.shopId,
    action: "member.erased",
    target: { type: "customer", id: customer.id },
    after: { ...details },
  });
}
