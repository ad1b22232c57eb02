import { describe, expect, it } from "vitest";
import {
  canAddBenefitRow,
  canRemoveBenefitRow,
  EMPTY_BENEFIT_ROW,
  lastRowErrors,
} from "./benefit-rows";

const complete = { name: "Free coffee", worth: "4.50", benefitType: "monthly" as const };

describe("benefit rows", () => {
  it("adds a row only when the last row is complete", () => {
    expect(canAddBenefitRow([complete])).toBe(true);
    expect(canAddBenefitRow([complete, EMPTY_BENEFIT_ROW])).toBe(false);
    expect(canAddBenefitRow([{ ...complete, worth: "0" }])).toBe(false);
    expect(canAddBenefitRow([{ ...complete, name: "123" }])).toBe(false);
  });

  it("never removes the last row", () => {
    expect(canRemoveBenefitRow([complete])).toBe(false);
    expect(canRemoveBenefitRow([complete, EMPTY_BENEFIT_ROW])).toBe(true);
  });

  it("explains why the last row blocks adding", () => {
    expect(lastRowErrors([complete])).toEqual({});
    expect(lastRowErrors([{ ...complete, worth: "0" }])).toEqual({
      worth: "Worth must be greater than $0 when adding a row",
    });
    expect(lastRowErrors([EMPTY_BENEFIT_ROW])).toEqual({
      name: "Benefit name is required",
      worth: "Worth must be greater than $0 when adding a row",
    });
  });
});
