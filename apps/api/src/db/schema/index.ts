export * from "./customers";
export * from "./email-outbox";
export * from "./memberships";
export * from "./offers";
export * from "./payments";
export * from "./reports";
export * from "./sessions";
export * from "./shops";
