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

/** A membership tier's price or status changed (edits of other fields are not recorded). */
export async function recordTierChange(db: Executor, before: Tier, after: Partial<Tier>) {
  await recordChange(db, {
    shopId: before.shopId,
    action: "tier.changed",
    target: { type: "tier", id: before.id, label: after.name ?? before.name },
    before,
    after: { ...before, ...after },
    fields: ["priceCents", "status"],
  });
}

/** An offer's price or status changed. */
export async function recordOfferChange(db: Executor, before: Offer, after: Partial<Offer>) {
  await recordChange(db, {
    shopId: before.shopId,
    action: "offer.changed",
    target: { type: "offer", id: before.id, label: after.offerName ?? before.offerName },
    before,
    after: { ...before, ...after },
    fields: ["offerPriceCents", "status"],
  });
}
