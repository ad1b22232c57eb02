import { formatShortDate, type GetMemberResponse, idSchema } from "@tessera/shared";
import { ArrowLeft, ShoppingBag } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, Outlet, useNavigate, useParams, useSearchParams } from "react-router";
import {
  Avatar,
  Badge,
  Button,
  buttonClassName,
  Card,
  QueryErrorState,
  Skeleton,
  statusTone,
} from "@/components/ui";
import { MemberPrivacyActions } from "@/features/privacy";
import { isApiError } from "@/lib/api-client";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useMember } from "../api";
import { MemberStatusDialogs, type PendingMemberAction } from "../components/member-status-dialogs";
import { OfferPriceModal } from "../components/offer-price-modal";
import {
  MEMBER_STATUS_LABELS,
  MEMBERS_PATH,
  memberActions,
  RENEWAL_LABELS,
} from "../member-status";
import { HistoryTabs } from "./member-detail-history";
import { BenefitsPanel, CashbackPanel, OffersPanel } from "./member-detail-panels";

function MemberNotFound() {
  return (
    <Card className="mx-auto flex max-w-md flex-col items-center gap-3 text-center">
      <h1 className="font-semibold text-fg text-xl">Member not found</h1>
      <p className="text-fg-muted text-sm">Please navigate to this page from the members list.</p>
      <Link to={MEMBERS_PATH} className={buttonClassName({ className: "no-underline" })}>
        Back to Members
      </Link>
    </Card>
  );
}

/** The header's box: the current membership, when it renews or ends, and the next tier. */
function ActiveMembershipBox({ member }: { member: GetMemberResponse["member"] }) {
  const shop = useCurrentShop();
  const membership = member.activeMembership;
  return (
    <div className="rounded-control border border-line px-4 py-3 lg:text-right">
      <p className="text-fg-muted text-xs">Active membership</p>
      {membership ? (
        <>
          <p className="font-semibold text-fg">
            {membership.membershipName} · {RENEWAL_LABELS[membership.plan]}
          </p>
          <p className="text-fg-muted text-xs">
            {membership.status === "cancelled" ? "Ends" : "Renews"}{" "}
            {formatShortDate(membership.expireDate, shop.timeZone)}
            {member.nextRenewalMembership ? ` · then ${member.nextRenewalMembership.name}` : ""}
          </p>
        </>
      ) : (
        <p className="font-semibold text-fg">None</p>
      )}
    </div>
  );
}

function MemberDetailView({ data }: { data: GetMemberResponse }) {
  const { member } = data;
  const navigate = useNavigate();
  const [pending, setPending] = useState<PendingMemberAction | null>(null);
  const [selling, setSelling] = useState(false);
  const actions = member.erasedAt ? [] : memberActions(member.status);
  const name = `${member.firstName} ${member.lastName}`;
  useDocumentTitle(name);
  // Disable, Enable and Delete, where the member's status allows them: each asks or runs in
  // MemberStatusDialogs.
  const statusButton = (
    kind: PendingMemberAction["kind"],
    label: string,
    variant: "outline" | "danger" = "outline",
  ) =>
    actions.includes(kind) ? (
      <Button variant={variant} size="sm" onClick={() => setPending({ kind, member })}>
        {label}
      </Button>
    ) : null;

  return (
    <div className="flex flex-col gap-6">
      <Link
        to={MEMBERS_PATH}
        className={buttonClassName({
          variant: "ghost",
          className: "-ms-3 self-start no-underline",
        })}
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Members
      </Link>
      <Card className="flex flex-col gap-5 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex min-w-0 items-center gap-4">
          <Avatar src={member.profilePicture} alt={`${name}'s profile picture`} size="xl" />
          <div className="min-w-0">
            <h1 className="truncate font-bold text-2xl text-fg">{name}</h1>
            <p className="truncate text-fg-muted text-sm">{member.email}</p>
            <p className="text-fg-muted text-sm">{member.phoneNumber ?? "-"}</p>
            <Badge className="mt-2" tone={statusTone(member.status)}>
              {MEMBER_STATUS_LABELS[member.status]}
            </Badge>
          </div>
        </div>
        <div className="flex flex-col gap-3 lg:items-end">
          <ActiveMembershipBox member={member} />
          <div className="flex flex-wrap gap-2">
            {actions.includes("edit") ? (
              <Link
                to={`${MEMBERS_PATH}/update-member?id=${member.id}`}
                className={buttonClassName({
                  variant: "outline",
                  size: "sm",
                  className: "no-underline",
                })}
              >
                Update Member
              </Link>
            ) : null}
            {member.status === "cancelled" ? null : (
              <Link
                to={`${MEMBERS_PATH}/update-member-membership?id=${member.id}`}
                className={buttonClassName({
                  variant: "outline",
                  size: "sm",
                  className: "no-underline",
                })}
              >
                Manage Memberships
              </Link>
            )}
            {member.status !== "disabled" ? (
              <Button variant="outline" size="sm" onClick={() => setSelling(true)}>
                <ShoppingBag aria-hidden="true" className="size-4" />
                Sell Offer
              </Button>
            ) : null}
            {statusButton("disable", "Disable")}
            {statusButton("enable", "Enable")}
            <MemberPrivacyActions member={member} />
            {statusButton("delete", "Delete", "danger")}
          </div>
        </div>
      </Card>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <BenefitsPanel member={member} />
        <CashbackPanel member={member} />
        <OffersPanel member={member} />
      </div>
      <HistoryTabs data={data} />
      <MemberStatusDialogs
        pending={pending}
        onClose={() => setPending(null)}
        onDeleted={() => navigate(MEMBERS_PATH, { replace: true })}
      />
      {selling ? <OfferPriceModal member={member} onClose={() => setSelling(false)} /> : null}
    </div>
  );
}

/**
 * `/merchant/members/{memberId}` (spec §2 "Member detail"), loaded by id so a reload works. The
 * redeem modals open over it; `memberIdFrom="query"` serves the spec's `redeem-cashback-modal`
 * and `redeem-offer-modal` addresses, which name the member in `?memberId=`.
 */
export function MemberDetailPage({ memberIdFrom = "path" }: { memberIdFrom?: "path" | "query" }) {
  const params = useParams();
  const [search] = useSearchParams();
  const raw = memberIdFrom === "path" ? params.memberId : search.get("memberId");
  const parsed = idSchema.safeParse(raw ?? "");
  const id = parsed.success ? parsed.data : null;
  const member = useMember(id);

  let body: ReactNode;
  if (id === null || (member.isError && isApiError(member.error) && member.error.status === 404)) {
    body = <MemberNotFound />;
  } else if (member.isPending) {
    body = (
      <div aria-busy="true" className="flex flex-col gap-4">
        <span className="sr-only">Loading member</span>
        <Skeleton className="h-36 w-full" />
        <div className="grid gap-4 md:grid-cols-3">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
        <Skeleton className="h-48 w-full" />
      </div>
    );
  } else if (member.isError) {
    body = <QueryErrorState query={member} />;
  } else {
    body = <MemberDetailView data={member.data} />;
  }
  return (
    <>
      {body}
      {member.data ? <Outlet context={member.data} /> : null}
    </>
  );
}
