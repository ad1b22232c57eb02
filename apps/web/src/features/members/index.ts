export { ADD_MEMBER_PATH, MEMBERS_PATH, memberDetailPath, SET_PAYMENT_PATH } from "./member-status";
export { AddMemberModal } from "./pages/add-member-modal";
export { MemberDetailPage } from "./pages/member-detail-page";
export { MembersPage } from "./pages/members-page";
export { MemberBenefitsModal, MemberCashbackModal, MemberOffersModal } from "./pages/redeem-modals";
export { SetPaymentModal } from "./pages/set-payment-modal";
export { ManageMembershipModal, UpdateMemberModal } from "./pages/update-member-modals";
