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
  STORE_LOGO_SIZE,
  type StoreSettingsValues,
  storeSettingsSchema,
} from "@tessera/shared";
import { Crop } from "lucide-react";
import { useMemo, useState } from "react";
import { Controller } from "react-hook-form";
import { BackLink } from "@/components/back-link";
import { FormActions } from "@/components/form-actions";
import { fieldBinder } from "@/components/form-fields";
import { ImageCropDialog } from "@/components/image-crop-dialog";
import { Alert, Button, Card, ImagePicker, Select, Textarea, TextInput } from "@/components/ui";
import { useCurrentUser } from "@/features/session";
import { applyServerFieldErrors, useCheckedForm } from "@/lib/form-errors";
import { readImageSize } from "@/lib/image-size";
import { notifyError, notifySuccess } from "@/lib/notify";
import { brandingStyle, useBrandFont, useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useGoBack } from "@/lib/use-go-back";
import { useUpdateShop } from "../api";
import { ColorField } from "../components/color-field";
import { CustomerAccessFields, type FormValues } from "../components/customer-access-fields";
import { ReminderSettings } from "../components/reminder-settings";

/** The fields whose server errors show on the form. */
const SERVER_FIELDS = [
  "name",
  "tagline",
  "industry",
  "fontStyle",
  "primaryColor",
  "secondaryColor",
  "timeZone",
  "defaultLocale",
] as const;

const IMAGE_ACCEPT = "image/png,image/jpeg,.png,.jpg,.jpeg";
const industryOptions = INDUSTRIES.map((value) => ({ value, label: value }));
const fontOptions = FONT_STYLES.map((value) => ({ value, label: value }));
const BRAND_COLORS = [
  { name: "primaryColor", label: "Primary color" },
  { name: "secondaryColor", label: "Secondary color" },
] as const;
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
const IMAGE_KINDS: readonly ImageKind[] = ["logo", "banner"];
const IMAGE_PICKERS = {
  logo: { label: "Logo", aspect: "square", hint: LOGO_ADVICE },
  banner: { label: "Cover photo", aspect: "wide", hint: COVER_ADVICE },
} as const;

/** The crop targets: the logo's exact size, the cover's recommended size (within its range). */
const CROP_OUTPUT = { logo: STORE_LOGO_SIZE, banner: recommended } as const;
const CROP_TITLE = { logo: "Crop logo", banner: "Crop cover photo" } as const;

interface ImageCheck {
  message?: string;
  /** The file is a readable PNG/JPEG of the wrong size: the crop can fix it. */
  croppable: boolean;
}

async function checkStoreImage(kind: ImageKind, file: File): Promise<ImageCheck> {
  const fileError = checkStoreImageFile(file);
  if (fileError) return { message: fileError, croppable: false };
  const size: ImageSize | null = await readImageSize(file);
  if (!size) return { message: FILE_MESSAGES.corrupt, croppable: false };
  const message = kind === "logo" ? checkStoreLogoSize(size) : checkStoreBannerSize(size);
  return { message, croppable: Boolean(message) };
}

function CurrentImage({ kind, src }: { kind: ImageKind; src: string | null | undefined }) {
  const label = kind === "logo" ? "Current logo" : "Current cover photo";
  const [failed, setFailed] = useState(false);
  return (
    <figure className="flex shrink-0 flex-col gap-1.5">
      <figcaption className="font-medium text-fg text-sm">{label}</figcaption>
      <div
        className={
          kind === "logo"
            ? "flex size-24 items-center justify-center overflow-hidden rounded-xl bg-muted ring-1 ring-line"
            : "flex aspect-[502/270] w-full items-center justify-center overflow-hidden rounded-lg bg-muted ring-1 ring-line sm:w-48"
        }
      >
        {src && !failed ? (
          <img
            src={src}
            alt={label}
            className="size-full object-cover"
            onError={() => setFailed(true)}
          />
        ) : (
          <span className="px-2 text-center text-fg-subtle text-xs">
            {failed ? "Image unavailable" : "None yet"}
          </span>
        )}
      </div>
    </figure>
  );
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
  const [croppable, setCroppable] = useState<Partial<Record<ImageKind, boolean>>>({});
  const [cropping, setCropping] = useState<{ kind: ImageKind; file: File } | null>(null);
  const zones = useMemo(() => timeZoneOptions(shop.timeZone), [shop.timeZone]);
  const isOwner = user.data?.role === "owner";
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useCheckedForm<FormValues, StoreSettingsValues>(zodResolver(storeSettingsSchema) as never, {
    name: shop.name,
    tagline: shop.tagline ?? "",
    industry: shop.industry ?? "",
    fontStyle: shop.fontStyle,
    primaryColor: shop.primaryColor,
    secondaryColor: shop.secondaryColor,
    timeZone: shop.timeZone,
    codeSignUp: shop.codeSignUp,
    defaultLocale: shop.defaultLocale,
    followBrowserLocale: shop.followBrowserLocale,
  });
  const fieldProps = fieldBinder(register, errors);
  const preview = watch(["primaryColor", "secondaryColor", "fontStyle"]);
  useBrandFont(preview[2]);

  async function chooseImage(kind: ImageKind, file: File | null) {
    setFiles((current) => ({ ...current, [kind]: file }));
    const check = file ? await checkStoreImage(kind, file) : { croppable: false };
    setFileErrors((current) => ({ ...current, [kind]: check.message }));
    setCroppable((current) => ({ ...current, [kind]: check.croppable }));
  }

  /** A picture of the wrong size can be cropped to fit (DOMAIN "Shop images"). */
  function cropButton(kind: ImageKind) {
    const file = files[kind];
    if (!file || !croppable[kind] || !fileErrors[kind]) return null;
    return (
      <Button
        size="sm"
        variant="secondary"
        className="mt-2"
        disabled={!isOwner || update.isPending}
        leftIcon={<Crop aria-hidden="true" className="size-4" />}
        onClick={() => setCropping({ kind, file })}
      >
        {kind === "logo" ? "Crop logo to size" : "Crop cover photo to size"}
      </Button>
    );
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
          if (!applyServerFieldErrors(error, setError, SERVER_FIELDS)) notifyError(error);
        },
      },
    );
  });

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <BackLink to={backPath}>Back</BackLink>
      <h1 className="font-bold text-2xl text-fg sm:text-3xl">Customize Store</h1>
      {user.data && !isOwner ? (
        <Alert tone="info">Only the shop owner can customize the store.</Alert>
      ) : null}
      <Card>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          <fieldset disabled={!isOwner || update.isPending} className="flex flex-col gap-5">
            <TextInput label="Company name" required {...fieldProps("name")} />
            <Textarea label="Tagline" required rows={2} {...fieldProps("tagline")} />
            <div className="grid gap-4 sm:grid-cols-2">
              <Select
                label="Font style"
                required
                options={fontOptions}
                placeholder="Select a font"
                {...fieldProps("fontStyle")}
              />
              <Select
                label="Industry"
                required
                options={industryOptions}
                placeholder="Select an industry"
                {...fieldProps("industry")}
              />
              {BRAND_COLORS.map(({ name, label }) => (
                <Controller
                  key={name}
                  control={control}
                  name={name}
                  render={({ field }) => (
                    <ColorField
                      label={label}
                      value={field.value}
                      onChange={field.onChange}
                      error={errors[name]?.message}
                    />
                  )}
                />
              ))}
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
            {IMAGE_KINDS.map((kind) => (
              <div key={kind} className="flex flex-col gap-4 sm:flex-row sm:items-start">
                <CurrentImage kind={kind} src={shop[kind]} />
                <div className="min-w-0 flex-1">
                  <ImagePicker
                    {...IMAGE_PICKERS[kind]}
                    value={files[kind]}
                    onChange={(file) => void chooseImage(kind, file)}
                    accept={IMAGE_ACCEPT}
                    error={fileErrors[kind]}
                  />
                  {cropButton(kind)}
                </div>
              </div>
            ))}
            <Select
              label="Time zone"
              options={zones}
              hint="Offer dates and report periods follow this time zone."
              {...fieldProps("timeZone")}
            />
            <CustomerAccessFields
              control={control}
              error={errors.defaultLocale?.message}
              disabled={!isOwner || update.isPending}
            />
          </fieldset>
          <FormActions
            onCancel={goBack}
            pending={update.isPending}
            submitLabel="Save Changes"
            submitDisabled={!isOwner}
          />
        </form>
      </Card>
      {isOwner ? <ReminderSettings /> : null}
      <ImageCropDialog
        file={cropping?.file ?? null}
        output={cropping ? CROP_OUTPUT[cropping.kind] : STORE_LOGO_SIZE}
        title={cropping ? CROP_TITLE[cropping.kind] : ""}
        onCancel={() => setCropping(null)}
        onCrop={(file) => {
          const kind = cropping?.kind;
          setCropping(null);
          if (kind) void chooseImage(kind, file);
        }}
      />
    </div>
  );
}
