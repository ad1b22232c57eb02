// The full-screen member card: the QR code library comes with it, when the customer opens it,
// not with the dashboard.
export { MemberCardPage } from "@/features/member-card/pages/member-card-page";
