import { lazy, Suspense } from "react";
import { useT } from "@/lib/i18n/use-t";
import { useAuthProviders } from "../api";

const GoogleSignInLink = lazy(() => import("./google-sign-in-link"));

/**
 * A link (the browser leaves for Google and comes back with `?token=` or `?error=`), shown
 * only when the server has Google sign-in configured; hidden while that is being asked.
 */
export function GoogleSignInButton({
  label,
  shopId,
  withDivider = true,
}: {
  label: string;
  /** A shop's customer sign-in; without it the merchant's. */
  shopId?: number;
  withDivider?: boolean;
}) {
  const providers = useAuthProviders();
  const { t } = useT();
  if (!providers.data?.google) return null;
  return (
    <>
      {withDivider ? (
        <div className="my-5 flex items-center gap-3 text-fg-subtle text-xs uppercase tracking-wide">
          <span aria-hidden="true" className="h-px flex-1 bg-line" />
          {t("or")}
          <span aria-hidden="true" className="h-px flex-1 bg-line" />
        </div>
      ) : null}
      <Suspense fallback={null}>
        <GoogleSignInLink label={label} shopId={shopId} />
      </Suspense>
    </>
  );
}
