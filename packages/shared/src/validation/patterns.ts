// E-mail, password and name rules as plain patterns and functions, without zod: the sign-in
// forms check them by hand so their pages do not download the validation library, while the
// schemas in common.ts (the server's truth) are built from the same constants.

/**
 * Local part, "@", domain, ".", and a top-level part of at least 2 letters (spec §5).
 * Deliberately stricter than RFC 5322: it is what the screens promise.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** The special characters a password must (and may only) use besides letters and digits. */
export const PASSWORD_SPECIAL_CHARACTERS = "@$!%*?&";

/** 8+ characters, a lowercase and an uppercase letter, a digit, one of @$!%*?&, nothing else. */
export const PASSWORD_PATTERN =
  /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]{8,}$/;

export const PASSWORD_MIN_LENGTH = 8;
/** Chosen: bounds the hashing work an anonymous request can ask for. */
export const PASSWORD_MAX_LENGTH = 128;
/** RFC 5321 path limit. */
export const EMAIL_MAX_LENGTH = 254;
/** Chosen: the spec sets no upper bound on names. */
export const NAME_MAX_LENGTH = 50;

export function isValidPassword(value: string): boolean {
  return PASSWORD_PATTERN.test(value);
}

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** Trims and lower-cases an e-mail address the way every form and the server do. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * Letters (any script, so "José" and "Zoë" pass), spaces, apostrophes and hyphens:
 * the sign-up and member name rule.
 */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}\s'-]+$/u;

/** Letters and spaces only: the profile and staff name rule ("alphabets only"). */
export const ALPHA_NAME_PATTERN = /^[\p{L}\p{M}\s]+$/u;

/**
 * True when text holds a control character (C0 or DEL): NUL bytes, escape sequences, and — in
 * single-line fields — line breaks and tabs, which have no place in a name, an e-mail or a label
 * and could split a header or a CSV row downstream. Multi-line fields (descriptions,
 * instructions) keep their line breaks and tabs.
 */
export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}) {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0x7f) return true;
    if (code >= 0x20) continue;
    const layout = code === 0x09 || code === 0x0a || code === 0x0d;
    if (!(options.multiline && layout)) return true;
  }
  return false;
}
