import type { Tier } from "@tessera/shared";
import { useState } from "react";
import { Outlet, useNavigate, useSearchParams } from "react-router";
import { ConfirmDeleteDialog, ListPageHeader } from "@/components/card-list-page";
import { QueryCardGrid } from "@/components/query-card-grid";
import { EmptyState, Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui";
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

/**
 * `/merchant/memberships` "Membership Tiers" (spec §2): Active and Archived tabs, Create
 * Membership, a card per tier. The create/edit form opens as a modal route over this page.
 */
export function MembershipsPage() {
  useDocumentTitle("Memberships");
  const [params, setParams] = useSearchParams();
  const tab = parseMembershipTab(params.get("tab"));
  const [toDelete, setToDelete] = useState<Tier | null>(null);
  const remove = useDeleteMembership();

  return (
    <div className="flex flex-col gap-6">
      <ListPageHeader
        title="Membership Tiers"
        createTo={NEW_MEMBERSHIP_PATH}
        createLabel="Create Membership"
      />
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setParams(value === "archived" ? { tab: "archived" } : {}, { replace: true })
        }
      >
        <TabsList aria-label="Membership tiers">
          <TabsTrigger value="active">Active</TabsTrigger>
          <TabsTrigger value="archived">Archived</TabsTrigger>
        </TabsList>
        <TabsContent value="active">
          <TierGrid tab="active" onDelete={setToDelete} />
        </TabsContent>
        <TabsContent value="archived">
          <TierGrid tab="archived" onDelete={setToDelete} />
        </TabsContent>
      </Tabs>
      <ConfirmDeleteDialog
        item={toDelete}
        onClose={() => setToDelete(null)}
        remove={remove}
        title="Delete membership?"
        describe={(tier) =>
          `“${tier.name}” will be deleted. A tier that has had members is kept for their history.`
        }
        failureLog="Failed to delete membership"
      />
      <Outlet />
    </div>
  );
}
