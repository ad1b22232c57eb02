import { formatMoneyIn } from "@tessera/shared";
import { Wallet } from "lucide-react";
import { Link } from "react-router";
import { IconCircle } from "@/components/icon-circle";
import { buttonClassName, Card } from "@/components/ui";
import { useT } from "@/lib/i18n/use-t";
import { useCurrentShop } from "@/lib/shop-branding";
import { redeemCashbackPath } from "../dashboard";

/** The cashback balance with Redeem Cashback, which opens the redeem-cashback modal. */
export function CashbackCard({ balance }: { balance: number }) {
  const shop = useCurrentShop();
  const { t, locale } = useT();
  return (
    <Card className="flex h-full flex-col gap-3">
      <div className="flex items-center gap-3">
        <IconCircle>
          <Wallet aria-hidden="true" />
        </IconCircle>
        <h2 className="font-semibold text-fg">{t("Cashback balance")}</h2>
      </div>
      <p className="font-bold text-4xl text-fg tabular-nums">{formatMoneyIn(locale, balance)}</p>
      <p className="text-fg-muted text-sm">
        {t("Earned with your membership. Redeem it at the counter or put it towards any offer.")}
      </p>
      <Link
        to={redeemCashbackPath(shop.id)}
        className={buttonClassName({
          variant: "secondary",
          fullWidth: true,
          className: "mt-auto no-underline",
        })}
      >
        {t("Redeem Cashback")}
      </Link>
    </Card>
  );
}
