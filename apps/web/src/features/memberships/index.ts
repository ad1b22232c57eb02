export { membershipKeys, useMembership, useMemberships } from "./api";
export { isTierEditable, TierCard } from "./components/tier-card";
export { MembershipFormModal } from "./pages/membership-form-modal";
export { MembershipPreviewModal } from "./pages/membership-preview-modal";
export { MEMBERSHIPS_PATH, MembershipsPage, NEW_MEMBERSHIP_PATH } from "./pages/memberships-page";
