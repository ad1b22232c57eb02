// The merchant login `/`, apart from the other platform sign-in pages: it is the first page of
// most merchant visits, and its form needs neither react-hook-form nor zod, which the sign-up
// and password forms bring.
export { LoginPage } from "@/features/auth/pages/login-page";
