import { formatJoiningDate, formatMoney, type Member } from "@tessera/shared";
import { Eye, Pencil, Plus, Power, Search, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, Outlet, useNavigate, useSearchParams } from "react-router";
import { DropdownMenuAction, RecordActionsMenu } from "@/components/record-actions-menu";
import {
  Avatar,
  Button,
  buttonClassName,
  EmptyState,
  numberColumn,
  QueryErrorState,
  statusColumn,
  Table,
  type TableColumn,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  TextInput,
} from "@/components/ui";
import { ExportMembersButton, ImportMembersButton } from "@/features/integrations";
import { ScanCardButton } from "@/features/member-card/scanner";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useMembers } from "../api";
import { MemberStatusDialogs, type PendingMemberAction } from "../components/member-status-dialogs";
import {
  ADD_MEMBER_PATH,
  MEMBER_FILTER_LABELS,
  MEMBER_FILTERS,
  MEMBER_STATUS_LABELS,
  MEMBERS_PATH,
  memberActions,
  memberDetailPath,
  parseMemberFilter,
} from "../member-status";

const PAGE_SIZE = 10;

function MemberRowMenu({
  member,
  onAction,
}: {
  member: Member;
  onAction: (action: PendingMemberAction) => void;
}) {
  const navigate = useNavigate();
  const actions = memberActions(member.status);
  const name = `${member.firstName} ${member.lastName}`;
  if (actions.length === 0) return null;
  return (
    <RecordActionsMenu name={name}>
      {actions.map((action) => {
        switch (action) {
          case "view":
            return (
              <DropdownMenuAction
                key={action}
                icon={Eye}
                onSelect={() => navigate(memberDetailPath(member.id))}
              >
                View
              </DropdownMenuAction>
            );
          case "edit":
            return (
              <DropdownMenuAction
                key={action}
                icon={Pencil}
                onSelect={() => navigate(`${MEMBERS_PATH}/update-member?id=${member.id}`)}
              >
                Edit
              </DropdownMenuAction>
            );
          case "disable":
          case "enable":
            return (
              <DropdownMenuAction
                key={action}
                icon={Power}
                onSelect={() => onAction({ kind: action, member })}
              >
                {action === "disable" ? "Disable" : "Enable"}
              </DropdownMenuAction>
            );
          case "delete":
            return (
              <DropdownMenuAction
                key={action}
                icon={Trash2}
                onSelect={() => onAction({ kind: "delete", member })}
              >
                Delete
              </DropdownMenuAction>
            );
          default:
            return null;
        }
      })}
    </RecordActionsMenu>
  );
}

/** The list's address with one parameter changed; any change but the page's goes to page 1. */
function withParam(prev: URLSearchParams, key: string, value: string | null) {
  const next = new URLSearchParams(prev);
  if (value === null) next.delete(key);
  else next.set(key, value);
  if (key !== "page") next.delete("page");
  return next;
}

/**
 * `/merchant/members` (spec §2 "Members list"): search by name or e-mail, filter tabs, server
 * pagination, a row menu per status. Add, update and redeem modals open over it.
 */
export function MembersPage() {
  useDocumentTitle("Members");
  const shop = useCurrentShop();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filter = parseMemberFilter(params.get("filter"));
  const page = Math.max(1, Number(params.get("page")) || 1);
  const [searchText, setSearchText] = useState(params.get("search") ?? "");
  const search = params.get("search") ?? "";
  const [pending, setPending] = useState<PendingMemberAction | null>(null);

  // Searching waits for a pause in typing, then starts from the first page.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (searchText.trim() === search) return;
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (searchText.trim()) next.set("search", searchText.trim());
          else next.delete("search");
          next.delete("page");
          return next;
        },
        { replace: true },
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText, search, setParams]);

  const members = useMembers({ filter, search, page, pageSize: PAGE_SIZE });
  const totalPages = members.data ? Math.max(1, Math.ceil(members.data.total / PAGE_SIZE)) : 1;

  function setParam(key: string, value: string | null) {
    setParams((prev) => withParam(prev, key, value), { replace: true });
  }

  const columns: TableColumn<Member>[] = [
    {
      key: "member",
      header: "Member",
      className: "min-w-56",
      cell: (member) => (
        <div className="flex items-center gap-3">
          <Avatar src={member.profilePicture} alt="" size="sm" />
          <div className="min-w-0">
            <Link
              to={memberDetailPath(member.id)}
              className="block truncate font-medium text-fg no-underline hover:underline"
            >
              {member.firstName} {member.lastName}
            </Link>
            <span className="block truncate text-fg-muted text-xs">{member.email}</span>
          </div>
        </div>
      ),
    },
    {
      key: "membership",
      header: "Membership",
      cell: (member) => member.activeMembership?.membershipName ?? "None",
    },
    {
      key: "joined",
      header: "Joining Date",
      className: "whitespace-nowrap",
      cell: (member) => formatJoiningDate(member.created_at, shop.timeZone),
    },
    statusColumn(
      (member) => member.status,
      (member) => MEMBER_STATUS_LABELS[member.status],
    ),
    numberColumn("balance", "Reward Balance", (member) => formatMoney(member.totalRewardBalance)),
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      align: "right",
      cell: (member) => <MemberRowMenu member={member} onAction={setPending} />,
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-bold text-2xl text-fg sm:text-3xl">Members</h1>
        <div className="flex flex-wrap gap-2">
          <ScanCardButton memberPath={memberDetailPath} />
          <ExportMembersButton filter={filter} search={search} />
          <ImportMembersButton />
          <Link to={ADD_MEMBER_PATH} className={buttonClassName({ className: "no-underline" })}>
            <Plus aria-hidden="true" className="size-4" />
            Add Members
          </Link>
        </div>
      </div>
      <Tabs
        value={filter}
        onValueChange={(value) => setParam("filter", value)}
        className="flex flex-col gap-4"
      >
        <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
          <TabsList aria-label="Member filter">
            {MEMBER_FILTERS.map((value) => (
              <TabsTrigger key={value} value={value}>
                {MEMBER_FILTER_LABELS[value]}
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="relative md:w-72">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 z-10 size-4 -translate-y-1/2 text-fg-muted"
            />
            <TextInput
              label={<span className="sr-only">Search members</span>}
              type="search"
              placeholder="Search by name or email"
              className="ps-9"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </div>
        </div>
        {MEMBER_FILTERS.map((value) => (
          <TabsContent key={value} value={value} className="flex flex-col gap-4">
            {members.isError ? (
              <QueryErrorState query={members} />
            ) : (
              <Table
                caption="Members"
                hideCaption
                columns={columns}
                rows={members.data?.members ?? []}
                getRowKey={(member) => member.id}
                loading={members.isPending}
                empty={
                  <EmptyState
                    title="No members"
                    hint={
                      search
                        ? `No member matches “${search}”.`
                        : "Add your first member, or they join from your storefront."
                    }
                  />
                }
              />
            )}
            {members.data && members.data.total > PAGE_SIZE ? (
              <nav aria-label="Members pages" className="flex items-center justify-between gap-3">
                <p className="text-fg-muted text-sm" aria-live="polite">
                  Page {page} of {totalPages} · {members.data.total} members
                </p>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={page <= 1}
                    onClick={() => setParam("page", String(page - 1))}
                  >
                    Previous
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={page >= totalPages}
                    onClick={() => setParam("page", String(page + 1))}
                  >
                    Next
                  </Button>
                </div>
              </nav>
            ) : null}
          </TabsContent>
        ))}
      </Tabs>
      <MemberStatusDialogs
        pending={pending}
        onClose={() => setPending(null)}
        onDeleted={() => navigate(MEMBERS_PATH, { replace: true })}
      />
      <Outlet />
    </div>
  );
}
