import { useQuery } from "@tanstack/react-query";
import { formatMemberCode, formatMoneyIn, type MemberCard } from "@tessera/shared";
import { Sun, X } from "lucide-react";
import { useEffect, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { ShopLogo } from "@/components/shop-logo";
import { Alert, buttonClassName, QueryErrorState, Skeleton } from "@/components/ui";
import { SignedOutNotice } from "@/features/customer";
import { useT } from "@/lib/i18n/use-t";
import { retryCustomerQuery } from "@/lib/query-client";
import { useCurrentShop } from "@/lib/shop-branding";
import { getSignedInCustomerId } from "@/lib/token-storage";
import { useDocumentTitle } from "@/lib/use-document-title";
import { fetchMemberCard, memberCardKeys } from "../api";
import { QrCode } from "../components/qr-code";

function subscribeOnline(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

function useOnline() {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Keeps the phone's screen on while the card is shown: a customer holding it out in a queue
 * should not see it dim and lock. Where the browser has no wake lock, nothing happens.
 */
function useScreenAwake() {
  useEffect(() => {
    let lock: WakeLockSentinel | null = null;
    let cancelled = false;
    const request = () => {
      if (document.visibilityState !== "visible" || !("wakeLock" in navigator)) return;
      navigator.wakeLock
        .request("screen")
        .then((sentinel) => {
          if (cancelled) void sentinel.release();
          else lock = sentinel;
        })
        .catch(() => {});
    };
    request();
    // The browser drops the lock when the page is hidden; take it again on return.
    document.addEventListener("visibilitychange", request);
    return () => {
      cancelled = true;
      document.removeEventListener("visibilitychange", request);
      void lock?.release();
    };
  }, []);
}

function CardFace({ card }: { card: MemberCard }) {
  const shop = useCurrentShop();
  const { t, locale } = useT();
  return (
    <article
      aria-label={t("Member card of {name}", { name: card.memberName })}
      className="w-full max-w-sm overflow-hidden rounded-card bg-surface shadow-lg ring-1 ring-line"
    >
      <div className="flex items-center gap-3 bg-primary px-5 py-4 text-on-primary">
        <ShopLogo src={shop.logo} name={shop.name} size="md" className="shrink-0" />
        <div className="min-w-0">
          <p className="truncate font-semibold">{card.shopName}</p>
          <p className="text-sm opacity-90">{t("Member card")}</p>
        </div>
      </div>
      <div className="flex flex-col items-center gap-4 px-5 py-5 text-center">
        <div>
          <h1 id="member-card-title" className="font-bold text-2xl text-fg">
            {card.memberName}
          </h1>
          <p className="text-fg-muted">{card.tier ?? t("No membership yet")}</p>
        </div>
        <div className="w-full max-w-[18rem] rounded-xl bg-white p-2">
          <QrCode
            value={card.url}
            label={t("QR code of {name}'s member card", { name: card.memberName })}
            className="block h-auto w-full"
          />
        </div>
        <p className="font-mono text-fg-muted text-sm tracking-wide">
          <span className="sr-only">{t("Card code")} </span>
          {formatMemberCode(card.code)}
        </p>
        <div className="w-full border-line border-t pt-4">
          <p className="text-fg-muted text-sm">{t("Cashback balance")}</p>
          <p className="font-bold text-3xl text-fg tabular-nums">
            {formatMoneyIn(locale, card.cashbackBalance)}
          </p>
        </div>
      </div>
    </article>
  );
}

function WalletButtons({ card }: { card: MemberCard }) {
  const { t } = useT();
  if (!card.wallets.apple && !card.wallets.google) return null;
  return (
    <div className="flex w-full max-w-sm flex-col gap-2">
      {card.wallets.apple ? (
        <a
          href={card.wallets.apple}
          className={buttonClassName({
            variant: "outline",
            fullWidth: true,
            className: "no-underline",
          })}
        >
          {t("Add to Apple Wallet")}
        </a>
      ) : null}
      {card.wallets.google ? (
        <a
          href={card.wallets.google}
          target="_blank"
          rel="noopener"
          className={buttonClassName({
            variant: "outline",
            fullWidth: true,
            className: "no-underline",
          })}
        >
          {t("Save to Google Wallet")}
        </a>
      ) : null}
    </div>
  );
}

/**
 * `/{shopId}/customer/card`: the member card full screen, for the counter. Once it has loaded it
 * stays on screen without a connection (the query keeps the last card; nothing else is fetched),
 * and the screen is kept awake while it shows.
 */
export function MemberCardPage() {
  const shop = useCurrentShop();
  const { t } = useT();
  useDocumentTitle(t("Member card · {shopName}", { shopName: shop.name }));
  const customerId = getSignedInCustomerId(shop.id);
  const online = useOnline();
  useScreenAwake();
  const card = useQuery({
    queryKey: memberCardKeys.card(shop.id, customerId ?? 0),
    queryFn: ({ signal }) => fetchMemberCard(customerId as number, signal),
    enabled: customerId !== null,
    retry: retryCustomerQuery,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const back = `/${shop.id}/customer/dashboard`;

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="member-card-title"
      className="fixed inset-0 z-50 flex flex-col items-center gap-5 overflow-y-auto bg-canvas px-4 pt-4 pb-8"
    >
      <div className="flex w-full max-w-sm justify-end">
        <Link
          to={back}
          aria-label={t("Close the member card")}
          className={buttonClassName({ variant: "ghost", size: "sm", className: "no-underline" })}
        >
          <X aria-hidden="true" className="size-5" />
          {t("Close")}
        </Link>
      </div>
      {customerId === null ? (
        <SignedOutNotice />
      ) : card.data ? (
        <>
          {online ? null : (
            <Alert
              tone="info"
              role="status"
              className="w-full max-w-sm"
              title={t("You are offline")}
            >
              {t("This is your card as last loaded; it still scans.")}
            </Alert>
          )}
          <CardFace card={card.data} />
          <p className="flex max-w-sm items-start gap-2 text-fg-muted text-sm">
            <Sun aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t("Turn your screen brightness up and hold the code steady in front of the scanner.")}
          </p>
          <WalletButtons card={card.data} />
        </>
      ) : card.isError ? (
        <QueryErrorState query={card} title={t("We could not load your member card")} />
      ) : (
        <div aria-busy="true" className="flex w-full max-w-sm flex-col gap-4">
          <span className="sr-only">{t("Loading your member card")}</span>
          <Skeleton className="h-20 w-full rounded-card" />
          <Skeleton className="aspect-square w-full rounded-card" />
          <Skeleton className="h-16 w-full rounded-card" />
        </div>
      )}
    </div>
  );
}
