import type { UseQueryResult } from "@tanstack/react-query";
import {
  formatMoney,
  formatShortDate,
  type GetMemberResponse,
  idSchema,
  MEMBER_DETAIL_RECENT,
  type MemberDetail,
  PAYMENT_TYPE_LABELS,
  REDEMPTION_TYPE_LABELS,
  type Redemption,
  TRANSACTION_STATUS_LABELS,
  type Transaction,
} from "@tessera/shared";
import { ArrowLeft, Gift, ShoppingBag, Tag, Wallet } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, Outlet, useNavigate, useParams, useSearchParams } from "react-router";
import {
  Avatar,
  Badge,
  Button,
  buttonClassName,
  Card,
  EmptyState,
  ListPager,
  PhoneList,
  type PhoneListProps,
  QueryErrorState,
  Skeleton,
  statusTone,
  Table,
  type TableColumn,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";
import {
  type HistoryPage,
  useMember,
  useMemberRedemptionsPage,
  useMemberTransactionsPage,
} from "../api";
import { MemberStatusDialogs, type PendingMemberAction } from "../components/member-status-dialogs";
import { OfferPriceModal } from "../components/offer-price-modal";
import {
  MEMBER_STATUS_LABELS,
  MEMBERS_PATH,
  memberActions,
  memberDetailPath,
  RENEWAL_LABELS,
} from "../member-status";

const PANEL_ITEMS = 2;

function Panel({
  title,
  icon,
  seeAll,
  children,
}: {
  title: string;
  icon: ReactNode;
  seeAll?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Card padding="sm" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 font-semibold text-base text-fg">
          <span aria-hidden="true" className="text-primary [&_svg]:size-4">
            {icon}
          </span>
          {title}
        </h2>
        {seeAll ? (
          <Link to={seeAll} className="font-medium text-primary-ink text-sm">
            See All
            <span className="sr-only"> {title.toLowerCase()}</span>
          </Link>
        ) : null}
      </div>
      {children}
    </Card>
  );
}

function PanelRow({ name, detail, action }: { name: string; detail: string; action: ReactNode }) {
  return (
    <li className="flex items-center justify-between gap-3 rounded-control border border-line px-3 py-2">
      <div className="min-w-0">
        <p className="truncate font-medium text-fg text-sm">{name}</p>
        <p className="text-fg-muted text-xs">{detail}</p>
      </div>
      {action}
    </li>
  );
}

function BenefitsPanel({ member }: { member: MemberDetail }) {
  const shop = useCurrentShop();
  const path = `${memberDetailPath(member.id)}/redeem-benefits`;
  return (
    <Panel
      title="Redeem Benefit"
      icon={<Gift />}
      seeAll={member.benefits.length > PANEL_ITEMS ? path : undefined}
    >
      {member.benefits.length === 0 ? (
        <p className="py-4 text-center text-fg-muted text-sm">No benefits available</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {member.benefits.slice(0, PANEL_ITEMS).map((benefit) => (
            <PanelRow
              key={benefit.id}
              name={benefit.name}
              detail={
                benefit.redeemed && benefit.availableOn
                  ? `Redeemed · again on ${formatShortDate(benefit.availableOn, shop.timeZone)}`
                  : `Worth ${formatMoney(benefit.worth)}`
              }
              action={
                benefit.redeemed ? (
                  <Badge tone="neutral">Redeemed</Badge>
                ) : (
                  <Link
                    to={`${path}?benefitId=${benefit.id}`}
                    className={buttonClassName({ size: "sm", className: "no-underline" })}
                    aria-label={`Redeem ${benefit.name}`}
                  >
                    Redeem
                  </Link>
                )
              }
            />
          ))}
        </ul>
      )}
    </Panel>
  );
}

function CashbackPanel({ member }: { member: MemberDetail }) {
  const usable = member.status !== "disabled";
  return (
    <Panel title="Cashback wallet" icon={<Wallet />}>
      {member.cashbackBalance <= 0 ? (
        <p className="py-4 text-center text-fg-muted text-sm">No cashback available</p>
      ) : (
        <div className="flex items-center justify-between gap-3">
          <div>
            <p className="text-fg-muted text-xs">Available</p>
            <p className="font-bold text-2xl text-fg tabular-nums">
              {formatMoney(member.cashbackBalance)}
            </p>
          </div>
          {usable ? (
            <Link
              to={`${MEMBERS_PATH}/redeem-cashback-modal?memberId=${member.id}`}
              className={buttonClassName({ size: "sm", className: "no-underline" })}
            >
              Redeem Cashback
            </Link>
          ) : null}
        </div>
      )}
    </Panel>
  );
}

function OffersPanel({ member }: { member: MemberDetail }) {
  const shop = useCurrentShop();
  return (
    <Panel
      title="Redeem Offer"
      icon={<Tag />}
      seeAll={
        member.offers.length > PANEL_ITEMS
          ? `${memberDetailPath(member.id)}/redeem-offers`
          : undefined
      }
    >
      {member.offers.length === 0 ? (
        <p className="py-4 text-center text-fg-muted text-sm">No Offer available</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {member.offers.slice(0, PANEL_ITEMS).map((offer) => (
            <PanelRow
              key={offer.customerOfferId}
              name={offer.offerName}
              detail={
                offer.expiresAt
                  ? `Until ${formatShortDate(offer.expiresAt, shop.timeZone)}`
                  : formatMoney(offer.offerPrice)
              }
              action={
                <Link
                  to={`${MEMBERS_PATH}/redeem-offer-modal?memberId=${member.id}&customerOfferId=${offer.customerOfferId}`}
                  className={buttonClassName({ size: "sm", className: "no-underline" })}
                  aria-label={`Redeem ${offer.offerName}`}
                >
                  Redeem
                </Link>
              }
            />
          ))}
        </ul>
      )}
    </Panel>
  );
}

/**
 * One history tab: page 1 from the detail payload, later pages fetched (`query`), the pager under
 * the table. While a page loads the table keeps its rows, dimmed; a failed page keeps the pager
 * so the member can go back.
 */
function HistoryList<Row extends { id: number }>({
  label,
  columns,
  firstPage,
  query,
  page,
  onPageChange,
  empty,
  phone,
}: {
  label: "Transactions" | "Redemptions";
  columns: TableColumn<Row>[];
  /** The rows on phones, where the table's columns would not fit. */
  phone: Pick<PhoneListProps<Row>, "title" | "amount" | "details">;
  firstPage: HistoryPage<Row>;
  query: UseQueryResult<HistoryPage<Row>, unknown>;
  page: number;
  onPageChange: (page: number) => void;
  empty: string;
}) {
  const fetched = page > 1;
  const current = fetched ? query.data : firstPage;
  const loading = fetched && query.isPlaceholderData;
  const total = current?.total ?? firstPage.total;
  return (
    <div
      className={cn("flex flex-col gap-3 transition-opacity", loading && "opacity-60")}
      aria-busy={loading || undefined}
    >
      {fetched && query.isError ? (
        <QueryErrorState query={query} title={`Could not load the ${label.toLowerCase()}`} />
      ) : (
        <>
          <Table
            caption={label}
            hideCaption
            columns={columns}
            rows={current?.rows ?? []}
            getRowKey={(row) => row.id}
            loading={current === undefined}
            empty={<EmptyState title={empty} />}
            className="max-sm:hidden"
          />
          <PhoneList
            label={label}
            rows={current?.rows ?? []}
            getRowKey={(row) => row.id}
            loading={current === undefined}
            empty={empty}
            {...phone}
          />
        </>
      )}
      <ListPager
        label={`${label} pages`}
        page={page}
        pageSize={MEMBER_DETAIL_RECENT}
        total={total}
        loading={loading}
        onPageChange={onPageChange}
      />
    </div>
  );
}

function transactionItem(row: Transaction): string {
  return (
    row.offerName ??
    (row.membershipName
      ? `${row.membershipName}${row.plan ? ` (${RENEWAL_LABELS[row.plan]})` : ""}`
      : row.transactionType)
  );
}

function HistoryTabs({ data }: { data: GetMemberResponse }) {
  const shop = useCurrentShop();
  const id = data.member.id;
  // Kept here, not in the tabs, so switching tabs does not lose the page.
  const [transactionPage, setTransactionPage] = useState(1);
  const [redemptionPage, setRedemptionPage] = useState(1);
  const firstTransactions = { rows: data.transactions, total: data.transactionsTotal };
  const firstRedemptions = { rows: data.redemptions, total: data.redemptionsTotal };
  const transactions = useMemberTransactionsPage(id, transactionPage, firstTransactions);
  const redemptions = useMemberRedemptionsPage(id, redemptionPage, firstRedemptions);
  const transactionColumns: TableColumn<Transaction>[] = [
    {
      key: "date",
      header: "Date",
      className: "whitespace-nowrap",
      cell: (row) => formatShortDate(row.transactionDate, shop.timeZone),
    },
    { key: "item", header: "Item", cell: transactionItem },
    {
      key: "payment",
      header: "Payment type",
      cell: (row) => PAYMENT_TYPE_LABELS[row.paymentType] ?? row.paymentType,
    },
    {
      key: "status",
      header: "Status",
      cell: (row) => (
        <Badge tone={statusTone(row.status)}>{TRANSACTION_STATUS_LABELS[row.status]}</Badge>
      ),
    },
    {
      key: "price",
      header: "Price",
      align: "right",
      className: "tabular-nums",
      cell: (row) => formatMoney(row.amount),
    },
  ];
  const redemptionColumns: TableColumn<Redemption>[] = [
    {
      key: "date",
      header: "Redemption Date",
      className: "whitespace-nowrap",
      cell: (row) => formatShortDate(row.redemptionDate, shop.timeZone),
    },
    { key: "item", header: "Item", cell: (row) => row.item },
    { key: "type", header: "Type", cell: (row) => REDEMPTION_TYPE_LABELS[row.redemptionType] },
    { key: "by", header: "Redeemed by", cell: (row) => row.performedByName },
    {
      key: "value",
      header: "Value",
      align: "right",
      className: "tabular-nums",
      cell: (row) => formatMoney(row.value),
    },
  ];
  return (
    <Tabs defaultValue="transactions">
      <TabsList aria-label="Member history">
        <TabsTrigger value="transactions">Transactions</TabsTrigger>
        <TabsTrigger value="redemptions">Redemptions</TabsTrigger>
      </TabsList>
      <TabsContent value="transactions">
        <HistoryList
          label="Transactions"
          columns={transactionColumns}
          firstPage={firstTransactions}
          query={transactions}
          page={transactionPage}
          onPageChange={setTransactionPage}
          empty="No transactions found"
          phone={{
            title: transactionItem,
            amount: (row) => formatMoney(row.amount),
            details: (row) => (
              <>
                <span>{formatShortDate(row.transactionDate, shop.timeZone)}</span>
                <span aria-hidden="true">·</span>
                <span>{PAYMENT_TYPE_LABELS[row.paymentType] ?? row.paymentType}</span>
                <Badge tone={statusTone(row.status)}>{TRANSACTION_STATUS_LABELS[row.status]}</Badge>
              </>
            ),
          }}
        />
      </TabsContent>
      <TabsContent value="redemptions">
        <HistoryList
          label="Redemptions"
          columns={redemptionColumns}
          firstPage={firstRedemptions}
          query={redemptions}
          page={redemptionPage}
          onPageChange={setRedemptionPage}
          empty="No redemptions available"
          phone={{
            title: (row) => row.item,
            amount: (row) => formatMoney(row.value),
            details: (row) => (
              <>
                <span>{formatShortDate(row.redemptionDate, shop.timeZone)}</span>
                <span aria-hidden="true">·</span>
                <span>
                  {REDEMPTION_TYPE_LABELS[row.redemptionType]} by {row.performedByName}
                </span>
              </>
            ),
          }}
        />
      </TabsContent>
    </Tabs>
  );
}

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

function MemberDetailView({ data }: { data: GetMemberResponse }) {
  const { member } = data;
  const shop = useCurrentShop();
  const navigate = useNavigate();
  const [pending, setPending] = useState<PendingMemberAction | null>(null);
  const [selling, setSelling] = useState(false);
  const actions = memberActions(member.status);
  const membership = member.activeMembership;
  const name = `${member.firstName} ${member.lastName}`;
  useDocumentTitle(name);

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
                  {member.nextRenewalMembership
                    ? ` · then ${member.nextRenewalMembership.name}`
                    : ""}
                </p>
              </>
            ) : (
              <p className="font-semibold text-fg">None</p>
            )}
          </div>
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
            {actions.includes("disable") ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() => setPending({ kind: "disable", member })}
              >
                Disable
              </Button>
            ) : null}
            {actions.includes("enable") ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() => setPending({ kind: "enable", member })}
              >
                Enable
              </Button>
            ) : null}
            {actions.includes("delete") ? (
              <Button
                variant="danger"
                size="sm"
                onClick={() => setPending({ kind: "delete", member })}
              >
                Delete
              </Button>
            ) : null}
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
