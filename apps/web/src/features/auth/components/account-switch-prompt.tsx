import type { ReactNode } from "react";
import { Link } from "react-router";

/** Under a sign-in or sign-up card: "Don't have an account? Sign up" and its opposite. */
export function AccountSwitchPrompt({
  question,
  to,
  children,
}: {
  question: ReactNode;
  to: string;
  /** The link's text. */
  children: ReactNode;
}) {
  return (
    <p className="mt-6 text-center text-fg-muted text-sm">
      {question}{" "}
      <Link to={to} className="rounded-sm font-semibold text-primary-ink hover:underline">
        {children}
      </Link>
    </p>
  );
}
