import { describe, expect, it } from "vitest";
import {
  displayTransactionId,
  redemptionReportFileName,
  transactionReportFileName,
} from "./reports.ts";

describe("reports", () => {
  it("shows N/A for a transaction without an id, or with the text null (spec)", () => {
    expect(displayTransactionId(null)).toBe("N/A");
    expect(displayTransactionId("null")).toBe("N/A");
    expect(displayTransactionId("")).toBe("N/A");
    expect(displayTransactionId("txn_123")).toBe("txn_123");
  });

  it("names the downloads with the options' labels and the shop's day (spec §9)", () => {
    expect(transactionReportFileName("pos", "30Days", "2024-09-05")).toBe(
      "transactions_POS_Last 30 days_2024-09-05.csv",
    );
    expect(redemptionReportFileName("1year", "2024-09-05")).toBe(
      "redemptions_Last 1 year_2024-09-05.csv",
    );
  });
});
