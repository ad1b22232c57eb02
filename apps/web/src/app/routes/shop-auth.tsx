// A shop's customer sign-in pages, apart from the storefront so a visitor downloads neither
// the forms before they choose to sign in nor the storefront when they arrive from an email link.

export { CustomerCodeLinkPage } from "@/features/auth/pages/customer-code-link-page";
export { CustomerForgotPasswordPage } from "@/features/auth/pages/customer-forgot-password-page";
export { CustomerRegisterPage } from "@/features/auth/pages/customer-register-page";
export { CustomerResetPasswordPage } from "@/features/auth/pages/customer-reset-password-page";
export { CustomerVerifyEmailPage } from "@/features/auth/pages/customer-verify-email-page";
