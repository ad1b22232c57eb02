/**
 * Every validation message in one place.
 *
 * Texts quoted by the spec (and listed in spec/texts.json) are copied character for character;
 * where a message has two wordings, the first is used on merchant screens and the second on
 * customer screens (DOMAIN.md). Messages marked "chosen" are ours: the spec states the rule but
 * gives no wording.
 *
 * One module per area, so a page downloads the messages of its own forms only.
 */
export * from "./messages/access.ts";
export * from "./messages/catalogue.ts";
export * from "./messages/common.ts";
export * from "./messages/files.ts";
export * from "./messages/people.ts";
export * from "./messages/sign-in.ts";
export * from "./messages/store.ts";
