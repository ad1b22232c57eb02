export * from "./customers";
export * from "./email-outbox";
export * from "./sessions";
export * from "./shops";
export * from "./users";
