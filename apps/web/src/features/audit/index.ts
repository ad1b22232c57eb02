export { AUDIT_LOG_PATH, AuditLogPage } from "./pages/audit-log-page";
