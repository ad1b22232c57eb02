import {
  type CustomerMembership,
  formatMoneyIn,
  formatShortDateIn,
  type NextRenewalMembership,
  PAYMENT_MESSAGES,
} from "@tessera/shared";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Alert, Button } from "@/components/ui";
import { CheckoutModal, payOverdueRenewal } from "@/features/payments";
import { t } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { useCurrentShop } from "@/lib/shop-branding";
import { dashboardPath } from "../dashboard";

/** The failure e-mail's link: the dashboard with the renewal's payment panel open. */
export const PAY_RENEWAL_PARAM = "pay";

/** What the overdue renewal costs and is for: the next renewal's tier when one was chosen. */
function owed(membership: CustomerMembership, nextRenewal: NextRenewalMembership | null) {
  return nextRenewal
    ? { name: nextRenewal.name, price: nextRenewal.price }
    : { name: membership.name, price: membership.price };
}

/**
 * While a renewal is unpaid (the card was declined, or the counter's payment is due): the
 * amount, when the card is tried again or when the membership ends, and Pay now, which opens
 * the card checkout for the renewal. Paid, the dashboard refreshes and the banner goes.
 */
export function OverdueRenewalBanner({
  membership,
  nextRenewal,
}: {
  membership: CustomerMembership | null;
  nextRenewal: NextRenewalMembership | null;
}) {
  const shop = useCurrentShop();
  const { locale } = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [open, setOpen] = useState(() => params.get(PAY_RENEWAL_PARAM) === "renewal");

  if (membership?.status !== "pending") return null;
  const due = owed(membership, nextRenewal);
  const amount = formatMoneyIn(locale, due.price);
  const when = membership.nextRenewalAttemptAt
    ? formatShortDateIn(locale, membership.nextRenewalAttemptAt, shop.timeZone)
    : null;
  const byCard = membership.card !== null && membership.paymentType !== "cash";
  const close = (next: boolean) => {
    setOpen(next);
    // The link's "?pay=renewal" is spent once the panel closes.
    if (!next && params.has(PAY_RENEWAL_PARAM)) navigate(dashboardPath(shop.id), { replace: true });
  };

  return (
    <>
      <Alert
        tone="danger"
        role="alert"
        title={t("Your renewal payment did not go through")}
        action={<Button onClick={() => setOpen(true)}>{t("Pay now")}</Button>}
      >
        <p>
          {byCard
            ? t("We could not charge {amount} for {name}.", { amount, name: due.name })
            : t("{amount} for {name} is due.", { amount, name: due.name })}{" "}
          {when
            ? byCard
              ? t(
                  "We will try your card again on {date}; if it cannot be paid, the membership ends.",
                  {
                    date: when,
                  },
                )
              : t("Your membership ends on {date} unless it is paid.", { date: when })
            : null}
        </p>
      </Alert>
      <CheckoutModal
        open={open}
        onOpenChange={close}
        title={t("Pay your {name} renewal", { name: due.name })}
        description={t("Your membership continues from where it stopped once this is paid.")}
        amount={due.price}
        checkoutLabel={t("Pay now")}
        showCancel
        failureMessage={PAYMENT_MESSAGES.paymentFailed}
        onCheckout={() => payOverdueRenewal(membership.id)}
        onDone={() => close(false)}
      />
    </>
  );
}
