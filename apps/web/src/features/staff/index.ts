export { StaffFormModal } from "./pages/staff-form-modal";
export { StaffPage } from "./pages/staff-page";
export { NEW_STAFF_PATH, STAFF_PATH } from "./staff-status";
