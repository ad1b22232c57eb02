export { ExportMembersButton } from "./components/export-members-button";
export { INTEGRATIONS_PATH, IntegrationsPage } from "./pages/integrations-page";
