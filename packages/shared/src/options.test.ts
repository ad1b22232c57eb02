import { describe, expect, it } from "vitest";
import {
  DASHBOARD_PERIOD_OPTIONS,
  DEFAULT_PHONE_COUNTRY,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  DEFAULT_TIME_ZONE,
  FONT_STYLES,
  INDUSTRIES,
  PAYMENT_METHOD_OPTIONS,
  PAYMENT_TYPES,
  RENEWALS,
  REPORT_PAYMENT_FILTER_OPTIONS,
  REPORT_PERIOD_OPTIONS,
} from "./options.ts";

describe("option lists (merchant §9)", () => {
  it("has the 14 industries in spec order", () => {
    expect(INDUSTRIES).toHaveLength(14);
    expect(INDUSTRIES.join(", ")).toBe(
      "Banking, Information Technology, Media and Broadcasting, Telecommunications, Retail, E-Commerce, Healthcare, Pharmaceuticals, Education, E-learning, Hospitality, Travel, Automotive, Transportation",
    );
  });

  it("has the 21 font styles in spec order", () => {
    expect(FONT_STYLES).toHaveLength(21);
    expect(FONT_STYLES.join(", ")).toBe(
      "Arial, Georgia, Times New Roman, Verdana, Roboto, Lato, Open Sans, Poppins, Montserrat, Merriweather, Playfair Display, Lora, EB Garamond, Pacifico, Dancing Script, Caveat, Great Vibes, Source Code Pro, Fira Code, JetBrains Mono, Courier Prime",
    );
  });

  it("dashboard periods say lastYear, report periods 1year", () => {
    expect(DASHBOARD_PERIOD_OPTIONS).toEqual([
      { value: "currentMonth", label: "This month" },
      { value: "30Days", label: "Last 30 days" },
      { value: "60Days", label: "Last 60 days" },
      { value: "6months", label: "Last 6 months" },
      { value: "lastYear", label: "Last 1 year" },
    ]);
    expect(REPORT_PERIOD_OPTIONS.map((o) => o.value)).toEqual([
      "currentMonth",
      "30Days",
      "60Days",
      "6months",
      "1year",
    ]);
    expect(REPORT_PERIOD_OPTIONS.at(-1)?.label).toBe("Last 1 year");
  });

  it("payment filters, methods, types and renewals", () => {
    expect(REPORT_PAYMENT_FILTER_OPTIONS.map((o) => o.value)).toEqual([
      "all",
      "online",
      "pos",
      "cash",
    ]);
    expect(PAYMENT_METHOD_OPTIONS).toEqual([
      { value: "pos", label: "Card" },
      { value: "cash", label: "Cash" },
    ]);
    expect(PAYMENT_TYPES).toEqual(["online", "pos", "cash"]);
    expect(RENEWALS).toEqual(["monthly", "yearly"]);
  });

  it("defaults", () => {
    expect(DEFAULT_PRIMARY_COLOR).toBe("#0099D8");
    expect(DEFAULT_SECONDARY_COLOR).toBe("#EFF6FF");
    expect(DEFAULT_PHONE_COUNTRY).toBe("US");
    expect(DEFAULT_TIME_ZONE).toBe("America/New_York");
  });
});
