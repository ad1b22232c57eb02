import { describe, expect, it } from "vitest";
import { fileNameFromDisposition } from "./api";

describe("fileNameFromDisposition", () => {
  it("reads quoted, plain and extended names", () => {
    expect(
      fileNameFromDisposition('attachment; filename="redemptions_This month_2024-09-05.csv"'),
    ).toBe("redemptions_This month_2024-09-05.csv");
    expect(fileNameFromDisposition("attachment; filename=a.csv")).toBe("a.csv");
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''a%20b.csv")).toBe("a b.csv");
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
