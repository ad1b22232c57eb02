import { StoreSettingsPage } from "@/features/profile/pages/store-settings-page";
import { MERCHANT_STOREFRONT_PATH } from "@/features/storefront/pages/merchant-storefront-page";

export { AuditLogPage } from "@/features/audit/pages/audit-log-page";
// The merchant area's settings and records: the profile and its security, Customize Store,
// staff, integrations (API keys, webhooks, member import) and the audit log. Loaded when one of
// them is opened, so the daily screens (dashboard, members, offers) do not carry their forms.
export { UpdatePasswordPage } from "@/features/auth/pages/update-password-page";
export { IntegrationsPage, MemberImportPage } from "@/features/integrations";
export { EditProfilePage } from "@/features/profile/pages/edit-profile-page";
export { MerchantProfilePage } from "@/features/profile/pages/merchant-profile-page";
export { StaffFormModal } from "@/features/staff/pages/staff-form-modal";
export { StaffPage } from "@/features/staff/pages/staff-page";

export const StorefrontSettings = () => <StoreSettingsPage backPath={MERCHANT_STOREFRONT_PATH} />;
export const ProfileStoreSettings = () => <StoreSettingsPage backPath="/merchant/profile" />;
