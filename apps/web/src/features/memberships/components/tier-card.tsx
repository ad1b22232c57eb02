import { formatMoney, RENEWAL_OPTIONS, type Tier } from "@tessera/shared";
import { Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { CheckedItem } from "@/components/checked-item";
import { DropdownMenuAction, RecordActionsMenu } from "@/components/record-actions-menu";
import { TierCardFrame } from "@/components/tier-card-frame";
import { Badge } from "@/components/ui";

const renewalLabel = (renewal: Tier["renewal"]) =>
  RENEWAL_OPTIONS.find((option) => option.value === renewal)?.label ?? renewal;

const STATUS_LABELS: Record<Tier["status"], string> = {
  active: "Published",
  inactive: "Archived",
  deleted: "Deleted",
};

/** Whether a tier may be edited or deleted (spec §4: active and inactive only). */
export function isTierEditable(tier: Pick<Tier, "status">): boolean {
  return tier.status === "active" || tier.status === "inactive";
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-control bg-muted px-3 py-2">
      <dt className="text-fg-muted text-xs">{label}</dt>
      <dd className="font-semibold text-fg">{children}</dd>
    </div>
  );
}

/**
 * One membership tier: summary, benefits, member count and this month's revenue. Active and
 * archived tiers have an Edit/Delete menu; a deleted tier has a red border and no menu.
 */
export function TierCard({
  tier,
  onEdit,
  onDelete,
}: {
  tier: Tier;
  onEdit?: (tier: Tier) => void;
  onDelete?: (tier: Tier) => void;
}) {
  const editable = isTierEditable(tier);
  const headingId = `tier-${tier.id}-name`;
  return (
    <TierCardFrame
      headingId={headingId}
      className={editable ? "border-line" : "border-2 border-danger"}
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="truncate font-semibold text-fg text-lg">
            {tier.name}
          </h3>
          <Badge
            className="mt-1"
            tone={
              tier.status === "active"
                ? "success"
                : tier.status === "deleted"
                  ? "danger"
                  : "neutral"
            }
          >
            {STATUS_LABELS[tier.status]}
          </Badge>
        </div>
        {editable && (onEdit || onDelete) ? (
          <RecordActionsMenu name={tier.name} triggerClassName="-me-2">
            {onEdit ? (
              <DropdownMenuAction icon={Pencil} onSelect={() => onEdit(tier)}>
                Edit
              </DropdownMenuAction>
            ) : null}
            {onDelete ? (
              <DropdownMenuAction icon={Trash2} onSelect={() => onDelete(tier)}>
                Delete
              </DropdownMenuAction>
            ) : null}
          </RecordActionsMenu>
        ) : null}
      </div>
      <p className="mt-3 whitespace-nowrap">
        <span className="font-bold text-2xl text-fg">{formatMoney(tier.price)}</span>
        <span className="text-fg-muted text-sm"> / {renewalLabel(tier.renewal)}</span>
      </p>
      <p className="mt-3 line-clamp-3 text-fg-muted text-sm">{tier.description}</p>
      <p className="mt-3 text-sm">
        <span className="font-semibold text-primary-ink">{formatMoney(tier.cashbackReward)}</span>{" "}
        <span className="text-fg-muted">
          cashback per {tier.rewardFrequency === "yearly" ? "year" : "month"}
        </span>
      </p>
      <h4 className="mt-4 font-medium text-fg text-sm">Benefits</h4>
      {tier.Benefits.length === 0 ? (
        <p className="mt-1 text-fg-muted text-sm">No benefits available</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-1.5 text-sm">
          {tier.Benefits.map((benefit) => (
            <CheckedItem
              key={benefit.id}
              worth={formatMoney(benefit.worth)}
              className="min-w-0 text-fg"
            >
              {benefit.name}
            </CheckedItem>
          ))}
        </ul>
      )}
      <dl className="mt-auto grid grid-cols-2 gap-2 pt-5">
        <Stat label="Members">{tier.customerCount}</Stat>
        <Stat label="Revenue this month">{formatMoney(tier.currentMonthPeriod.totalRevenue)}</Stat>
      </dl>
    </TierCardFrame>
  );
}
