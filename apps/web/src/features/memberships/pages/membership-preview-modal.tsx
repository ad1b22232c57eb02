import { RoutePreviewModal } from "@/components/route-preview-modal";
import { useMembership } from "../api";
import { TierCard } from "../components/tier-card";

/** `…/membership-preview?id=`: the tier card with its summary and stats, in a modal. */
export function MembershipPreviewModal({ fallbackPath }: { fallbackPath: string }) {
  return (
    <RoutePreviewModal
      fallbackPath={fallbackPath}
      title="Membership preview"
      useRecord={useMembership}
      notFound="Membership not found"
      loadingClassName="h-72"
    >
      {(record) => <TierCard tier={record} />}
    </RoutePreviewModal>
  );
}
