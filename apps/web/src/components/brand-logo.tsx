import { cn } from "@/lib/cn";

/**
 * The Tessera mark: four mosaic tiles (a tessera is a mosaic tile), tinted by --primary.
 * `inverted` draws it in white for brand-coloured backgrounds.
 */
export function BrandMark({
  className,
  inverted = false,
}: {
  className?: string;
  inverted?: boolean;
}) {
  const fills = inverted
    ? ["#fff", "rgb(255 255 255 / 0.6)", "rgb(255 255 255 / 0.35)", "rgb(255 255 255 / 0.8)"]
    : [
        "var(--primary)",
        "color-mix(in oklab, var(--primary) 50%, white)",
        "color-mix(in oklab, var(--primary) 45%, #0b1b2b)",
        "color-mix(in oklab, var(--primary) 55%, transparent)",
      ];
  const positions = [
    [2, 2],
    [17, 2],
    [2, 17],
    [17, 17],
  ] as const;
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8 shrink-0", className)}>
      {positions.map(([x, y], index) => (
        <rect
          key={`${x}-${y}`}
          x={x}
          y={y}
          width="13"
          height="13"
          rx="3.5"
          style={{ fill: fills[index] }}
        />
      ))}
    </svg>
  );
}

/** The platform's name: a name, so the same in every language. */
const WORDMARK = "Tessera";

/** Mark and wordmark. The wordmark is the accessible name. */
export function BrandLogo({
  className,
  markClassName,
  inverted = false,
}: {
  className?: string;
  markClassName?: string;
  inverted?: boolean;
}) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <BrandMark className={markClassName} inverted={inverted} />
      <span className="font-bold text-xl tracking-tight">{WORDMARK}</span>
    </span>
  );
}
