import type { AuditAction } from "@tessera/shared";
import type { Executor } from "../../infra/db";
import { record } from "./record";
import * as repo from "./repo";

type MerchantUser = { id: number; shopId: number | null; firstName: string; lastName: string };

type SecurityAction = Extract<
  AuditAction,
  | "auth.two_factor_enabled"
  | "auth.two_factor_disabled"
  | "auth.recovery_code_used"
  | "auth.sessions_revoked"
  | "auth.staff_two_factor_policy"
>;

/**
 * A merchant's own sign-in security changed: 2FA on or off, a recovery code spent, sessions
 * signed out, the staff 2FA requirement. Recorded in the shop they work at (none yet: not
 * recorded). `asActor` names them when no session does yet (a recovery code at sign-in).
 */
export async function recordAccountSecurity(
  db: Executor,
  user: MerchantUser,
  action: SecurityAction,
  details: { before?: Record<string, unknown>; after?: Record<string, unknown> } = {},
  asActor = false,
) {
  const shopId = await repo.shopOfUser(db, user);
  if (shopId === null) return;
  const name = `${user.firstName} ${user.lastName}`.trim();
  await record(db, {
    shopId,
    action,
    target: { type: "user", id: user.id, label: name },
    before: details.before ?? null,
    after: details.after ?? null,
    ...(asActor
      ? { actor: { kind: user.shopId === null ? "owner" : "staff", id: user.id, name } }
      : {}),
  });
}
