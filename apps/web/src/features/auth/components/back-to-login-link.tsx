import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { useT } from "@/lib/i18n/use-t";

export function BackToLoginLink({ to }: { to: string }) {
  const { t } = useT();
  return (
    <Link
      to={to}
      className="inline-flex items-center justify-center gap-1.5 rounded-sm font-medium text-primary-ink text-sm hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t("Back to login")}
    </Link>
  );
}
