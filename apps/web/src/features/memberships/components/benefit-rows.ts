import { type BenefitInput, benefitSchema, canAddBenefitRow } from "@tessera/shared";

/** A benefit row as the form holds it (worth is what was typed). */
export type BenefitRow = { id?: number; name: string; worth: string; benefitType: "monthly" };

export const EMPTY_BENEFIT_ROW: BenefitRow = { name: "", worth: "", benefitType: "monthly" };

export { canAddBenefitRow };

/** Spec §4: a row can be deleted, but never the last one. */
export function canRemoveBenefitRow(rows: readonly unknown[]): boolean {
  return rows.length > 1;
}

/**
 * Why the last row blocks adding another: the schema's messages for its name and worth
 * ("Worth must be greater than $0 when adding a row"). Empty when a row may be added.
 */
export function lastRowErrors(rows: readonly BenefitInput[]): { name?: string; worth?: string } {
  const last = rows.at(-1);
  if (last === undefined) return {};
  const result = benefitSchema.safeParse(last);
  if (result.success) return {};
  const errors: { name?: string; worth?: string } = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === "name" || field === "worth") && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
