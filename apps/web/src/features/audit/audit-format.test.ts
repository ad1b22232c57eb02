import { describe, expect, it } from "vitest";
import { describeChange, deviceOf } from "./audit-format";

describe("describeChange", () => {
  it("shows what changed, and values that stayed", () => {
    expect(
      describeChange({
        before: { price: 19.99, status: "active" },
        after: { price: 24.5, status: "active" },
      }),
    ).toBe("price: 19.99 → 24.5; status: active");
  });
  it("lists a new record's values and a removed one's", () => {
    expect(describeChange({ before: null, after: { role: "Barista", email: null } })).toBe(
      "role: Barista; email: —",
    );
    expect(describeChange({ before: { role: "Barista" }, after: null })).toBe(
      "role: Barista → removed",
    );
  });
  it("leaves out internal ids and says nothing for an empty record", () => {
    expect(describeChange({ before: null, after: { transactionId: 3, amount: 5 } })).toBe(
      "amount: 5",
    );
    expect(describeChange({ before: null, after: null })).toBe("");
  });
});

describe("deviceOf", () => {
  it("names the browser and the system", () => {
    expect(
      deviceOf(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iOS");
    expect(
      deviceOf(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
      ),
    ).toBe("Chrome on Linux");
    expect(deviceOf(null)).toBe("");
  });
});
