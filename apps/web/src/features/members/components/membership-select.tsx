import type { UseQueryResult } from "@tanstack/react-query";
import type { Tier } from "@tessera/shared";
import { Select, type SelectProps } from "@/components/ui";

/**
 * The Membership select of the member forms: the shop's published tiers (`useActiveTiers`),
 * each named by `optionLabel`, with "Loading plans…" until they have come.
 */
export function MembershipSelect({
  tiers,
  optionLabel,
  ...props
}: Omit<SelectProps, "label" | "placeholder" | "options"> & {
  tiers: UseQueryResult<Tier[], unknown>;
  optionLabel: (tier: Tier) => string;
}) {
  return (
    <Select
      label="Membership"
      placeholder={tiers.isPending ? "Loading plans…" : "Select a membership"}
      options={(tiers.data ?? []).map((tier) => ({
        value: String(tier.id),
        label: optionLabel(tier),
      }))}
      {...props}
    />
  );
}
