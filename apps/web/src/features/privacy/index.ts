export { MemberPrivacyActions } from "./components/member-privacy-actions";
export { YourDataSection } from "./components/your-data-section";
