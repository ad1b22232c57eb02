import { idSchema } from "@tessera/shared";
import { useSearchParams } from "react-router";
import { ErrorState, QueryErrorState, ResponsiveDialog, Skeleton } from "@/components/ui";
import { useGoBack } from "@/lib/use-go-back";
import { useMembership } from "../api";
import { TierCard } from "../components/tier-card";

/** `…/membership-preview?id=`: the tier card with its summary and stats, in a modal. */
export function MembershipPreviewModal({ fallbackPath }: { fallbackPath: string }) {
  const [params] = useSearchParams();
  const parsed = idSchema.safeParse(params.get("id") ?? "");
  const id = parsed.success ? parsed.data : null;
  const tier = useMembership(id);
  const goBack = useGoBack(fallbackPath);
  return (
    <ResponsiveDialog open onOpenChange={(open) => !open && goBack()} title="Membership preview">
      {id === null ? (
        <ErrorState message="Membership not found" />
      ) : tier.isPending ? (
        <Skeleton className="h-72 w-full rounded-card" />
      ) : tier.isError ? (
        <QueryErrorState query={tier} />
      ) : (
        <TierCard tier={tier.data} />
      )}
    </ResponsiveDialog>
  );
}
