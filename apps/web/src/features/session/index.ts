export {
  CREATE_SHOP_PATH,
  currentUserQueryOptions,
  fetchCurrentUser,
  fetchMyShop,
  forgetSessionData,
  MERCHANT_HOME_PATH,
  MERCHANT_PROFILE_PATH,
  myShopQueryOptions,
  resendVerificationEmail,
  resolveMerchantLandingPath,
  sessionKeys,
  useCurrentUser,
  useLogout,
  useMerchantLanding,
  useMyShop,
  useResendVerification,
} from "./api";
export {
  ResendVerificationButton,
  type ResendVerificationButtonProps,
} from "./components/resend-verification-button";
export { VerifyEmailNotice } from "./components/verify-email-notice";
