import {
  ACCESS_MESSAGES,
  type Employee,
  STAFF_ACTION_MESSAGES,
  type StaffPayload,
} from "@tessera/shared";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import { isUniqueViolation } from "../../infra/db/errors";
import type { Storage } from "../../infra/storage";
import { recordStaffChange } from "../audit/staff";
import type { AuthService } from "../auth/service";
import { deleteSessionsOf } from "../auth/session";
import { findShopById } from "../shops/lookups";
import * as repo from "./repo";

/**
 * Staff management (DOMAIN "Staff"), owner only. Statuses: `inactive` (invited) → `active`
 * (after setting a password from the invitation) → `disabled` ⇄ `active`.
 */

export function toEmployeeDto(row: repo.ShopUserRow, shopId: number): Employee {
  const { user, isOwner } = row;
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: isOwner ? "Owner" : (user.role ?? ""),
    shopId,
    status: user.status,
    isOwner,
    createdAt: user.createdAt.toISOString(),
  };
}

function notFound() {
  return new AppError("NOT_FOUND", STAFF_ACTION_MESSAGES.notFound);
}

function emailTaken() {
  return new AppError("CONFLICT", ACCESS_MESSAGES.emailTaken, {
    errors: { email: ACCESS_MESSAGES.emailTaken },
  });
}

export function createStaffService(deps: { db: Database; auth: AuthService; storage: Storage }) {
  const { db, auth, storage } = deps;

  /** A staff member of the shop, for a change; the owner's own account is not managed here. */
  async function requireStaff(shopId: number, userId: number) {
    const row = await repo.findUserOfShop(db, shopId, userId);
    if (!row) throw notFound();
    if (row.isOwner) throw new AppError("UNPROCESSABLE", STAFF_ACTION_MESSAGES.ownerAccount);
    return row;
  }

  /** Disable or enable under the row lock, so two owners' clicks cannot cross. */
  async function changeStatus(shopId: number, userId: number, status: "active" | "disabled") {
    await requireStaff(shopId, userId);
    const row = await db.transaction(async (tx) => {
      const locked = await repo.findUserOfShop(tx, shopId, userId, { lock: true });
      if (!locked) throw notFound();
      const current = locked.user.status;
      // An invitation has no enable/disable action (spec §4): it is accepted, resent or deleted.
      if (current === "inactive") {
        throw new AppError("UNPROCESSABLE", STAFF_ACTION_MESSAGES.stillInvited);
      }
      if (current === status) {
        throw new AppError(
          "CONFLICT",
          status === "disabled"
            ? STAFF_ACTION_MESSAGES.alreadyDisabled
            : STAFF_ACTION_MESSAGES.alreadyActive,
        );
      }
      const user = await repo.updateStaff(tx, shopId, userId, { status });
      await recordStaffChange(tx, shopId, `staff.${status}`, locked.user, user);
      // Sessions also stop resolving for a disabled user; deleting them makes it final.
      if (status === "disabled") await deleteSessionsOf(tx, { userId });
      return { user: user ?? locked.user, isOwner: false };
    });
    return {
      message:
        status === "disabled" ? STAFF_ACTION_MESSAGES.disabled : STAFF_ACTION_MESSAGES.enabled,
      employee: toEmployeeDto(row, shopId),
    };
  }

  return {
    /** POST /employees/create-employee: an invited (`inactive`) account and its e-mail. */
    async createEmployee(shopId: number, input: StaffPayload) {
      const shop = await findShopById(db, shopId);
      if (!shop) throw new AppError("NOT_FOUND", ACCESS_MESSAGES.storeNotFound);
      // E-mail is unique among platform users (DOMAIN), whichever shop they belong to.
      if (await repo.findUserByEmail(db, input.email)) throw emailTaken();
      let user: Awaited<ReturnType<typeof repo.insertStaff>>;
      try {
        user = await repo.insertStaff(db, {
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          role: input.role,
          shopId: shop.id,
          status: "inactive",
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      await recordStaffChange(db, shop.id, "staff.invited", null, user);
      await auth.sendStaffInvitation(user, shop);
      return {
        message: STAFF_ACTION_MESSAGES.invited,
        employee: toEmployeeDto({ user, isOwner: false }, shop.id),
      };
    },

    /** GET /employees/get-employees-by-merchant-id: the owner and every staff member. */
    async listEmployees(shopId: number) {
      const rows = await repo.listUsersOfShop(db, shopId);
      return { employees: rows.map((row) => toEmployeeDto(row, shopId)), total: rows.length };
    },

    async getEmployee(shopId: number, userId: number) {
      const row = await repo.findUserOfShop(db, shopId, userId);
      if (!row) throw notFound();
      return { employee: toEmployeeDto(row, shopId) };
    },

    /** PUT /employees/update-employee/{id}: names and role; the e-mail is read-only (spec). */
    async updateEmployee(shopId: number, userId: number, input: StaffPayload) {
      const before = await requireStaff(shopId, userId);
      const user = await repo.updateStaff(db, shopId, userId, {
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
      });
      if (!user) throw notFound();
      await recordStaffChange(db, shopId, "staff.updated", before.user, user);
      return {
        message: STAFF_ACTION_MESSAGES.updated,
        employee: toEmployeeDto({ user, isOwner: false }, shopId),
      };
    },

    async deleteEmployee(shopId: number, userId: number) {
      const before = await requireStaff(shopId, userId);
      const removed = await repo.deleteStaff(db, shopId, userId);
      if (!removed) throw notFound();
      await recordStaffChange(db, shopId, "staff.deleted", before.user, null);
      const key = removed.profilePicture ? storage.keyFromUrl(removed.profilePicture) : null;
      if (key) await storage.remove(key).catch(() => {});
      return { message: STAFF_ACTION_MESSAGES.deleted };
    },

    disableEmployee(shopId: number, userId: number) {
      return changeStatus(shopId, userId, "disabled");
    },

    setEmployeeStatus(shopId: number, userId: number, status: "active" | "disabled") {
      return changeStatus(shopId, userId, status);
    },

    /** A new invitation link (the old one stops working) while the invitation is open. */
    async resendInvitation(shopId: number, userId: number) {
      const row = await requireStaff(shopId, userId);
      if (row.user.status !== "inactive") {
        throw new AppError("CONFLICT", STAFF_ACTION_MESSAGES.notInvited);
      }
      const shop = await findShopById(db, shopId);
      if (!shop) throw new AppError("NOT_FOUND", ACCESS_MESSAGES.storeNotFound);
      await auth.sendStaffInvitation(row.user, shop);
      return { message: STAFF_ACTION_MESSAGES.invitationResent };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
