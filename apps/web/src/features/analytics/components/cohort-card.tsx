import type { Cohort, CohortAnalytics } from "@tessera/shared";
import { EmptyState } from "@/components/ui";
import { formatBucketLabel } from "../format";
import { FigureCard } from "./figure-card";

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/**
 * The cell's background: the brand colour mixed into the surface, stronger the more members
 * stayed. At most about half strength, so the theme's text colour keeps its contrast on it in
 * both themes (full brand colour behind white text fails it).
 */
function heat(rate: number | null) {
  if (rate === null) return undefined;
  const strength = Math.round(6 + rate * 0.44);
  return {
    backgroundColor: `color-mix(in oklab, var(--color-primary) ${strength}%, var(--color-surface))`,
    color: "var(--color-fg)",
  };
}

/** Retention cohorts as a heat-map table: join month down, months since joining across. */
export function CohortCard({ data, fileName }: { data: CohortAnalytics; fileName: string }) {
  const joined = data.cohorts.reduce((n, c) => n + c.size, 0);
  const table =
    joined === 0 ? (
      <EmptyState
        title="No members joined in this period"
        hint="Choose a longer period to see cohorts."
      />
    ) : (
      <section
        className="relative w-full overflow-x-auto rounded-card border border-line bg-surface"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container needs focus to scroll by keyboard
        tabIndex={0}
        aria-label="Retention cohorts"
      >
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">
            Share of each month's new members still members 1 to 12 months after joining
          </caption>
          <thead>
            <tr className="border-line border-b text-fg-muted">
              <th scope="col" className="px-3 py-2 text-left font-medium">
                Joined
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Members
              </th>
              {MONTHS.map((m) => (
                <th key={m} scope="col" className="px-2 py-2 text-center font-medium">
                  <span aria-hidden="true">{m}</span>
                  <span className="sr-only">
                    After {m} {m === 1 ? "month" : "months"}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.cohorts.map((c: Cohort) => (
              <tr key={c.month} className="border-line border-b last:border-b-0">
                <th
                  scope="row"
                  className="whitespace-nowrap px-3 py-1.5 text-left font-medium text-fg"
                >
                  {formatBucketLabel(c.month)}
                </th>
                <td className="px-3 py-1.5 text-right text-fg tabular-nums">{c.size}</td>
                {c.retention.map((rate, i) => (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: the month after joining is the key
                    key={i}
                    className="min-w-14 px-2 py-1.5 text-center tabular-nums"
                    style={heat(rate)}
                  >
                    {rate === null ? (
                      <span className="text-fg-subtle">
                        ·<span className="sr-only">not yet</span>
                      </span>
                    ) : (
                      `${Math.round(rate)}%`
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    );
  return (
    <FigureCard
      title="Retention cohorts"
      description="Members grouped by the month they first joined: the share still members 1 … 12 months later."
      table={table}
      csv={{
        fileName,
        columns: [
          { header: "Joined", value: (c: Cohort) => c.month },
          { header: "Members", value: (c: Cohort) => c.size },
          ...MONTHS.map((m) => ({
            header: `Month ${m} %`,
            value: (c: Cohort) => c.retention[m - 1] ?? null,
          })),
        ],
        rows: joined === 0 ? [] : data.cohorts,
      }}
    />
  );
}
