export { MerchantProfilePage } from "./pages/merchant-profile-page";
