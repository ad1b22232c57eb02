import { formatMoneyIn } from "@tessera/shared";
import { Wallet } from "lucide-react";
import { Link } from "react-router";
import { Avatar, Skeleton } from "@/components/ui";
import { useCustomerDashboard } from "@/features/payments";
import { useT } from "@/lib/i18n/use-t";
import { useCurrentShop } from "@/lib/shop-branding";
import { getSignedInCustomerId } from "@/lib/token-storage";
import { redeemCashbackPath } from "../dashboard";

/** The signed-in customer of this shop and their dashboard data (shared with the pages). */
export function useSignedInCustomer() {
  const shop = useCurrentShop();
  const customerId = getSignedInCustomerId(shop.id);
  const dashboard = useCustomerDashboard(shop.id, customerId);
  return { customerId, dashboard };
}

/**
 * The header's cashback balance (spec §2 "Customer header"): a link that opens the
 * redeem-cashback modal. Below 410 px only the amount shows (spec §9).
 */
export function HeaderCashback() {
  const shop = useCurrentShop();
  const { dashboard } = useSignedInCustomer();
  const { t, locale } = useT();
  if (dashboard.isPending) {
    return dashboard.fetchStatus === "idle" ? null : (
      <Skeleton className="h-9 w-20 rounded-full sm:w-32" />
    );
  }
  if (dashboard.isError) return null;
  const balance = formatMoneyIn(locale, dashboard.data.rewardBalance);
  return (
    <Link
      to={redeemCashbackPath(shop.id)}
      aria-label={t("Cashback balance {amount}: redeem cashback", { amount: balance })}
      className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full bg-primary-soft px-3 font-semibold text-primary-ink text-sm no-underline ring-1 ring-primary/20 ring-inset transition-colors hover:bg-secondary"
    >
      <Wallet aria-hidden="true" className="size-4 shrink-0" />
      <span className="max-[410px]:hidden">{t("Cashback")}</span>
      <span className="tabular-nums">{balance}</span>
    </Link>
  );
}

/**
 * The customer's profile picture (the default picture until they add one), decorative: the
 * button, link or text beside it names the customer.
 */
export function CustomerAvatar({ size = "sm" }: { size?: "sm" | "md" | "lg" | "xl" }) {
  const { dashboard } = useSignedInCustomer();
  return <Avatar src={dashboard.data?.customer.profilePicture} alt="" size={size} />;
}
