import { useIdParam } from "@/components/id-param";
import { QueryRecord, ResponsiveDialog, Skeleton } from "@/components/ui";
import { useGoBack } from "@/lib/use-go-back";
import { useMembership } from "../api";
import { TierCard } from "../components/tier-card";

/** `…/membership-preview?id=`: the tier card with its summary and stats, in a modal. */
export function MembershipPreviewModal({ fallbackPath }: { fallbackPath: string }) {
  const { id } = useIdParam();
  const tier = useMembership(id);
  const goBack = useGoBack(fallbackPath);
  return (
    <ResponsiveDialog open onOpenChange={(open) => !open && goBack()} title="Membership preview">
      <QueryRecord
        id={id}
        query={tier}
        notFound="Membership not found"
        loading={<Skeleton className="h-72 w-full rounded-card" />}
      >
        {(record) => <TierCard tier={record} />}
      </QueryRecord>
    </ResponsiveDialog>
  );
}
