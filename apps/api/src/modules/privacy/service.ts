import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { ERASED_MEMBER_NAME, type ErasureResponse, PRIVACY_MESSAGES } from "@tessera/shared";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import type { Storage } from "../../infra/storage";
import { recordMemberErased } from "../audit/members";
import { recordExport } from "../audit/record";
import { deleteSessionsOf } from "../auth/session";
import type { PaymentsService } from "../payments/service";
import { buildExportZip } from "./export";
import * as repo from "./repo";

/**
 * A customer's data in one shop (issue 24, docs/privacy.md): the export, and erasure. The
 * person is always named by the session's shop and a customer id of that shop: the customer's
 * own session, or the owner's shop and a member of it. Anything else answers 404.
 */

type CancelActor = Parameters<PaymentsService["renewals"]["cancelMembership"]>[0]["actor"];

/** Who asked: the customer themself, or the shop's owner acting on their request. */
export type Requester =
  | { kind: "customer"; customerId: number }
  | { kind: "owner"; userId: number; name: string };

export type PrivacyDeps = {
  db: Database;
  storage: Storage;
  payments: PaymentsService;
  now?: () => Date;
};

export type DataExport = { fileName: string; stream: Readable };

function notFound() {
  return new AppError("NOT_FOUND", PRIVACY_MESSAGES.notFound);
}

/** A unique, undeliverable address (`.invalid` is reserved and never resolves, RFC 2606). */
function placeholderEmail(customerId: number) {
  return `erased-${customerId}-${randomBytes(6).toString("hex")}@erased.invalid`;
}

export function createPrivacyService(deps: PrivacyDeps) {
  const { db, storage, payments } = deps;
  const now = deps.now ?? (() => new Date());

  async function requirePerson(who: repo.Person) {
    const customer = await repo.findCustomer(db, who);
    if (!customer) throw notFound();
    return customer;
  }

  /**
   * An erased person can no longer use their membership, so its renewal stops the way any
   * cancellation does (the payments rule: renewal off, card never charged again, both sides
   * told). Nothing to cancel (none, already cancelled, expired) is not an error here.
   */
  async function cancelRenewal(who: repo.Person, by: Requester): Promise<boolean> {
    const actor: CancelActor =
      by.kind === "customer"
        ? { kind: "customer", customerId: by.customerId }
        : { kind: "merchant", userId: by.userId, name: by.name };
    try {
      await payments.renewals.cancelMembership({ ...who, actor });
      return true;
    } catch (error) {
      if (error instanceof AppError && (error.code === "NOT_FOUND" || error.code === "CONFLICT")) {
        return false;
      }
      throw error;
    }
  }

  return {
    /** The zip of the person's rows in this shop; the download is audit-logged first. */
    async exportData(who: repo.Person): Promise<DataExport> {
      const customer = await requirePerson(who);
      await recordExport(db, who.shopId, "member_data", { customerId: who.customerId });
      const at = now();
      const stream = await buildExportZip(db, customer, at);
      const day = at.toISOString().slice(0, 10);
      return { fileName: `member-${customer.id}-data_${day}.zip`, stream };
    },

    /**
     * Erasure: the person becomes "Erased member" with an undeliverable e-mail, loses phone,
     * picture, password, card code, saved cards, sessions and sign-in codes, and can no longer
     * sign in. Payments, ledger and redemptions stay with their amounts. Idempotent: under the
     * customer's row lock a second request finds it done and changes nothing.
     */
    async erase(who: repo.Person, by: Requester): Promise<ErasureResponse> {
      const found = await requirePerson(who);
      if (found.erasedAt) {
        return {
          message: PRIVACY_MESSAGES.alreadyErased,
          erased: false,
          erasedAt: found.erasedAt.toISOString(),
        };
      }
      const membershipCancelled = await cancelRenewal(who, by);
      const result = await db.transaction(async (tx) => {
        const customer = await repo.lockCustomer(tx, who);
        if (!customer) throw notFound();
        if (customer.erasedAt) return { erasedAt: customer.erasedAt, picture: null, done: false };
        const at = now();
        const name = `${ERASED_MEMBER_NAME.firstName} ${ERASED_MEMBER_NAME.lastName}`;
        await repo.anonymiseCustomer(tx, who, {
          ...ERASED_MEMBER_NAME,
          email: placeholderEmail(customer.id),
          at,
        });
        await repo.renameOnRecords(tx, who, name);
        await repo.forgetCards(tx, who);
        await repo.deletePersonalTraces(tx, who, customer);
        await deleteSessionsOf(tx, { customerId: customer.id });
        await recordMemberErased(tx, customer, { requestedBy: by.kind, membershipCancelled });
        return { erasedAt: at, picture: customer.profilePicture, done: true };
      });
      // The stored file goes once the row no longer points at it (as a replaced picture does).
      const key = result.picture ? storage.keyFromUrl(result.picture) : null;
      if (key) await storage.remove(key).catch(() => {});
      return {
        message: result.done ? PRIVACY_MESSAGES.erased : PRIVACY_MESSAGES.alreadyErased,
        erased: result.done,
        erasedAt: result.erasedAt.toISOString(),
      };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
