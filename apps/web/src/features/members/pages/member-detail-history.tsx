import type { UseQueryResult } from "@tanstack/react-query";
import {
  formatMoney,
  formatShortDate,
  type GetMemberResponse,
  MEMBER_DETAIL_RECENT,
  PAYMENT_TYPE_LABELS,
  REDEMPTION_TYPE_LABELS,
  type Redemption,
  TRANSACTION_STATUS_LABELS,
  type Transaction,
} from "@tessera/shared";
import { type ReactNode, useState } from "react";
import { HistoryTabsList } from "@/components/history-tabs-list";
import { ReceiptDownload } from "@/components/receipt-download";
import {
  Badge,
  EmptyState,
  ListPager,
  numberColumn,
  PhoneList,
  type PhoneListProps,
  QueryErrorState,
  statusColumn,
  statusTone,
  Table,
  type TableColumn,
  Tabs,
  TabsContent,
} from "@/components/ui";
import { cn } from "@/lib/cn";
import { useCurrentShop } from "@/lib/shop-branding";
import {
  type HistoryPage,
  type MemberHistoryList,
  type MemberHistoryRows,
  useMemberHistoryPage,
} from "../api";
import { RENEWAL_LABELS } from "../member-status";

/** The member detail page's history: payments and redemptions, in tabs, a page at a time. */

type HistoryPaging<Row> = {
  /** Page 1, which came with the member. */
  firstPage: HistoryPage<Row>;
  /** The shown page's query (only later pages are fetched). */
  query: UseQueryResult<HistoryPage<Row>, unknown>;
  page: number;
  onPageChange: (page: number) => void;
};

/**
 * One history list's paging: the page shown and its query. Used by the tabs, not inside them,
 * so switching tabs does not lose the page.
 */
function useHistoryPaging<List extends MemberHistoryList>(
  list: List,
  id: number,
  firstPage: HistoryPage<MemberHistoryRows[List]>,
): HistoryPaging<MemberHistoryRows[List]> {
  const [page, setPage] = useState(1);
  const query = useMemberHistoryPage(id, list, page, firstPage);
  return { firstPage, query, page, onPageChange: setPage };
}

function HistoryList<Row extends { id: number }>({
  label,
  columns,
  paging: { firstPage, query, page, onPageChange },
  empty,
  phone,
}: {
  label: "Transactions" | "Redemptions";
  columns: TableColumn<Row>[];
  /** The rows on phones, where the table's columns would not fit. */
  phone: Pick<PhoneListProps<Row>, "title" | "amount" | "details">;
  paging: HistoryPaging<Row>;
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

/** A member's payment's PDF receipt; a declined payment has none. */
function MemberReceipt({ row, timeZone }: { row: Transaction; timeZone: string }) {
  if (row.status === "failed") return null;
  return (
    <ReceiptDownload
      scope="member"
      transactionId={row.id}
      label={`${transactionItem(row)}, ${formatShortDate(row.transactionDate, timeZone)}`}
    />
  );
}

function transactionColumnsFor(
  timeZone: string,
  receipt: (row: Transaction) => ReactNode,
): TableColumn<Transaction>[] {
  return [
    {
      key: "date",
      header: "Date",
      className: "whitespace-nowrap",
      cell: (row) => formatShortDate(row.transactionDate, timeZone),
    },
    { key: "item", header: "Item", cell: transactionItem },
    {
      key: "payment",
      header: "Payment type",
      cell: (row) => PAYMENT_TYPE_LABELS[row.paymentType] ?? row.paymentType,
    },
    statusColumn(
      (row) => row.status,
      (row) => TRANSACTION_STATUS_LABELS[row.status],
    ),
    numberColumn("price", "Price", (row) => formatMoney(row.amount)),
    {
      key: "receipt",
      header: "Receipt",
      cell: (row) => receipt(row),
    },
  ];
}

export function HistoryTabs({ data }: { data: GetMemberResponse }) {
  const shop = useCurrentShop();
  const id = data.member.id;
  const transactions = useHistoryPaging("transactions", id, {
    rows: data.transactions,
    total: data.transactionsTotal,
  });
  const redemptions = useHistoryPaging("redemptions", id, {
    rows: data.redemptions,
    total: data.redemptionsTotal,
  });
  const receipt = (row: Transaction) => <MemberReceipt row={row} timeZone={shop.timeZone} />;
  const transactionColumns = transactionColumnsFor(shop.timeZone, receipt);
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
    numberColumn("value", "Value", (row) => formatMoney(row.value)),
  ];
  return (
    <Tabs defaultValue="transactions">
      <HistoryTabsList label="Member history" />
      <TabsContent value="transactions">
        <HistoryList
          label="Transactions"
          columns={transactionColumns}
          paging={transactions}
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
                {receipt(row)}
              </>
            ),
          }}
        />
      </TabsContent>
      <TabsContent value="redemptions">
        <HistoryList
          label="Redemptions"
          columns={redemptionColumns}
          paging={redemptions}
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
