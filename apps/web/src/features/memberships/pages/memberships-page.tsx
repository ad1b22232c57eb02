import type { Tier } from "@tessera/shared";
import { useNavigate, useSearchParams } from "react-router";
import { TabbedCardListPage } from "@/components/card-list-page";
import { QueryCardGrid } from "@/components/query-card-grid";
import { EmptyState } from "@/components/ui";
import { useDocumentTitle } from "@/lib/use-document-title";
import { type MembershipTab, useDeleteMembership, useMemberships } from "../api";
import { TierCard } from "../components/tier-card";

export const MEMBERSHIPS_PATH = "/merchant/memberships";
export const NEW_MEMBERSHIP_PATH = `${MEMBERSHIPS_PATH}/new-membership`;

/** `?tab=archived` keeps the Archived tab across the edit modal and reloads. */
export function parseMembershipTab(value: string | null): MembershipTab {
  return value === "archived" ? "archived" : "active";
}

function TierGrid({ tab, onDelete }: { tab: MembershipTab; onDelete: (tier: Tier) => void }) {
  const navigate = useNavigate();
  const tiers = useMemberships(tab);
  return (
    <QueryCardGrid
      query={tiers}
      loadingLabel="Loading memberships"
      className="md:grid-cols-2 xl:grid-cols-3"
      placeholderClassName="h-72"
      itemClassName="flex"
      empty={
        <EmptyState
          title="No membership"
          hint={
            tab === "active"
              ? "Create a membership tier so customers can join."
              : "Tiers you unpublish or delete after they had members show here."
          }
        />
      }
    >
      {(tier) => (
        <div className="flex w-full flex-col [&>article]:flex-1">
          <TierCard
            tier={tier}
            onEdit={() => navigate(`${NEW_MEMBERSHIP_PATH}?id=${tier.id}`)}
            onDelete={onDelete}
          />
        </div>
      )}
    </QueryCardGrid>
  );
}

const MEMBERSHIP_TABS = ["active", "archived"] as const satisfies readonly MembershipTab[];
const MEMBERSHIP_TAB_LABELS: Record<MembershipTab, string> = {
  active: "Active",
  archived: "Archived",
};

/**
 * `/merchant/memberships` "Membership Tiers" (spec §2): Active and Archived tabs, Create
 * Membership, a card per tier. The create/edit form opens as a modal route over this page.
 */
export function MembershipsPage() {
  useDocumentTitle("Memberships");
  const [params, setParams] = useSearchParams();
  const remove = useDeleteMembership();

  return (
    <TabbedCardListPage
      title="Membership Tiers"
      createTo={NEW_MEMBERSHIP_PATH}
      createLabel="Create Membership"
      tabs={MEMBERSHIP_TABS}
      tabLabels={MEMBERSHIP_TAB_LABELS}
      tabsLabel="Membership tiers"
      tab={parseMembershipTab(params.get("tab"))}
      onTabChange={(value) =>
        setParams(value === "archived" ? { tab: "archived" } : {}, { replace: true })
      }
      grid={(tab, onDelete) => <TierGrid tab={tab} onDelete={onDelete} />}
      remove={remove}
      deleteTitle="Delete membership?"
      describe={(tier: Tier) =>
        `“${tier.name}” will be deleted. A tier that has had members is kept for their history.`
      }
      failureLog="Failed to delete membership"
    />
  );
}
