import { useIdParam } from "@/components/id-param";
import { QueryFormRecord } from "@/components/query-form-record";
import { RouteModal } from "@/components/route-modal";
import { useMembership } from "../api";
import { MembershipForm } from "../components/membership-form";

/**
 * `…/new-membership` (`?id=` edits that tier): the tier form as a modal over the page below it.
 * Saving or closing goes back one step (spec §4).
 */
export function MembershipFormModal({ fallbackPath }: { fallbackPath: string }) {
  const { raw } = useIdParam();
  const isEdit = raw !== null;

  return (
    <RouteModal
      fallbackPath={fallbackPath}
      title={isEdit ? "Edit Membership Tier" : "Create Membership Tier"}
    >
      {(goBack) =>
        !isEdit ? (
          <MembershipForm onSaved={goBack} onCancel={goBack} />
        ) : (
          <QueryFormRecord
            useRecord={useMembership}
            notFound="Membership not found"
            loadingLabel="Loading membership"
            fieldShapes={["h-11 w-full", "h-24 w-full", "h-11 w-full"]}
          >
            {(record) => (
              <MembershipForm key={record.id} tier={record} onSaved={goBack} onCancel={goBack} />
            )}
          </QueryFormRecord>
        )
      }
    </RouteModal>
  );
}
