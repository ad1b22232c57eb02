export {
  type CancelResponse,
  type CheckoutCompletion,
  type CheckoutItem,
  cancelMembership,
  completeCheckout,
  createIntention,
  customerDashboardQueryOptions,
  customerKeys,
  fetchCustomerDashboard,
  fetchPaymentAccount,
  invalidateCustomerData,
  isCardMembership,
  paymentAccountQueryOptions,
  paymentKeys,
  payOverdueRenewal,
  purchaseOffer,
  type ScheduleInput,
  type ScheduleResponse,
  scheduleMembership,
  startOnboarding,
  useCancelMembership,
  useCustomerDashboard,
  usePaymentAccount,
  usePurchaseOffer,
  useScheduleMembership,
  useStartOnboarding,
} from "./api";
export { formatPayableAmount } from "./checkout";
export { CheckoutModal, type CheckoutModalProps } from "./components/checkout-modal";
export {
  PaymentFormModal,
  type PaymentFormModalProps,
} from "./components/payment-form-modal";
export {
  ONBOARDING_CONNECTED_MESSAGE,
  ONBOARDING_FAILED_MESSAGE,
  useOnboardingReturn,
} from "./use-onboarding-return";
export { useLoginToContinue, useReportPaymentError } from "./use-payment-errors";
