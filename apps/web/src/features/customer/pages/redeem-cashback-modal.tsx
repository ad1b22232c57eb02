import { zodResolver } from "@hookform/resolvers/zod";
import {
  CASHBACK_MESSAGES,
  type CashbackRedeemInput,
  type CashbackRedeemValues,
  formatMoneyIn,
  makeCustomerCashbackSchema,
} from "@tessera/shared";
import { Wallet } from "lucide-react";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { IconCircle } from "@/components/icon-circle";
import {
  Button,
  closeWhenIdle,
  LoadingFields,
  Modal,
  ModalCancelButton,
  QueryErrorState,
} from "@/components/ui";
import { useCustomerDashboard } from "@/features/payments";
import { ApiError } from "@/lib/api-client";
import { useClearErrorOnEdit } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/use-t";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useCurrentShop } from "@/lib/shop-branding";
import { getSignedInCustomerId } from "@/lib/token-storage";
import { useGoBack } from "@/lib/use-go-back";
import { useRedeemCashback } from "../api";
import { CashbackAmountInput } from "../components/cashback-amount-input";
import { dashboardPath } from "../dashboard";

const FORM_ID = "redeem-cashback-form";

/** Server answers that are about the amount typed: shown on the field, not as a toast. */
const AMOUNT_MESSAGES = new Set<string>([
  CASHBACK_MESSAGES.amountRequired,
  CASHBACK_MESSAGES.amountInvalid,
  CASHBACK_MESSAGES.aboveBalance,
]);

function amountError(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return null;
  const fieldMessage = error.errors?.price ?? error.errors?.amount;
  if (fieldMessage) return fieldMessage;
  return AMOUNT_MESSAGES.has(error.message) ? error.message : null;
}

function AvailableCashback({ amount }: { amount: string }) {
  const { t } = useT();
  return (
    <div className="flex items-center gap-3 rounded-control bg-muted px-4 py-3">
      <IconCircle>
        <Wallet aria-hidden="true" />
      </IconCircle>
      <div>
        <p className="text-fg-muted text-sm">{t("Available cashback")}</p>
        <p className="font-bold text-2xl text-fg tabular-nums">{amount}</p>
      </div>
    </div>
  );
}

/**
 * `/{shopId}/customer/redeem-cashback` over the dashboard (spec §2, §5): the balance and an
 * amount (step 0.01, min 0) checked with the spec's messages. Success shows "Cashback redeemed
 * successfully" and goes back; any other failure "Failed to redeem cashback. Please try again."
 * with the server's reason under it.
 */
export function RedeemCashbackModal() {
  const shop = useCurrentShop();
  const customerId = getSignedInCustomerId(shop.id);
  const dashboard = useCustomerDashboard(shop.id, customerId);
  const redeem = useRedeemCashback(shop.id);
  const goBack = useGoBack(dashboardPath(shop.id));
  const { t, locale } = useT();
  const balance = dashboard.data?.rewardBalance ?? 0;
  const schema = useMemo(() => makeCustomerCashbackSchema(balance), [balance]);
  const form = useForm<CashbackRedeemInput, unknown, CashbackRedeemValues>({
    resolver: zodResolver(schema),
    defaultValues: { amount: "" },
    reValidateMode: "onSubmit",
  });
  useClearErrorOnEdit(form.watch, form.clearErrors);

  const onSubmit = form.handleSubmit(({ amount }) => {
    if (customerId === null) return;
    redeem.mutate(
      { customerId, price: amount },
      {
        onSuccess: (result) => {
          notifySuccess(result.message || CASHBACK_MESSAGES.redeemed);
          goBack();
        },
        onError: (error) => {
          const message = amountError(error);
          if (message) {
            form.setError("amount", { type: "server", message }, { shouldFocus: true });
            return;
          }
          if (error instanceof ApiError && error.sessionEnded) return;
          notifyError({
            message: CASHBACK_MESSAGES.redeemFailed,
            title:
              error instanceof ApiError && error.status > 0 && error.status < 500
                ? error.message
                : undefined,
          });
        },
      },
    );
  });

  const ready = dashboard.isSuccess;
  const empty = ready && balance <= 0;

  return (
    <Modal
      open
      onOpenChange={closeWhenIdle(redeem.isPending, goBack)}
      title={t("Redeem Cashback")}
      description={t("Use your cashback at the counter. The amount is taken from your balance.")}
      size="sm"
      footer={
        <>
          <ModalCancelButton pending={redeem.isPending}>{t("Cancel")}</ModalCancelButton>
          <Button
            type="submit"
            form={FORM_ID}
            loading={redeem.isPending}
            disabled={!ready || empty}
          >
            {t("Redeem")}
          </Button>
        </>
      }
    >
      {customerId !== null && dashboard.isPending ? (
        <LoadingFields
          label={t("Loading your balance")}
          shapes={["h-16 w-full rounded-control", "h-11 w-full"]}
        />
      ) : dashboard.isError ? (
        <QueryErrorState query={dashboard} />
      ) : (
        <form id={FORM_ID} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <AvailableCashback amount={formatMoneyIn(locale, balance)} />
          <fieldset disabled={empty || redeem.isPending} className="contents">
            <CashbackAmountInput
              label={t("Amount to redeem")}
              autoFocus={!empty}
              hint={
                empty
                  ? t("You have no cashback to redeem yet. It is credited with your membership.")
                  : t("Up to {amount}.", { amount: formatMoneyIn(locale, balance) })
              }
              error={form.formState.errors.amount?.message}
              {...form.register("amount")}
            />
          </fieldset>
        </form>
      )}
    </Modal>
  );
}
