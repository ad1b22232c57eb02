import {
  DEFAULT_PERIOD,
  DEFAULT_REPORT_PAYMENT_FILTER,
  displayTransactionId,
  formatMoney,
  formatShortDate,
  optionLabel,
  PAYMENT_TYPE_LABELS,
  REPORT_PAYMENT_FILTER_OPTIONS,
  REPORT_PERIOD_OPTIONS,
  type Redemption,
  type ReportPaymentFilter,
  type ReportPeriod,
  reportPaymentFilterSchema,
  reportPeriodSchema,
  type TransactionReportRow,
} from "@tessera/shared";
import { useState } from "react";
import { DownloadButton } from "@/components/download-button";
import { HistoryTabsList } from "@/components/history-tabs-list";
import { PagedRecords } from "@/components/paged-records";
import { numberColumn, Select, type TableColumn, Tabs, TabsContent } from "@/components/ui";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";
import {
  downloadReport,
  REPORT_PAGE_SIZE,
  useRedemptionReport,
  useTransactionReport,
} from "../api";

export const REPORTS_PATH = "/merchant/reports";

type ReportTab = "transactions" | "redemptions";

/** The selects' values, read back (anything else falls back to the spec's defaults). */
const periodOf = reportPeriodSchema.catch(DEFAULT_PERIOD);
const paymentFilterOf = reportPaymentFilterSchema.catch(DEFAULT_REPORT_PAYMENT_FILTER);

/** What both tabs' tables share: the page size, and rows keyed by their id. */
const REPORT_TABLE = { pageSize: REPORT_PAGE_SIZE, getRowKey: (row: { id: number }) => row.id };
const noReports = (hint: string) => ({ title: "No reports", hint });

/** `/merchant/reports` (spec §2 "Reports"): Transactions and Redemptions, with CSV downloads. */
export function ReportsPage() {
  useDocumentTitle("Reports");
  const shop = useCurrentShop();
  const [tab, setTab] = useState<ReportTab>("transactions");
  const [period, setPeriod] = useState<ReportPeriod>(DEFAULT_PERIOD);
  const [paymentType, setPaymentType] = useState<ReportPaymentFilter>(
    DEFAULT_REPORT_PAYMENT_FILTER,
  );
  const [transactionPage, setTransactionPage] = useState(1);
  const [redemptionPage, setRedemptionPage] = useState(1);
  const transactions = useTransactionReport(period, paymentType, transactionPage);
  const redemptions = useRedemptionReport(period, redemptionPage);
  const current = tab === "transactions" ? transactions : redemptions;
  // Rows of a previous choice (kept while the new one loads) do not count: the file follows
  // the current choice.
  const hasData = !current.isPlaceholderData && (current.data?.total ?? 0) > 0;
  const periodLabel = optionLabel(REPORT_PERIOD_OPTIONS, period).toLowerCase();
  const paymentLabel =
    paymentType === "all" ? "" : `${optionLabel(REPORT_PAYMENT_FILTER_OPTIONS, paymentType)} `;

  const transactionColumns: TableColumn<TransactionReportRow>[] = [
    {
      key: "id",
      header: "Transaction ID",
      cell: (row) => {
        const id = displayTransactionId(row.transactionId);
        return id === "N/A" ? (
          <span className="text-fg-subtle">{id}</span>
        ) : (
          <span className="font-mono text-xs">{id}</span>
        );
      },
    },
    {
      key: "date",
      header: "Transaction Date",
      cell: (row) => formatShortDate(row.transactionDate, shop.timeZone),
      className: "whitespace-nowrap",
    },
    { key: "item", header: "Item", cell: (row) => row.item, className: "min-w-40" },
    { key: "type", header: "Payment type", cell: (row) => PAYMENT_TYPE_LABELS[row.paymentType] },
    numberColumn("price", "Price", (row) => formatMoney(row.price)),
  ];
  const redemptionColumns: TableColumn<Redemption>[] = [
    {
      key: "date",
      header: "Redemption Date",
      cell: (row) => formatShortDate(row.redemptionDate, shop.timeZone),
      className: "whitespace-nowrap",
    },
    { key: "item", header: "Item", cell: (row) => row.item, className: "min-w-40" },
    { key: "customer", header: "Customer", cell: (row) => row.customerName },
    numberColumn("value", "Value", (row) => formatMoney(row.value)),
  ];

  // An empty period answers 404 with the spec's alert ("No transaction data available to
  // download"); the button is disabled before that whenever the screen knows it is empty.
  const download = () =>
    tab === "transactions"
      ? downloadReport(
          "/reports/export-transaction-report",
          { timeFilter: period, paymentType },
          "transactions.csv",
        )
      : downloadReport(
          "/reports/export-redemption-report",
          { timeFilter: period },
          "redemptions.csv",
        );

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="font-bold text-2xl text-fg sm:text-3xl">Reports</h1>
        <p className="mt-1 text-fg-muted">
          What {shop.name} sold and redeemed, ready to download as CSV.
        </p>
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) => setTab(value === "redemptions" ? "redemptions" : "transactions")}
      >
        <HistoryTabsList label="Reports" />
        <div className="flex flex-wrap items-end gap-3">
          <Select
            label="Period"
            options={REPORT_PERIOD_OPTIONS}
            value={period}
            onChange={(event) => {
              setPeriod(periodOf.parse(event.target.value));
              setTransactionPage(1);
              setRedemptionPage(1);
            }}
            containerClassName="min-w-0 flex-1 basis-36 sm:w-48 sm:flex-none"
          />
          {tab === "transactions" ? (
            <Select
              label="Payment type"
              options={REPORT_PAYMENT_FILTER_OPTIONS}
              value={paymentType}
              onChange={(event) => {
                setPaymentType(paymentFilterOf.parse(event.target.value));
                setTransactionPage(1);
              }}
              containerClassName="min-w-0 flex-1 basis-28 sm:w-40 sm:flex-none"
            />
          ) : null}
          <DownloadButton
            className="w-full sm:ms-auto sm:w-auto"
            run={download}
            disabled={!hasData}
            busyLabel="Downloading…"
          >
            Download
          </DownloadButton>
        </div>
        <TabsContent value="transactions">
          <PagedRecords
            label="Transactions"
            noun={["transaction", "transactions"]}
            {...REPORT_TABLE}
            query={transactions}
            rows={transactions.data?.transactions ?? []}
            total={transactions.data?.total ?? 0}
            page={transactionPage}
            onPage={setTransactionPage}
            columns={transactionColumns}
            empty={noReports(`No ${paymentLabel}transactions for ${periodLabel}.`)}
            phone={{
              title: (row) => row.item,
              amount: (row) => formatMoney(row.price),
              details: (row) =>
                `${formatShortDate(row.transactionDate, shop.timeZone)} · ${PAYMENT_TYPE_LABELS[row.paymentType]} · ID ${displayTransactionId(row.transactionId)}`,
            }}
          />
        </TabsContent>
        <TabsContent value="redemptions">
          <PagedRecords
            label="Redemptions"
            noun={["redemption", "redemptions"]}
            {...REPORT_TABLE}
            query={redemptions}
            rows={redemptions.data?.redemptions ?? []}
            total={redemptions.data?.total ?? 0}
            page={redemptionPage}
            onPage={setRedemptionPage}
            columns={redemptionColumns}
            empty={noReports(`No redemptions for ${periodLabel}.`)}
            phone={{
              title: (row) => row.item,
              amount: (row) => formatMoney(row.value),
              details: (row) =>
                `${formatShortDate(row.redemptionDate, shop.timeZone)} · ${row.customerName}`,
            }}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
