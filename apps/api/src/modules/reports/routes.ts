import {
  redemptionReportQuerySchema,
  redemptionReportResponseSchema,
  transactionReportQuerySchema,
  transactionReportResponseSchema,
} from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireShopMerchant } from "../../plugins/auth";
import { registerCsvDownload } from "../../plugins/csv-download";
import { merchantStep, registerMerchantSteps } from "../../plugins/merchant-steps";
import type { ReportsService } from "./service";

const tags = ["reports"];
const PERIOD_TEXT =
  "`timeFilter`: `currentMonth` (default), `30Days`, `60Days`, `6months`, `1year`, measured in the shop's time zone. `shopId` is optional and only a claim: the session decides the shop, and another shop's id answers 404.";
const PAYMENT_TEXT = "`paymentType`: `all` (default), `online`, `pos` or `cash`.";

const transactionExportQuerySchema = transactionReportQuerySchema.omit({
  page: true,
  pageSize: true,
});
const redemptionExportQuerySchema = redemptionReportQuerySchema.omit({
  page: true,
  pageSize: true,
});

export const reportRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (
  app,
  opts,
) => {
  const { reports } = opts;

  registerMerchantSteps(app, tags, [
    merchantStep({
      method: "GET",
      url: "/api/v1/reports/get-transaction-report",
      summary: "The Transactions report: one page of the period's payments, newest first",
      description: `${PERIOD_TEXT} ${PAYMENT_TEXT} \`page\` (default 1), \`pageSize\` (1-100, default 20). Every status is listed (succeeded, failed, refunded); \`item\` is the offer or membership name; \`transactionId\` is null for cash.`,
      from: "querystring",
      input: transactionReportQuerySchema,
      response: transactionReportResponseSchema,
      run: (session, query) => reports.getTransactionReport(session, query),
    }),
    merchantStep({
      method: "GET",
      url: "/api/v1/reports/get-redemption-report",
      summary: "The Redemptions report: one page of the period's redemptions, newest first",
      description: `${PERIOD_TEXT} \`page\` (default 1), \`pageSize\` (1-100, default 20).`,
      from: "querystring",
      input: redemptionReportQuerySchema,
      response: redemptionReportResponseSchema,
      run: (session, query) => reports.getRedemptionReport(session, query),
    }),
  ]);

  registerCsvDownload(app, {
    url: "/api/v1/reports/export-transaction-report",
    tags,
    summary: "Download the period's transactions as CSV (streamed)",
    description: `${PERIOD_TEXT} ${PAYMENT_TEXT} Answers \`text/csv\` (UTF-8 with a byte-order mark, CRLF lines) as an attachment named \`transactions_{payment label}_{period label}_{YYYY-MM-DD}.csv\`, e.g. \`transactions_All_This month_2025-06-10.csv\`. Columns: Transaction ID (N/A for cash), Transaction Date ("5 Sep, 2024" in the shop's zone), Item, Customer, Payment type, Price, Discount, Cashback used, Amount paid (each "$1,234.50"), Status. Fields with quotes, commas or line breaks are quoted with quotes doubled. With no transactions in the period: 404 "No transaction data available to download".`,
    querystring: transactionExportQuerySchema,
    run: async (request, query) =>
      reports.exportTransactions(await requireShopMerchant(request), query),
  });

  registerCsvDownload(app, {
    url: "/api/v1/reports/export-redemption-report",
    tags,
    summary: "Download the period's redemptions as CSV (streamed)",
    description: `${PERIOD_TEXT} Answers \`text/csv\` as an attachment named \`redemptions_{period label}_{YYYY-MM-DD}.csv\`. Columns: Redemption Date, Item, Customer, Type, Value ("$4.50"), Redeemed by. Escaping as for transactions. With no redemptions in the period: 404 "No redemption data available to download".`,
    querystring: redemptionExportQuerySchema,
    run: async (request, query) =>
      reports.exportRedemptions(await requireShopMerchant(request), query),
  });
};
