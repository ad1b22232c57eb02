// A shop's customer login `/{shopId}/login`, apart from the other sign-in pages: customers land
// on it from the storefront and from e-mails, and its form needs neither react-hook-form nor zod.
export { CustomerLoginPage } from "@/features/auth/pages/customer-login-page";
