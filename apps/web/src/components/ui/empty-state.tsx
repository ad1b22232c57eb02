import { Inbox } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export interface EmptyStateProps {
  title: ReactNode;
  hint?: ReactNode;
  /** Defaults to an inbox icon; pass null for none. */
  icon?: ReactNode;
  /** A Button or link, e.g. "Add Members". */
  action?: ReactNode;
  /** Heading level of the title (default 3). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

export function EmptyState({
  title,
  hint,
  icon,
  action,
  headingLevel = 3,
  className,
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  const shownIcon = icon === undefined ? <Inbox aria-hidden="true" /> : icon;
  return (
    <div
      className={cn("flex flex-col items-center justify-center px-6 py-10 text-center", className)}
    >
      {shownIcon ? (
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-ink [&_svg]:size-6">
          {shownIcon}
        </div>
      ) : null}
      <Heading className="font-semibold text-base text-fg">{title}</Heading>
      {hint ? <p className="mt-1 max-w-sm text-fg-muted text-sm">{hint}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
