import { NotFoundIllustration } from "@/components/illustrations/not-found-illustration";
import { NotFoundLayout } from "@/components/not-found-layout";
import { useT } from "@/lib/i18n/use-t";
import { useDocumentTitle } from "@/lib/use-document-title";

/**
 * An unknown address. Its words are the customer area's: a visitor who has opened that area in
 * their language reads it in theirs, anyone else in English (the storefront's first load stays
 * small).
 */
export function NotFoundPage() {
  const { t } = useT();
  useDocumentTitle(t("Page not found"));
  return (
    <NotFoundLayout
      picture={<NotFoundIllustration className="mb-6" />}
      title={t("Page not found")}
      message={t(
        "The page you are looking for does not exist or has moved. Check the address, or start again from the home page.",
      )}
      homeLabel={t("Go Home")}
    />
  );
}
