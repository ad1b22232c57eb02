// Shop creation and Customize Store messages. The wording rules are in ../messages.ts.

export const SHOP_MESSAGES = {
  nameRequired: "Shop name is required",
  nameInvalid: "Invalid characters in shop name",
  logoRequired: "Shop Logo is required",
  bannerRequired: "Shop Banner is required",
  /** Chosen. */
  nameTooLong: "Shop name must be at most 100 characters",
  /** Chosen. */
  industryInvalid: "Select an industry",
} as const;

export const STORE_MESSAGES = {
  /** The customer side's language: one of the catalogue's. */
  localeInvalid: "Choose one of the listed languages",
  nameInvalid: "Enter a valid company name",
  taglineShort: "Tag line must contains at least 5 letters.",
  taglineLong: "Tag line should not exceed 200 characters.",
  /** Chosen. */
  industryRequired: "Select an industry",
  /** Chosen. */
  fontStyleRequired: "Select a font style",
  /** Chosen. */
  primaryColorInvalid: "Enter a primary color as # followed by 6 hex digits",
  /** Chosen. */
  secondaryColorInvalid: "Enter a secondary color as # followed by 6 hex digits",
  /** Chosen. */
  timeZoneInvalid: "Select a valid time zone",
} as const;
