import { zodResolver } from "@hookform/resolvers/zod";
import {
  CATALOGUE_MESSAGES,
  checkStoreBannerSize,
  checkStoreImageFile,
  checkStoreLogoSize,
  FILE_MESSAGES,
  FONT_STYLES,
  type ImageSize,
  INDUSTRIES,
  STORE_BANNER_SIZE,
  type StoreSettingsValues,
  storeSettingsSchema,
} from "@tessera/shared";
import { ArrowLeft } from "lucide-react";
import { useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link } from "react-router";
import { Alert, Button, Card, ImagePicker, Select, Textarea, TextInput } from "@/components/ui";
import { useCurrentUser } from "@/features/session";
import { applyServerFieldErrors, useClearErrorOnEdit } from "@/lib/form-errors";
import { readImageSize } from "@/lib/image-size";
import { notifyError, notifySuccess } from "@/lib/notify";
import { brandingStyle, useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useGoBack } from "@/lib/use-go-back";
import { useUpdateShop } from "../api";
import { ColorField } from "../components/color-field";

type FormValues = {
  name: string;
  tagline: string;
  industry: string;
  fontStyle: string;
  primaryColor: string;
  secondaryColor: string;
  timeZone: string;
};

const IMAGE_ACCEPT = "image/png,image/jpeg,.png,.jpg,.jpeg";
const industryOptions = INDUSTRIES.map((value) => ({ value, label: value }));
const fontOptions = FONT_STYLES.map((value) => ({ value, label: value }));
const { recommended } = STORE_BANNER_SIZE;
export const LOGO_ADVICE = "Exactly 200x200 pixels; PNG, JPEG or JPG up to 5MB.";
export const COVER_ADVICE = `${STORE_BANNER_SIZE.minWidth}-${STORE_BANNER_SIZE.maxWidth} x ${STORE_BANNER_SIZE.minHeight}-${STORE_BANNER_SIZE.maxHeight} pixels (best ${recommended.width}x${recommended.height}); PNG, JPEG or JPG up to 5MB.`;

function timeZoneOptions(current: string) {
  const zones =
    typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const all = zones.includes(current) ? zones : [current, ...zones];
  return all.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }));
}

type ImageKind = "logo" | "banner";

async function checkStoreImage(kind: ImageKind, file: File): Promise<string | undefined> {
  const fileError = checkStoreImageFile(file);
  if (fileError) return fileError;
  const size: ImageSize | null = await readImageSize(file);
  if (!size) return FILE_MESSAGES.corrupt;
  return kind === "logo" ? checkStoreLogoSize(size) : checkStoreBannerSize(size);
}

/**
 * Customize Store (spec §2, §5), at `/merchant/profile/store-setting` and the storefront's
 * `storefront-settings`: name, tagline, font, industry, colours, logo (200×200), cover photo
 * (480–520 × 250–290), time zone. Owner only. Saving updates the shop everywhere at once and
 * goes back (spec §4).
 */
export function StoreSettingsPage({ backPath }: { backPath: string }) {
  useDocumentTitle("Customize Store");
  const shop = useCurrentShop();
  const user = useCurrentUser();
  const update = useUpdateShop();
  const goBack = useGoBack(backPath);
  const [files, setFiles] = useState<Record<ImageKind, File | null>>({ logo: null, banner: null });
  const [fileErrors, setFileErrors] = useState<Partial<Record<ImageKind, string>>>({});
  const zones = useMemo(() => timeZoneOptions(shop.timeZone), [shop.timeZone]);
  const isOwner = user.data?.role === "owner";
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    clearErrors,
    formState: { errors },
  } = useForm<FormValues, unknown, StoreSettingsValues>({
    resolver: zodResolver(storeSettingsSchema) as never,
    defaultValues: {
      name: shop.name,
      tagline: shop.tagline ?? "",
      industry: shop.industry ?? "",
      fontStyle: shop.fontStyle,
      primaryColor: shop.primaryColor,
      secondaryColor: shop.secondaryColor,
      timeZone: shop.timeZone,
    },
    reValidateMode: "onSubmit",
  });
  useClearErrorOnEdit(watch, clearErrors);
  const preview = watch(["primaryColor", "secondaryColor", "fontStyle"]);

  async function chooseImage(kind: ImageKind, file: File | null) {
    setFiles((current) => ({ ...current, [kind]: file }));
    const message = file ? await checkStoreImage(kind, file) : undefined;
    setFileErrors((current) => ({ ...current, [kind]: message }));
  }

  const onSubmit = handleSubmit((values) => {
    if (fileErrors.logo || fileErrors.banner) return;
    update.mutate(
      { shopId: shop.id, values, logo: files.logo, banner: files.banner },
      {
        onSuccess: (response) => {
          notifySuccess(response.message || CATALOGUE_MESSAGES.storeUpdated);
          goBack();
        },
        onError: (error) => {
          const fields = [
            "name",
            "tagline",
            "industry",
            "fontStyle",
            "primaryColor",
            "secondaryColor",
            "timeZone",
          ] as const;
          if (!applyServerFieldErrors(error, setError, fields)) notifyError(error);
        },
      },
    );
  });

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <Link
        to={backPath}
        className="inline-flex items-center gap-1.5 self-start rounded-sm text-fg-muted text-sm no-underline hover:text-fg"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back
      </Link>
      <h1 className="font-bold text-2xl text-fg sm:text-3xl">Customize Store</h1>
      {user.data && !isOwner ? (
        <Alert tone="info">Only the shop owner can customize the store.</Alert>
      ) : null}
      <Card>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          <fieldset disabled={!isOwner || update.isPending} className="flex flex-col gap-5">
            <TextInput
              label="Company name"
              required
              error={errors.name?.message}
              {...register("name")}
            />
            <Textarea
              label="Tagline"
              required
              rows={2}
              error={errors.tagline?.message}
              {...register("tagline")}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Select
                label="Font style"
                required
                options={fontOptions}
                placeholder="Select a font"
                error={errors.fontStyle?.message}
                {...register("fontStyle")}
              />
              <Select
                label="Industry"
                required
                options={industryOptions}
                placeholder="Select an industry"
                error={errors.industry?.message}
                {...register("industry")}
              />
              <Controller
                control={control}
                name="primaryColor"
                render={({ field }) => (
                  <ColorField
                    label="Primary color"
                    value={field.value}
                    onChange={field.onChange}
                    error={errors.primaryColor?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="secondaryColor"
                render={({ field }) => (
                  <ColorField
                    label="Secondary color"
                    value={field.value}
                    onChange={field.onChange}
                    error={errors.secondaryColor?.message}
                  />
                )}
              />
            </div>
            <div
              aria-hidden="true"
              style={brandingStyle({
                primaryColor: preview[0],
                secondaryColor: preview[1],
                fontStyle: preview[2],
              })}
              className="flex items-center justify-between gap-3 rounded-control bg-secondary p-4"
            >
              <span className="text-fg">The quick brown fox jumps over the lazy dog</span>
              <span className="rounded-control bg-primary-solid px-3 py-1.5 font-semibold text-on-primary text-sm">
                Button
              </span>
            </div>
            <div className="grid gap-4 sm:grid-cols-[auto_1fr]">
              <ImagePicker
                label="Logo"
                aspect="square"
                value={files.logo}
                onChange={(file) => void chooseImage("logo", file)}
                accept={IMAGE_ACCEPT}
                hint={LOGO_ADVICE}
                error={fileErrors.logo}
              />
              <ImagePicker
                label="Cover photo"
                value={files.banner}
                onChange={(file) => void chooseImage("banner", file)}
                accept={IMAGE_ACCEPT}
                hint={COVER_ADVICE}
                error={fileErrors.banner}
              />
            </div>
            <Select
              label="Time zone"
              options={zones}
              hint="Offer dates and report periods follow this time zone."
              error={errors.timeZone?.message}
              {...register("timeZone")}
            />
          </fieldset>
          <div className="flex flex-col-reverse gap-2 border-line border-t pt-4 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={goBack} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending} disabled={!isOwner}>
              Save Changes
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
