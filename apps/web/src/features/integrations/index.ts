export { ExportMembersButton } from "./components/export-members-button";
export { ImportMembersButton } from "./components/import-members-button";
export { INTEGRATIONS_PATH, IntegrationsPage } from "./pages/integrations-page";
export { MEMBER_IMPORT_PATH, MemberImportPage } from "./pages/member-import-page";
