import type { ReactNode } from "react";

/**
 * A table cell that names the row and adds a smaller, muted detail line under it (a key and its
 * prefix, an endpoint and its events, a person and their e-mail). Both lines end in an ellipsis
 * when the column is narrow. `mono` sets one line in the code font: an identifier, not prose.
 */
export function StackedCell({
  title,
  detail,
  mono,
}: {
  title: ReactNode;
  detail: ReactNode;
  mono?: "title" | "detail";
}) {
  return (
    <div className="min-w-0">
      <p
        className={
          mono === "title" ? "truncate font-mono text-fg text-xs" : "truncate font-medium text-fg"
        }
      >
        {title}
      </p>
      <p
        className={
          mono === "detail"
            ? "truncate font-mono text-fg-muted text-xs"
            : "truncate text-fg-muted text-xs"
        }
      >
        {detail}
      </p>
    </div>
  );
}
