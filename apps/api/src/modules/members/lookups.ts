/** What other modules may read about a member without going through the members service. */
export { findMember } from "./repo";
