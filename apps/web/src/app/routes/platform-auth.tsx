// The platform's sign-in pages: one chunk, loaded by the router only on these addresses.
export { CheckResetInboxPage } from "@/features/auth/pages/check-reset-inbox-page";
export { EmailVerifiedPage } from "@/features/auth/pages/email-verified-page";
export { ForgotPasswordPage } from "@/features/auth/pages/forgot-password-page";
export { RegisterPage } from "@/features/auth/pages/register-page";
export { ResetPasswordPage } from "@/features/auth/pages/reset-password-page";
export { SetPasswordPage } from "@/features/auth/pages/set-password-page";
export { VerifyEmailPage } from "@/features/auth/pages/verify-email-page";
