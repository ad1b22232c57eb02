import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";

export function BackToLoginLink({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center justify-center gap-1.5 rounded-sm font-medium text-primary-ink text-sm hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to login
    </Link>
  );
}
