import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";
import { formatBucketLabel, formatMaybeMoney, formatRate, formatSignedMoney } from "./format";

describe("analytics formatting", () => {
  it("writes signed movements, rates and missing figures", () => {
    expect(formatSignedMoney(10)).toBe("+$10.00");
    expect(formatSignedMoney(-15.5)).toBe("-$15.50");
    expect(formatSignedMoney(0)).toBe("$0.00");
    expect(formatRate(15.38)).toBe("15.38%");
    expect(formatRate(null)).toBe("—");
    expect(formatMaybeMoney(null)).toBe("—");
    expect(formatBucketLabel("2025-06")).toBe("Jun 2025");
    expect(formatBucketLabel("2025-06-09")).toBe("9 Jun");
  });

  it("writes a figure's CSV as the reports do: BOM, CRLF, quoting, no formulas", () => {
    const text = toCsv(
      [
        { header: "Tier", value: (r: { name: string; mrr: number | null }) => r.name },
        { header: "MRR", value: (r: { name: string; mrr: number | null }) => r.mrr },
      ],
      [
        { name: "Gold, plus", mrr: -15 },
        { name: "=SUM(A1)", mrr: null },
      ],
    );
    expect(text).toBe('\uFEFFTier,MRR\r\n"Gold, plus",-15\r\n\'=SUM(A1),\r\n');
  });
});
