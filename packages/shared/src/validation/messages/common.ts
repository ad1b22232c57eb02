// Messages every area uses. The wording rules are in ../messages.ts.

/** Chosen: generic wordings for shared field types (ids, dates, limits). */
export const COMMON_MESSAGES = {
  idInvalid: "Invalid id",
  dateInvalid: "Enter a valid date (YYYY-MM-DD)",
  nameTooLong: "Name must be at most 50 characters",
  emailTooLong: "Email must be at most 254 characters",
  passwordTooLong: "Password must be at most 128 characters",
  tokenRequired: "Token is required",
  controlCharacters: "Remove the line breaks and special characters from this field.",
} as const;
