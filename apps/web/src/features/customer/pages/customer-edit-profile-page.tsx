import { zodResolver } from "@hookform/resolvers/zod";
import {
  CATALOGUE_MESSAGES,
  type Customer,
  checkProfilePictureFile,
  FILE_MESSAGES,
  type ProfileInput,
  type ProfileValues,
  profileSchema,
} from "@tessera/shared";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import {
  Avatar,
  Button,
  buttonClassName,
  Card,
  CountryPhoneInput,
  countryOfPhoneNumber,
  ImagePicker,
  QueryErrorState,
  Skeleton,
  TextInput,
} from "@/components/ui";
import { ApiError } from "@/lib/api-client";
import { applyServerFieldErrors, useClearErrorOnEdit } from "@/lib/form-errors";
import { translateText } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { readImageSize } from "@/lib/image-size";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useUpdateCustomerProfile } from "../api";
import { useSignedInCustomer } from "../components/customer-header";
import { SignedOutNotice } from "../components/signed-out-notice";
import { profileOverviewPath } from "../dashboard";

type FormValues = {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  phoneCountry: string;
};

const PICTURE_ACCEPT = "image/png,image/jpeg,.png,.jpg,.jpeg";

const PROFILE_FIELDS = ["firstName", "lastName", "phoneNumber", "phoneCountry"] as const;

const translated = (message: string | undefined) => message && translateText(message);

function EditProfileForm({ customer, customerId }: { customer: Customer; customerId: number }) {
  const shop = useCurrentShop();
  const navigate = useNavigate();
  const update = useUpdateCustomerProfile(shop.id);
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | undefined>();
  const { t } = useT();
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
      firstName: customer.firstName,
      lastName: customer.lastName,
      phoneNumber: customer.phoneNumber ?? "",
      phoneCountry: countryOfPhoneNumber(customer.phoneNumber),
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
      { customerId, values, picture },
      {
        onSuccess: (response) => {
          notifySuccess(response.message || CATALOGUE_MESSAGES.profileUpdated);
          navigate(profileOverviewPath(shop.id));
        },
        onError: (error) => {
          if (applyServerFieldErrors(error, setError, PROFILE_FIELDS)) return;
          // The picture's own checks failed on the server (type, size, unreadable).
          const pictureMessage = error instanceof ApiError ? error.errors?.profilePicture : null;
          if (pictureMessage) return setPictureError(pictureMessage);
          notifyError(error);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <fieldset disabled={update.isPending} className="flex flex-col gap-5">
        <legend className="sr-only">{t("Your details")}</legend>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          {picture ? null : (
            <Avatar src={customer.profilePicture} alt={t("Current profile picture")} size="xl" />
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
            error={translated(errors.firstName?.message)}
            {...register("firstName")}
          />
          <TextInput
            label={t("Last name")}
            required
            autoComplete="family-name"
            error={translated(errors.lastName?.message)}
            {...register("lastName")}
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
      <div className="flex flex-col-reverse gap-2 border-line border-t pt-4 sm:flex-row sm:justify-end">
        <Link
          to={profileOverviewPath(shop.id)}
          className={buttonClassName({ variant: "outline", className: "no-underline" })}
        >
          {t("Cancel")}
        </Link>
        <Button type="submit" loading={update.isPending}>
          {t("Save Changes")}
        </Button>
      </div>
    </form>
  );
}

/**
 * `/{shopId}/customer/profile-overview/edit-profile` (spec §2, §5 "Profile edit"): picture
 * (JPG/JPEG/PNG up to 5MB), first and last name (3+ letters), phone valid for the picked
 * country (default US). Saved → toast and back to the profile overview.
 */
export function CustomerEditProfilePage() {
  const shop = useCurrentShop();
  const { t } = useT();
  useDocumentTitle(t("Update Profile · {shopName}", { shopName: shop.name }));
  const { customerId, dashboard } = useSignedInCustomer();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <Link
        to={profileOverviewPath(shop.id)}
        className="inline-flex items-center gap-1.5 self-start rounded-sm text-fg-muted text-sm no-underline hover:text-fg"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t("Back to Profile")}
      </Link>
      <h1 className="font-bold text-2xl text-fg sm:text-3xl">{t("Update Profile")}</h1>
      <Card>
        {customerId === null ? (
          <SignedOutNotice />
        ) : dashboard.isPending ? (
          <div aria-busy="true" className="flex flex-col gap-4">
            <span className="sr-only">{t("Loading your profile")}</span>
            <Skeleton className="size-24 rounded-full" />
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-11 w-full" />
          </div>
        ) : dashboard.isError ? (
          <QueryErrorState query={dashboard} />
        ) : (
          <EditProfileForm customer={dashboard.data.customer} customerId={customerId} />
        )}
      </Card>
    </div>
  );
}
