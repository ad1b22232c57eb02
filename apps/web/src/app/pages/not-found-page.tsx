import { NotFoundIllustration } from "@/components/illustrations/not-found-illustration";
import { MissingPage } from "@/components/missing-page";
import { useT } from "@/lib/i18n/use-t";

/**
 * An unknown address. Its words are the customer area's: a visitor who has opened that area in
 * their language reads it in theirs, anyone else in English (the storefront's first load stays
 * small).
 */
export function NotFoundPage() {
  const { t } = useT();
  return (
    <MissingPage
      picture={<NotFoundIllustration className="mb-6" />}
      title={t("Page not found")}
      explanation={t(
        "The page you are looking for does not exist or has moved. Check the address, or start again from the home page.",
      )}
      homeLabel={t("Go Home")}
    />
  );
}
