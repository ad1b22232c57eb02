export { findMemberByCard, memberCardKeys, memberCardPath } from "./api";
export { MemberCardPanel } from "./components/member-card-panel";
export { RotateCardSection } from "./components/rotate-card-section";
