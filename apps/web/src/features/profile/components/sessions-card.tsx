import { Card, CardHeader } from "@/components/ui";
import { useT } from "@/lib/i18n/use-t";
import { SessionsList } from "./sessions-list";

/** A customer's "Where you're signed in" card (the merchant's is inside the Security card). */
export function SessionsCard() {
  const { t } = useT();
  return (
    <Card>
      <CardHeader title={t("Where you're signed in")} headingLevel={2} className="mb-2" />
      <SessionsList />
    </Card>
  );
}
