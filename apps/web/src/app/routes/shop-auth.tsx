// A shop's customer sign-in pages, apart from the storefront so a visitor downloads neither
// the forms before they choose to sign in nor the storefront when they arrive from an email link.
// Each waits for the sign-in pages' words in the visitor's language.

import { withAuthWords } from "@/features/auth/components/auth-words";
import { CustomerCodeLinkPage as CodeLink } from "@/features/auth/pages/customer-code-link-page";
import { CustomerForgotPasswordPage as Forgot } from "@/features/auth/pages/customer-forgot-password-page";
import { CustomerRegisterPage as Register } from "@/features/auth/pages/customer-register-page";
import { CustomerResetPasswordPage as Reset } from "@/features/auth/pages/customer-reset-password-page";
import { CustomerVerifyEmailPage as Verify } from "@/features/auth/pages/customer-verify-email-page";

export const CustomerCodeLinkPage = withAuthWords(CodeLink);
export const CustomerForgotPasswordPage = withAuthWords(Forgot);
export const CustomerRegisterPage = withAuthWords(Register);
export const CustomerResetPasswordPage = withAuthWords(Reset);
export const CustomerVerifyEmailPage = withAuthWords(Verify);
