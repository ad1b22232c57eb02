import { zodResolver } from "@hookform/resolvers/zod";
import {
  CATALOGUE_MESSAGES,
  checkProfilePictureFile,
  FILE_MESSAGES,
  type ProfileInput,
  type ProfileValues,
  profileSchema,
  type User,
} from "@tessera/shared";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import {
  Avatar,
  Button,
  Card,
  CountryPhoneInput,
  countryOfPhoneNumber,
  ImagePicker,
  QueryErrorState,
  Skeleton,
  TextInput,
} from "@/components/ui";
import { MERCHANT_PROFILE_PATH, useCurrentUser } from "@/features/session";
import { applyServerFieldErrors, useClearErrorOnEdit } from "@/lib/form-errors";
import { readImageSize } from "@/lib/image-size";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useUpdateProfile } from "../api";

type FormValues = {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  phoneCountry: string;
};

const PICTURE_ACCEPT = "image/png,image/jpeg,.png,.jpg,.jpeg";

function EditProfileForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | undefined>();
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    clearErrors,
    formState: { errors },
  } = useForm<FormValues, unknown, ProfileValues>({
    resolver: zodResolver(profileSchema) as never,
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      phoneNumber: user.phoneNumber ?? "",
      phoneCountry: countryOfPhoneNumber(user.phoneNumber),
    } satisfies ProfileInput,
    reValidateMode: "onSubmit",
  });
  useClearErrorOnEdit(watch, clearErrors);

  async function choosePicture(file: File | null) {
    setPicture(file);
    if (!file) return setPictureError(undefined);
    const message = checkProfilePictureFile(file);
    if (message) return setPictureError(message);
    setPictureError((await readImageSize(file)) ? undefined : FILE_MESSAGES.corrupt);
  }

  const onSubmit = handleSubmit((values) => {
    if (pictureError) return;
    update.mutate(
      { values, picture },
      {
        onSuccess: (response) => {
          notifySuccess(response.message || CATALOGUE_MESSAGES.profileUpdated);
          navigate(MERCHANT_PROFILE_PATH);
        },
        onError: (error) => {
          if (
            !applyServerFieldErrors(error, setError, [
              "firstName",
              "lastName",
              "phoneNumber",
              "phoneCountry",
            ])
          ) {
            notifyError(error);
          }
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <fieldset disabled={update.isPending} className="flex flex-col gap-5">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          {picture ? null : (
            <Avatar src={user.profilePicture} alt="Current profile picture" size="xl" />
          )}
          <ImagePicker
            label="Profile picture"
            value={picture}
            onChange={(file) => void choosePicture(file)}
            accept={PICTURE_ACCEPT}
            aspect="square"
            hint="JPG, JPEG or PNG, up to 5MB."
            error={pictureError}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label="First name"
            required
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register("firstName")}
          />
          <TextInput
            label="Last name"
            required
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register("lastName")}
          />
        </div>
        <Controller
          control={control}
          name="phoneCountry"
          render={({ field }) => (
            <CountryPhoneInput
              label="Phone number"
              country={field.value}
              onCountryChange={(code) => {
                field.onChange(code);
                clearErrors("phoneNumber");
              }}
              error={errors.phoneNumber?.message ?? errors.phoneCountry?.message}
              {...register("phoneNumber")}
            />
          )}
        />
      </fieldset>
      <div className="flex flex-col-reverse gap-2 border-line border-t pt-4 sm:flex-row sm:justify-end">
        <Link
          to={MERCHANT_PROFILE_PATH}
          className="inline-flex h-10 items-center justify-center rounded-control px-4 font-semibold text-fg text-sm no-underline hover:bg-muted"
        >
          Cancel
        </Link>
        <Button type="submit" loading={update.isPending}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}

/** `/merchant/profile/edit-profile` "Update Profile" (spec §2, §5): photo, names, phone. */
export function EditProfilePage() {
  useDocumentTitle("Update Profile");
  const user = useCurrentUser();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <Link
        to={MERCHANT_PROFILE_PATH}
        className="inline-flex items-center gap-1.5 self-start rounded-sm text-fg-muted text-sm no-underline hover:text-fg"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Profile
      </Link>
      <h1 className="font-bold text-2xl text-fg sm:text-3xl">Update Profile</h1>
      <Card>
        {user.isPending ? (
          <div aria-busy="true" className="flex flex-col gap-4">
            <span className="sr-only">Loading your profile</span>
            <Skeleton className="size-24 rounded-full" />
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-11 w-full" />
          </div>
        ) : user.isError ? (
          <QueryErrorState query={user} />
        ) : (
          <EditProfileForm user={user.data} />
        )}
      </Card>
    </div>
  );
}
