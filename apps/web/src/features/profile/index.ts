export { EditProfilePage } from "./pages/edit-profile-page";
export { MerchantProfilePage } from "./pages/merchant-profile-page";
export { StoreSettingsPage } from "./pages/store-settings-page";
