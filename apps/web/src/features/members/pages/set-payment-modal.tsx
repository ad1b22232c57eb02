import { zodResolver } from "@hookform/resolvers/zod";
import {
  applyDiscount,
  MEMBER_ACTION_MESSAGES,
  type MemberDiscountValues,
  type MerchantPaymentMethod,
  memberDiscountSchema,
  PAYMENT_METHOD_OPTIONS,
} from "@tessera/shared";
import { Link, useLocation, useNavigate } from "react-router";
import { fieldBinder } from "@/components/form-fields";
import { ModalFormActions } from "@/components/modal-form-actions";
import {
  buttonClassName,
  closeWhenIdle,
  Modal,
  Select,
  Skeleton,
  TextInput,
} from "@/components/ui";
import { useCheckedForm } from "@/lib/form-errors";
import { notifyError } from "@/lib/notify";
import { useActiveTiers, useSetPayment } from "../api";
import { MembershipSelect } from "../components/membership-select";
import {
  ADD_MEMBER_PATH,
  formatDollars,
  MEMBERS_PATH,
  RENEWAL_LABELS,
  yearlyPrice,
} from "../member-status";
import { useCounterCheckout } from "../use-counter-checkout";

/** What Add New Member hands to the payment step (navigation state). */
export interface PaymentStepState {
  memberId: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  phoneCountry: string;
  membershipId: number;
  paymentType: MerchantPaymentMethod;
}

function isPaymentStepState(value: unknown): value is PaymentStepState {
  return (
    typeof value === "object" &&
    value !== null &&
    "memberId" in value &&
    "membershipId" in value &&
    "email" in value
  );
}

type FormValues = { membershipId: string; discount: string; paymentType: MerchantPaymentMethod };

/**
 * `/merchant/members/add-member/set-payment`: the order summary (the tier's yearly price to two
 * decimals, the discount, the total), then Cash completes at once and Card opens the card form,
 * completed through POST /member/payments/complete. After success: /merchant/members (spec §4).
 */
export function SetPaymentModal() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = isPaymentStepState(location.state) ? location.state : null;
  const tiers = useActiveTiers();
  const pay = useSetPayment();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useCheckedForm<FormValues, MemberDiscountValues & { paymentType: MerchantPaymentMethod }>(
    zodResolver(memberDiscountSchema) as never,
    {
      membershipId: state ? String(state.membershipId) : "",
      discount: "",
      paymentType: state?.paymentType ?? "cash",
    },
  );
  const fieldProps = fieldBinder(register, errors);
  const tier = tiers.data?.find((t) => String(t.id) === watch("membershipId"));
  const discountInput = Number(watch("discount") || 0);
  const discount = Number.isFinite(discountInput) ? Math.min(100, Math.max(0, discountInput)) : 0;
  const paymentType = watch("paymentType");
  const price = tier ? yearlyPrice(tier) : 0;
  const total = tier ? applyDiscount(tier.price, discount) : 0;

  const close = () => navigate(MEMBERS_PATH, { replace: true });
  const { settle, checkoutModal } = useCounterCheckout(close);

  const onSubmit = handleSubmit((values) => {
    if (!state || !tier) return;
    pay.mutate(
      {
        paymentType,
        discount: values.discount,
        finalPrice: applyDiscount(tier.price, values.discount),
        membershipId: values.membershipId,
        planType: tier.renewal,
        firstName: state.firstName,
        lastName: state.lastName,
        email: state.email,
        phone: state.phone,
        phoneCountry: state.phoneCountry,
      },
      {
        // Spec §4: member create goes to /merchant/members.
        onSuccess: (response) => settle(response, MEMBER_ACTION_MESSAGES.membershipActivated),
        onError: (error) => notifyError(error),
      },
    );
  });

  if (checkoutModal && state) return checkoutModal;

  return (
    <Modal
      open
      onOpenChange={closeWhenIdle(pay.isPending, close)}
      title="Payment"
      description={
        state ? `Membership for ${state.firstName} ${state.lastName} (${state.email})` : undefined
      }
    >
      {!state ? (
        <div className="flex flex-col items-center gap-3 py-6 text-center">
          <p className="text-fg-muted text-sm">
            Start from Add New Member to take a payment for a new member.
          </p>
          <Link to={ADD_MEMBER_PATH} className={buttonClassName({ className: "no-underline" })}>
            Add New Member
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <fieldset disabled={pay.isPending} className="flex flex-col gap-4">
            <MembershipSelect
              tiers={tiers}
              optionLabel={(tier) => `${tier.name} (${RENEWAL_LABELS[tier.renewal]})`}
              {...fieldProps("membershipId")}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextInput
                label="Discount (%)"
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                step={0.01}
                placeholder="0"
                {...fieldProps("discount")}
              />
              <Select
                label="Payment method"
                options={PAYMENT_METHOD_OPTIONS}
                {...register("paymentType")}
              />
            </div>
          </fieldset>
          <section
            aria-labelledby="order-summary"
            className="flex flex-col gap-2 rounded-control border border-line p-4 text-sm"
          >
            <h3 id="order-summary" className="font-semibold text-fg">
              Order summary
            </h3>
            {tiers.isPending ? (
              <Skeleton className="h-16 w-full" />
            ) : tier ? (
              <dl className="flex flex-col gap-1.5">
                <div className="flex justify-between gap-3">
                  <dt className="text-fg-muted">{tier.name} · per year</dt>
                  <dd className="tabular-nums">{formatDollars(price)}</dd>
                </div>
                <div className="flex justify-between gap-3">
                  <dt className="text-fg-muted">
                    Billed {RENEWAL_LABELS[tier.renewal].toLowerCase()}
                  </dt>
                  <dd className="tabular-nums">{formatDollars(tier.price)}</dd>
                </div>
                <div className="flex justify-between gap-3">
                  <dt className="text-fg-muted">Discount ({discount}%)</dt>
                  <dd className="tabular-nums">−{formatDollars(tier.price - total)}</dd>
                </div>
                <div className="flex justify-between gap-3 border-line border-t pt-2 font-semibold text-fg">
                  <dt>Total due now</dt>
                  <dd className="tabular-nums" data-testid="order-total">
                    {formatDollars(total)}
                  </dd>
                </div>
              </dl>
            ) : (
              <p className="text-fg-muted">Select a membership.</p>
            )}
          </section>
          <ModalFormActions
            pending={pay.isPending}
            submitLabel={paymentType === "pos" ? "Pay by card" : "Complete cash payment"}
          />
        </form>
      )}
    </Modal>
  );
}
