import { zodResolver } from "@hookform/resolvers/zod";
import {
  checkProfilePictureFile,
  FILE_MESSAGES,
  type ProfileInput,
  type ProfileValues,
  profileSchema,
} from "@tessera/shared";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { fieldBinder } from "@/components/form-fields";
import { FormPageActions } from "@/components/form-page-actions";
import {
  Avatar,
  CountryPhoneInput,
  countryOfPhoneNumber,
  ImagePicker,
  LoadingFields,
  TextInput,
} from "@/components/ui";
import { ApiError } from "@/lib/api-client";
import { applyServerFieldErrors, useCheckedForm } from "@/lib/form-errors";
import { translateText } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { readImageSize } from "@/lib/image-size";
import { notifyError } from "@/lib/notify";

type FormValues = {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  phoneCountry: string;
};

/** Whose profile the form edits: a merchant or staff user, or a shop's customer. */
export type ProfilePerson = {
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  profilePicture: string | null;
};

export type ProfileSubmission = { values: ProfileValues; picture: File | null };

const PICTURE_ACCEPT = "image/png,image/jpeg,.png,.jpg,.jpeg";
const PROFILE_FIELDS = ["firstName", "lastName", "phoneNumber", "phoneCountry"] as const;

const translated = (message: string | undefined) => message && translateText(message);

/**
 * "Update Profile" (spec §2, §5) for anyone: photo, names and phone, checked as the server
 * checks them. The page says how to save (`onSubmit`, with `fail` for a refusal: field
 * messages go under their fields, a refused picture under the picture, anything else to a
 * toast) and where Cancel leads.
 */
export function ProfileForm({
  person,
  saving,
  cancelTo,
  onSubmit,
}: {
  person: ProfilePerson;
  saving: boolean;
  cancelTo: string;
  onSubmit: (submission: ProfileSubmission, fail: (error: unknown) => void) => void;
}) {
  const { t } = useT();
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | undefined>();
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useCheckedForm<FormValues, ProfileValues>(zodResolver(profileSchema) as never, {
    firstName: person.firstName,
    lastName: person.lastName,
    phoneNumber: person.phoneNumber ?? "",
    phoneCountry: countryOfPhoneNumber(person.phoneNumber),
  } satisfies ProfileInput);
  const fieldProps = fieldBinder(register, errors, translateText);

  async function choosePicture(file: File | null) {
    setPicture(file);
    if (!file) return setPictureError(undefined);
    const message = checkProfilePictureFile(file);
    if (message) return setPictureError(message);
    setPictureError((await readImageSize(file)) ? undefined : FILE_MESSAGES.corrupt);
  }

  function fail(error: unknown) {
    if (applyServerFieldErrors(error, setError, PROFILE_FIELDS)) return;
    // The picture's own checks failed on the server (type, size, unreadable).
    const pictureMessage = error instanceof ApiError ? error.errors?.profilePicture : null;
    if (pictureMessage) return setPictureError(pictureMessage);
    notifyError(error);
  }

  const submit = handleSubmit((values) => {
    if (pictureError) return;
    onSubmit({ values, picture }, fail);
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <fieldset disabled={saving} className="flex flex-col gap-5">
        <legend className="sr-only">{t("Your details")}</legend>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          {picture ? null : (
            <Avatar src={person.profilePicture} alt={t("Current profile picture")} size="xl" />
          )}
          <ImagePicker
            label={t("Profile picture")}
            value={picture}
            onChange={(file) => void choosePicture(file)}
            accept={PICTURE_ACCEPT}
            aspect="square"
            hint={t("JPG, JPEG or PNG, up to 5MB.")}
            error={translated(pictureError)}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label={t("First name")}
            required
            autoComplete="given-name"
            {...fieldProps("firstName")}
          />
          <TextInput
            label={t("Last name")}
            required
            autoComplete="family-name"
            {...fieldProps("lastName")}
          />
        </div>
        <Controller
          control={control}
          name="phoneCountry"
          render={({ field }) => (
            <CountryPhoneInput
              label={t("Phone number")}
              country={field.value}
              onCountryChange={(code) => {
                field.onChange(code);
                clearErrors("phoneNumber");
              }}
              error={translated(errors.phoneNumber?.message ?? errors.phoneCountry?.message)}
              {...register("phoneNumber")}
            />
          )}
        />
      </fieldset>
      <FormPageActions
        cancelTo={cancelTo}
        pending={saving}
        submitLabel={t("Save Changes")}
        divided
      />
    </form>
  );
}

/** The form's place while the person's profile loads. */
export function ProfileFormLoading() {
  const { t } = useT();
  return (
    <LoadingFields
      label={t("Loading your profile")}
      shapes={["size-24 rounded-full", "h-11 w-full", "h-11 w-full"]}
    />
  );
}
