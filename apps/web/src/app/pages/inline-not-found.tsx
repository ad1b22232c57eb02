import { House } from "lucide-react";
import { Link } from "react-router";
import { NotFoundIllustration } from "@/components/illustrations/not-found-illustration";
import { buttonClassName } from "@/components/ui";
import { useT } from "@/lib/i18n/use-t";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";

/** An unknown path inside a shell (merchant area, customer area): the shell stays around it. */
export function InlineNotFound({ homePath }: { homePath: string }) {
  const { t } = useT();
  useDocumentTitle(t("Page not found"));
  return (
    <div className="flex flex-col items-center px-4 py-12 text-center">
      <NotFoundIllustration className="mb-6 max-w-64" />
      <h1 className="font-bold text-2xl text-fg">{t("Page not found")}</h1>
      <p className="mt-2 max-w-md text-fg-muted">
        {t("The page you are looking for does not exist or has moved.")}
      </p>
      <Link to={homePath} className={buttonClassName({ className: "mt-8" })}>
        <House aria-hidden="true" className="size-4" />
        {t("Go Home")}
      </Link>
    </div>
  );
}

/** An unknown path in a shop's customer area: home is that shop's dashboard. */
export function CustomerAreaNotFound() {
  const shop = useCurrentShop();
  return <InlineNotFound homePath={`/${shop.id}/customer/dashboard`} />;
}
