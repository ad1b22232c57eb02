import { QrCode as QrIcon } from "lucide-react";
import { Link } from "react-router";
import { IconCircle } from "@/components/icon-circle";
import { buttonClassName, Card } from "@/components/ui";
import { useT } from "@/lib/i18n/use-t";
import { memberCardPath } from "../api";

/**
 * The dashboard's "Member card" panel. It draws no QR code itself: the card view (and the QR
 * library) load when the customer opens it, keeping the dashboard's first load small.
 */
export function MemberCardPanel({ shopId }: { shopId: number }) {
  const { t } = useT();
  return (
    <Card className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <IconCircle size="lg">
        <QrIcon aria-hidden="true" />
      </IconCircle>
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold text-fg">{t("Member card")}</h2>
        <p className="text-fg-muted text-sm">
          {t("Show it at the counter: staff scan it to find you, your benefits and your cashback.")}
        </p>
      </div>
      <Link
        to={memberCardPath(shopId)}
        className={buttonClassName({ variant: "primary", className: "no-underline sm:w-auto" })}
      >
        {t("Show my card")}
      </Link>
    </Card>
  );
}
