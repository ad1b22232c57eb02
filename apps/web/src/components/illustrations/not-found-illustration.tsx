import { cn } from "@/lib/cn";

// A mosaic with one tile gone astray: the page you wanted is the missing piece.
// 5 × 3 tiles; the empty slot is row 1, column 3.
const COLUMNS = 5;
const ROWS = 3;
const TILE = 34;
const GAP = 8;
const ORIGIN_X = 44;
const ORIGIN_Y = 56;
const MISSING = { row: 1, column: 3 };
const SHADES = [0.95, 0.55, 0.3, 0.75, 0.4, 0.85, 0.25, 0.65];

/** The 404 image (spec: "a 404 image"), themed through the CSS variables. */
export function NotFoundIllustration({ className }: { className?: string }) {
  const tiles = [];
  for (let row = 0; row < ROWS; row++) {
    for (let column = 0; column < COLUMNS; column++) {
      const x = ORIGIN_X + column * (TILE + GAP);
      const y = ORIGIN_Y + row * (TILE + GAP);
      if (row === MISSING.row && column === MISSING.column) {
        tiles.push(
          <rect
            key={`${row}-${column}`}
            x={x + 1}
            y={y + 1}
            width={TILE - 2}
            height={TILE - 2}
            rx="8"
            fill="none"
            strokeWidth="2"
            strokeDasharray="5 5"
            style={{ stroke: "var(--line-strong)" }}
          />,
        );
        continue;
      }
      const shade = SHADES[(row * COLUMNS + column) % SHADES.length] ?? 0.5;
      tiles.push(
        <rect
          key={`${row}-${column}`}
          x={x}
          y={y}
          width={TILE}
          height={TILE}
          rx="8"
          style={{
            fill: `color-mix(in oklab, var(--primary) ${Math.round(shade * 100)}%, var(--surface))`,
          }}
        />,
      );
    }
  }

  // Centre of the mosaic, for the caption.
  const centerX = ORIGIN_X + (COLUMNS * TILE + (COLUMNS - 1) * GAP) / 2;

  return (
    <svg
      // Centred on the mosaic; the stray tile uses the extra room on the right.
      viewBox="-46 0 382 250"
      role="img"
      aria-label="404"
      className={cn("h-auto w-full max-w-xs", className)}
    >
      <ellipse cx={centerX} cy="196" rx="118" ry="8" style={{ fill: "var(--surface-hover)" }} />
      {tiles}
      {/* The stray tile has wandered off from the empty slot. */}
      <path
        d="M206 98 C 232 70, 254 58, 284 52"
        fill="none"
        strokeWidth="2"
        strokeLinecap="round"
        strokeDasharray="1 7"
        style={{ stroke: "var(--fg-subtle)" }}
      />
      <g transform="translate(292 20) rotate(16)">
        <rect
          width={TILE}
          height={TILE}
          rx="8"
          style={{ fill: "var(--primary)", filter: "drop-shadow(0 6px 8px rgb(0 0 0 / 0.18))" }}
        />
      </g>
      <text
        x={centerX}
        y="244"
        textAnchor="middle"
        style={{
          fill: "var(--fg)",
          fontFamily: "var(--font-brand)",
          fontSize: "44px",
          fontWeight: 800,
          letterSpacing: "0.06em",
        }}
      >
        404
      </text>
    </svg>
  );
}
