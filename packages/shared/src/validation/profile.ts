import { z } from "zod";
import {
  ALPHA_NAME_PATTERN,
  matches,
  maxLength,
  minLength,
  NAME_MAX_LENGTH,
  textField,
} from "./common.ts";
import { COMMON_MESSAGES, PROFILE_MESSAGES } from "./messages.ts";
import { phoneCountryField, phoneInput, withPhoneNumber } from "./phone.ts";

/** "At least 3 letters" counts characters after trimming; only letters and spaces may be there. */
export const PROFILE_NAME_MIN_LENGTH = 3;

/** A profile or staff name: 3+ characters after trimming, letters and spaces only. */
export function alphaNameField(tooShort: string) {
  return textField({
    required: tooShort,
    rules: [
      minLength(PROFILE_NAME_MIN_LENGTH, tooShort),
      maxLength(NAME_MAX_LENGTH, COMMON_MESSAGES.nameTooLong),
      matches(ALPHA_NAME_PATTERN, PROFILE_MESSAGES.nameInvalid),
    ],
  });
}

/**
 * Update Profile / edit-profile (merchant and customer): firstName, lastName, and an optional
 * phone valid for the picked country (default US), sent in E.164 ("" when there is none).
 * The picture is checked with `checkProfilePictureFile`.
 */
export const profileSchema = withPhoneNumber(
  z.object({
    firstName: alphaNameField(PROFILE_MESSAGES.firstNameShort),
    lastName: alphaNameField(PROFILE_MESSAGES.lastNameShort),
    phoneNumber: phoneInput,
    phoneCountry: phoneCountryField(PROFILE_MESSAGES.countryInvalid),
  }),
  { invalid: PROFILE_MESSAGES.phoneInvalid },
);
export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileValues = z.output<typeof profileSchema>;

/** The profile update payload has the same fields (multipart, plus an optional profilePicture). */
export const profileUpdatePayloadSchema = profileSchema;
export type ProfileUpdatePayload = ProfileValues;
