import { type CustomerMembership, formatMoneyIn, REDEMPTION_MESSAGES } from "@tessera/shared";
import { ArrowLeft, Gift } from "lucide-react";
import type { ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { IconCircle } from "@/components/icon-circle";
import {
  Alert,
  Button,
  closeWhenIdle,
  EmptyState,
  Modal,
  ModalCancelButton,
  QueryErrorState,
  Skeleton,
} from "@/components/ui";
import { useCustomerDashboard } from "@/features/payments";
import { ApiError } from "@/lib/api-client";
import { translateText } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useCurrentShop } from "@/lib/shop-branding";
import { getSignedInCustomerId } from "@/lib/token-storage";
import { useRedeemBenefit } from "../api";
import { type BenefitStatus, useBenefitUsage } from "../benefit-usage";
import { BenefitList } from "../components/benefit-row";
import { NO_BENEFITS_TEXT } from "../components/redeem-benefit-panel";
import { dashboardPath, redeemBenefitPath } from "../dashboard";
import { useModalSubjectId } from "../modal-subject";

type Benefit = CustomerMembership["Benefits"][number];

/** The benefit about to be redeemed, and whether it can be this month. */
function BenefitConfirmation({
  benefit,
  membership,
  status,
}: {
  benefit: Benefit;
  membership: string;
  status: BenefitStatus;
}) {
  const { t, locale } = useT();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-4 rounded-control bg-muted p-4">
        <IconCircle size="lg">
          <Gift aria-hidden="true" />
        </IconCircle>
        <div className="min-w-0">
          <p className="font-semibold text-fg text-lg leading-snug">{benefit.name}</p>
          <p className="text-fg-muted text-sm">
            {t("Worth {amount} · {membership}", {
              amount: formatMoneyIn(locale, benefit.worth),
              membership,
            })}
          </p>
        </div>
      </div>
      {status.redeemable ? (
        <p className="text-fg-muted text-sm">
          {t(
            "Redeem it when you are at the counter and show this screen. Each benefit can be redeemed once per membership month.",
          )}
        </p>
      ) : (
        <Alert tone="info" title={t("Already redeemed this month")}>
          {translateText(status.note)}
        </Alert>
      )}
    </div>
  );
}

/**
 * `/{shopId}/customer/redeem-benefit` over the dashboard (spec §2). Without `benefitId` (See
 * All) it lists every benefit of the membership; with one it asks to confirm that benefit's
 * redemption, then shows the server's message ("Benefit redeemed successfully", or when it was
 * already used this month, "… It is available again on …", after which it stays disabled).
 */
export function RedeemBenefitModal() {
  const shop = useCurrentShop();
  const navigate = useNavigate();
  const location = useLocation();
  const customerId = getSignedInCustomerId(shop.id);
  const dashboard = useCustomerDashboard(shop.id, customerId);
  const benefitId = useModalSubjectId("benefitId");
  const redeem = useRedeemBenefit(shop.id);
  const usage = useBenefitUsage(customerId ?? 0, dashboard.data?.membership ?? null);
  const { t } = useT();
  const fromList = (location.state as { fromList?: unknown } | null)?.fromList === true;

  function close() {
    navigate(dashboardPath(shop.id), { replace: true });
  }

  // The list and the confirmation share one history entry, so closing leaves one step behind.
  function choose(id: number | null) {
    navigate(
      id === null ? redeemBenefitPath(shop.id) : `${redeemBenefitPath(shop.id)}?benefitId=${id}`,
      {
        replace: true,
        state: id === null ? null : { benefitId: id, fromList: true },
      },
    );
  }

  function confirm(benefit: Benefit) {
    if (customerId === null) return;
    redeem.mutate(
      { customerId, benefitId: benefit.id },
      {
        onSuccess: (result) => {
          notifySuccess(result.message || REDEMPTION_MESSAGES.benefitRedeemed);
          close();
        },
        onError: (error) => {
          // Used this month (409): the server's message says until when; the row stays disabled.
          if (error instanceof ApiError && error.status === 409) {
            usage.refuse(benefit.id, error.message);
          }
          notifyError(error);
        },
      },
    );
  }

  const selected = usage.benefits.find((benefit) => benefit.id === benefitId) ?? null;
  let body: ReactNode;
  let footer: ReactNode = null;
  let title = t("Redeem Benefit");

  if (customerId !== null && dashboard.isPending) {
    body = (
      <div aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only">{t("Loading benefits")}</span>
        <Skeleton className="h-16 w-full rounded-control" />
        <Skeleton className="h-16 w-full rounded-control" />
      </div>
    );
  } else if (dashboard.isError) {
    body = <QueryErrorState query={dashboard} />;
  } else if (usage.benefits.length === 0 || (benefitId !== null && !selected)) {
    body = (
      <EmptyState
        icon={<Gift aria-hidden="true" />}
        title={t(NO_BENEFITS_TEXT)}
        hint={
          benefitId !== null
            ? t("This benefit is not part of your current membership.")
            : t("Benefits come with a running membership.")
        }
      />
    );
  } else if (selected) {
    const status = usage.statusOf(selected.id);
    title = t("Redeem {name}?", { name: selected.name });
    body = (
      <BenefitConfirmation
        benefit={selected}
        membership={dashboard.data?.membership?.name ?? ""}
        status={status}
      />
    );
    footer = (
      <>
        {fromList ? (
          <Button
            variant="outline"
            disabled={redeem.isPending}
            leftIcon={<ArrowLeft aria-hidden="true" className="size-4" />}
            onClick={() => choose(null)}
          >
            {t("All benefits")}
          </Button>
        ) : (
          <ModalCancelButton pending={redeem.isPending}>{t("Cancel")}</ModalCancelButton>
        )}
        <Button
          loading={redeem.isPending}
          disabled={usage.isPending || !status.redeemable}
          onClick={() => confirm(selected)}
        >
          {t("Redeem")}
        </Button>
      </>
    );
  } else {
    body = (
      <BenefitList
        benefits={usage.benefits}
        usage={usage}
        onRedeem={choose}
        className="flex flex-col gap-3"
      />
    );
  }

  return (
    <Modal
      open
      onOpenChange={closeWhenIdle(redeem.isPending, close)}
      title={title}
      description={
        selected ? undefined : t("Each benefit of your membership can be redeemed once a month.")
      }
      footer={footer}
    >
      {body}
    </Modal>
  );
}
