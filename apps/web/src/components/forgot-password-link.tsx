import { Link } from "react-router";
import { useT } from "@/lib/i18n/use-t";

/** "Forgot Password" under a current-password field, at its right edge. */
export function ForgotPasswordLink({ to }: { to: string }) {
  const { t } = useT();
  return (
    <div className="mt-2 flex justify-end">
      <Link to={to} className="rounded-sm font-medium text-primary-ink text-sm hover:underline">
        {t("Forgot Password")}
      </Link>
    </div>
  );
}
