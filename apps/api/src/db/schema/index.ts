export * from "./shops";
export * from "./users";
