import { PAYMENT_TYPE_LABELS, type Transaction, type TransactionStatus } from "@tessera/shared";
import { CreditCard } from "lucide-react";
import { useState } from "react";
import { ReceiptDownload } from "@/components/receipt-download";
import { Badge, type BadgeTone, type TableColumn } from "@/components/ui";
import { type MessageKey, t, translateText } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { useCurrentShop } from "@/lib/shop-branding";
import { useCustomerTransactions } from "../api";
import { formatAmount, formatDay, formatTime } from "../format";
import { PagedHistory } from "./paged-history";
import { LIST_PAGE_SIZE } from "./redemptions-tab";

export const NO_TRANSACTIONS_TEXT = "No transactions found";

const STATUS: Record<TransactionStatus, { label: MessageKey; tone: BadgeTone }> = {
  succeeded: { label: "Paid", tone: "success" },
  failed: { label: "Declined", tone: "danger" },
  refunded: { label: "Refunded", tone: "info" },
};

const PLAN_LABELS = { monthly: "Monthly", yearly: "Yearly" } as const;

/** What was bought: the offer, or the membership with its plan. */
function itemOf(row: Transaction): { name: string; kind: string } {
  if (row.offerName !== null || row.transactionType === "Offer") {
    return { name: row.offerName ?? t("Offer"), kind: t("Offer") };
  }
  const name = row.membershipName ?? translateText(row.transactionType);
  if (!row.plan) return { name, kind: t("Membership") };
  return { name, kind: t("Membership · {plan}", { plan: t(PLAN_LABELS[row.plan]) }) };
}

/** Cashback and discount that made the card pay less than the price. */
function deductions(row: Transaction): string | null {
  const parts: string[] = [];
  if (row.cashbackUsed > 0) {
    parts.push(t("{amount} cashback", { amount: formatAmount(row.cashbackUsed) }));
  }
  if (row.discount > 0) parts.push(t("{amount} discount", { amount: formatAmount(row.discount) }));
  if (parts.length === 0) return null;
  return parts.length === 1
    ? t("of {price}, less {first}", { price: formatAmount(row.price), first: parts[0] })
    : t("of {price}, less {first} and {second}", {
        price: formatAmount(row.price),
        first: parts[0],
        second: parts[1],
      });
}

function StatusBadge({ status }: { status: TransactionStatus }) {
  const { label, tone } = STATUS[status];
  return (
    <Badge tone={tone} dot>
      {t(label)}
    </Badge>
  );
}

/** The PDF receipt of a payment that went through (a declined one has none). */
function Receipt({ row, timeZone }: { row: Transaction; timeZone: string }) {
  return (
    <ReceiptDownload
      scope="customer"
      transactionId={row.id}
      label={`${itemOf(row).name}, ${formatDay(row.transactionDate, timeZone)}`}
    />
  );
}

function TransactionCards({ rows, timeZone }: { rows: Transaction[]; timeZone: string }) {
  return (
    <ul aria-label={t("Transactions")} className="flex flex-col gap-3">
      {rows.map((row) => {
        const item = itemOf(row);
        const less = deductions(row);
        return (
          <li key={row.id} className="rounded-card border border-line bg-surface p-4 shadow-card">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold text-fg">{item.name}</p>
                <p className="text-fg-muted text-sm">{item.kind}</p>
              </div>
              <div className="text-right">
                <p className="font-semibold text-fg tabular-nums">{formatAmount(row.amount)}</p>
                {less ? <p className="text-fg-subtle text-xs">{less}</p> : null}
              </div>
            </div>
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-fg-muted text-sm">
              <StatusBadge status={row.status} />
              <span>
                {formatDay(row.transactionDate, timeZone)},{" "}
                {formatTime(row.transactionDate, timeZone)}
              </span>
              <span>{translateText(PAYMENT_TYPE_LABELS[row.paymentType])}</span>
            </div>
            {row.status === "failed" ? null : (
              <div className="mt-2 -ml-3">
                <Receipt row={row} timeZone={timeZone} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function columns(timeZone: string): TableColumn<Transaction>[] {
  return [
    {
      key: "date",
      header: t("Date"),
      cell: (row) => (
        <span className="whitespace-nowrap">
          {formatDay(row.transactionDate, timeZone)}
          <span className="block text-fg-subtle text-xs">
            {formatTime(row.transactionDate, timeZone)}
          </span>
        </span>
      ),
    },
    {
      key: "item",
      header: t("Item"),
      cell: (row) => {
        const item = itemOf(row);
        return (
          <span>
            <span className="font-medium">{item.name}</span>
            <span className="block text-fg-muted text-xs">{item.kind}</span>
          </span>
        );
      },
    },
    {
      key: "payment",
      header: t("Payment"),
      cell: (row) => translateText(PAYMENT_TYPE_LABELS[row.paymentType]),
    },
    {
      key: "amount",
      header: t("Amount"),
      align: "right",
      cell: (row) => {
        const less = deductions(row);
        return (
          <span className="tabular-nums">
            {formatAmount(row.amount)}
            {less ? <span className="block text-fg-subtle text-xs">{less}</span> : null}
          </span>
        );
      },
    },
    { key: "status", header: t("Status"), cell: (row) => <StatusBadge status={row.status} /> },
    {
      key: "receipt",
      header: t("Receipt"),
      cell: (row) => (row.status === "failed" ? null : <Receipt row={row} timeZone={timeZone} />),
    },
  ];
}

/**
 * The Billing tab (spec §2, §3 "Transaction"): every payment to the shop, declined and refunded
 * ones included, newest first, ten a page; "No transactions found" when there are none.
 */
export function BillingTab({ customerId }: { customerId: number }) {
  const shop = useCurrentShop();
  useT();
  const [page, setPage] = useState(1);
  const list = useCustomerTransactions(shop.id, customerId, page, LIST_PAGE_SIZE);
  return (
    <PagedHistory
      caption={t("Transactions")}
      query={list}
      rowsOf={(data) => data.transactions}
      columns={columns(shop.timeZone)}
      cards={(rows) => <TransactionCards rows={rows} timeZone={shop.timeZone} />}
      empty={{
        icon: <CreditCard aria-hidden="true" />,
        title: t(NO_TRANSACTIONS_TEXT),
        hint: t("Your membership and offer payments show here."),
      }}
      page={page}
      pageSize={LIST_PAGE_SIZE}
      onPageChange={setPage}
    />
  );
}
