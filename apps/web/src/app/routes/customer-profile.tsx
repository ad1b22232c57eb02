// The customer's profile pages, apart from the dashboard: their forms bring the validation
// library and the phone-country picker (libphonenumber's metadata), which the dashboard, the
// page a customer lands on, does not need. They load when the customer opens their profile.
export { CustomerEditProfilePage } from "@/features/customer/pages/customer-edit-profile-page";
export { CustomerProfilePage } from "@/features/customer/pages/customer-profile-page";
export { CustomerUpdatePasswordPage } from "@/features/customer/pages/customer-update-password-page";
