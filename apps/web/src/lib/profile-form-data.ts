import { type ProfileValues, sanitizeFileName } from "@tessera/shared";

/**
 * The multipart body of a profile update, the merchant's and the customer's alike: the name and
 * phone fields, and the new picture when one was chosen.
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
