import type { Executor } from "../../infra/db";
import { recordChange } from "./record";

type Tier = { id: number; shopId: number; name: string; priceCents: number; status: string };
type Offer = {
  id: number;
  shopId: number;
  offerName: string;
  offerPriceCents: number;
  status: string;
};

/** A tier's or offer's price or status changed (edits of other fields are not recorded). */
async function recordPriceOrStatus<T extends { id: number; shopId: number }>(
  db: Executor,
  type: "tier" | "offer",
  change: { before: T; after: Partial<T>; label: string; fields: readonly (keyof T & string)[] },
) {
  const { before, after, label, fields } = change;
  await recordChange(db, {
    shopId: before.shopId,
    action: `${type}.changed`,
    target: { type, id: before.id, label },
    before,
    after: { ...before, ...after },
    fields,
  });
}

export async function recordTierChange(db: Executor, before: Tier, after: Partial<Tier>) {
  const label = after.name ?? before.name;
  await recordPriceOrStatus(db, "tier", { before, after, label, fields: ["priceCents", "status"] });
}

export async function recordOfferChange(db: Executor, before: Offer, after: Partial<Offer>) {
  const label = after.offerName ?? before.offerName;
  const fields = ["offerPriceCents", "status"] as const;
  await recordPriceOrStatus(db, "offer", { before, after, label, fields });
}
