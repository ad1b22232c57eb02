/**
 * Groups tier ⟕ benefit rows (ordered by tier) into tiers with their benefits; a row without a
 * tier (the storefront's query answers one for a shop without tiers) adds nothing.
 */
export function groupBenefits<T extends { id: number }, B>(
  rows: { tier: T | null; benefit: B | null }[],
): (T & { benefits: B[] })[] {
  const tiers: (T & { benefits: B[] })[] = [];
  for (const { tier, benefit } of rows) {
    if (!tier) continue;
    let current = tiers.at(-1);
    if (current?.id !== tier.id) {
      current = { ...tier, benefits: [] };
      tiers.push(current);
    }
    if (benefit) current.benefits.push(benefit);
  }
  return tiers;
}
