/**
 * Series colours from the shop's branding (styles.css tokens), so the chart re-tints with the
 * shop and the theme: memberships in the brand colour as given, offers in its "ink" variant
 * (darker on light surfaces, lighter on dark ones), which stays distinct from it in both themes.
 */
export const SERIES = [
  { key: "membershipRevenue", name: "Memberships", color: "var(--color-primary)" },
  { key: "offerRevenue", name: "Offers", color: "var(--color-primary-ink)" },
] as const;

/** A series' colour as a small square before its name (the legend, the tooltip). */
export function SeriesSwatch({ color, className }: { color: string; className: string }) {
  return (
    <span
      aria-hidden="true"
      className={`${className} rounded-sm`}
      style={{ backgroundColor: color }}
    />
  );
}
