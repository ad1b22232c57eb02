import { profileUpdatePayloadSchema, toFieldErrors } from "@tessera/shared";
import { AppError } from "../../errors";
import { processFormImage, profilePictureRules } from "../../infra/images";

/**
 * An Update Profile form, the merchant's or the customer's: names, a phone valid for
 * `phoneCountry` (or its alias `country`) and an optional picture, checked together so that
 * every problem is reported at once (400, the first message on top, each under its field).
 */
export async function checkProfile(fields: Record<string, string>, picture: Buffer | undefined) {
  const errors: Record<string, string> = {};
  const parsed = profileUpdatePayloadSchema.safeParse({
    ...fields,
    phoneCountry: fields.phoneCountry ?? fields.country,
  });
  if (!parsed.success) Object.assign(errors, toFieldErrors(parsed.error));
  const image = await processFormImage(picture, profilePictureRules, errors);
  const first = Object.values(errors)[0];
  if (first || !parsed.success) throw new AppError("BAD_REQUEST", first ?? "Invalid", { errors });
  return { profile: parsed.data, image };
}
