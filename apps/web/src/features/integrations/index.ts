export { INTEGRATIONS_PATH, IntegrationsPage } from "./pages/integrations-page";
