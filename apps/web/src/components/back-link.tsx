import { ArrowLeft, ChevronLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

const looks = {
  /** Above a page's heading, muted: "← Back to Profile". */
  page: {
    className:
      "inline-flex items-center gap-1.5 self-start rounded-sm text-fg-muted text-sm no-underline hover:text-fg",
    Icon: ArrowLeft,
  },
  /** A section page's way up to where it belongs, in the brand colour: "‹ Members". */
  section: {
    className:
      "inline-flex w-fit items-center gap-1 rounded-sm font-semibold text-primary-ink text-sm hover:underline",
    Icon: ChevronLeft,
  },
} as const;

/** The link back to the page a page was opened from, with its arrow. */
export function BackLink({
  to,
  look = "page",
  children,
}: {
  to: string;
  look?: keyof typeof looks;
  children: ReactNode;
}) {
  const { className, Icon } = looks[look];
  return (
    <Link to={to} className={className}>
      <Icon aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
