/**
 * Names of the real-time events, apart from the schemas of their payloads: the pages that listen
 * load them on their first paint, the schema library only when a payload arrives.
 */

/** Socket.io events (spec §7 "Real-time"). */
export const SOCKET_EVENTS = {
  connectUser: "connectUser",
  disconnectAndLeaveRoom: "disconnectAndLeaveRoom",
  notification: "notification",
  /** A member import's progress, to the merchant who started it (`MemberImportProgress`). */
  importProgress: "importProgress",
} as const;

/** The stream's event name; its data is the reason ("redemption.recorded", "offer.purchased"…). */
export const CUSTOMER_CHANGED_EVENT = "changed";
