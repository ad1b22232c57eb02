/**
 * Where an audited action comes from: the request being served (its session, IP and browser),
 * read from the request context so services record who acted without passing it along.
 */
export {
  currentRequest,
  registerRequestContext as registerAuditContext,
} from "../../infra/request-context";
