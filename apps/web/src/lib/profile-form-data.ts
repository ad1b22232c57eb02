import { type ProfileValues, sanitizeFileName } from "@tessera/shared";

/**
 * The multipart body of a profile update, the merchant's or the customer's: firstName,
 * lastName, phoneNumber, phoneCountry, and profilePicture when a new one was chosen.
 */
export function profileFormData(values: ProfileValues, picture: File | null): FormData {
  const form = new FormData();
  form.append("firstName", values.firstName);
  form.append("lastName", values.lastName);
  form.append("phoneNumber", values.phoneNumber);
  form.append("phoneCountry", values.phoneCountry ?? "");
  if (picture) form.append("profilePicture", picture, sanitizeFileName(picture.name));
  return form;
}
