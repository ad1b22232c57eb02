import { zodResolver } from "@hookform/resolvers/zod";
import {
  CATALOGUE_MESSAGES,
  checkOfferImage,
  checkOfferImageFile,
  MAX_IMAGE_BYTES,
  makeOfferCreateSchema,
  makeOfferUpdateSchema,
  OFFER_IMAGE_SIZE,
  type Offer,
  type OfferValues,
  todayInTimeZone,
} from "@tessera/shared";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { useNavigate } from "react-router";
import { FormActions } from "@/components/form-actions";
import { fieldBinder } from "@/components/form-fields";
import { ImagePicker, Switch, Textarea, TextInput } from "@/components/ui";
import { applyServerFieldErrors, useCheckedForm } from "@/lib/form-errors";
import { readImageSize } from "@/lib/image-size";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useCurrentShop } from "@/lib/shop-branding";
import { useSaveOffer } from "../api";
import { offersPathAfterSave } from "../offer-tabs";
import { OFFER_TOGGLES, type OfferToggle, toggleOfferLimit } from "./offer-toggles";

type FormValues = {
  offerName: string;
  description: string;
  redemptionInstructions: string;
  offerPrice: string;
  originalPrice: string;
  isLimited: boolean;
  quantity: string;
  isLimitedPerUser: boolean;
  limitPerUser: string;
  hasValidity: boolean;
  validityDays: string;
  startDate: string;
  endDate: string;
};

const IMAGE_ACCEPT = "image/png,image/jpeg,image/heic,image/heif,.png,.jpg,.jpeg,.heic,.heif";
const { recommended } = OFFER_IMAGE_SIZE;
/** Spec §5 advice: recommended size, types and the 5 MB limit. */
export const OFFER_IMAGE_ADVICE = `Recommended ${recommended.width} x ${recommended.height} px (${OFFER_IMAGE_SIZE.minWidth}-${OFFER_IMAGE_SIZE.maxWidth} wide, ${OFFER_IMAGE_SIZE.minHeight}-${OFFER_IMAGE_SIZE.maxHeight} high); png, jpeg, jpg, heic or heif up to ${MAX_IMAGE_BYTES / (1024 * 1024)} MB.`;

const SERVER_FIELDS = [
  "offerName",
  "description",
  "redemptionInstructions",
  "offerPrice",
  "originalPrice",
  "quantity",
  "limitPerUser",
  "validityDays",
  "startDate",
  "endDate",
] as const;

function toFormValues(offer: Offer | undefined, today: string): FormValues {
  return {
    offerName: offer?.offerName ?? "",
    description: offer?.description ?? "",
    redemptionInstructions: offer?.redemptionInstructions ?? "",
    offerPrice: offer ? String(offer.offerPrice) : "",
    originalPrice: offer?.originalPrice != null ? String(offer.originalPrice) : "",
    isLimited: offer?.isLimited ?? false,
    quantity: String(offer?.quantity ?? 0),
    isLimitedPerUser: offer?.isLimitedPerUser ?? false,
    limitPerUser: String(offer?.limitPerUser ?? 0),
    hasValidity: offer?.hasValidity ?? false,
    validityDays: String(offer?.validityDays ?? 0),
    // Spec §9: a new offer's dates default to today (the shop's).
    startDate: offer?.startDate ?? today,
    endDate: offer?.endDate ?? today,
  };
}

const TOGGLE_LABELS: Record<OfferToggle, { label: string; field: string; hint: string }> = {
  isLimited: { label: "Limit quantity", field: "Quantity", hint: "How many can be sold in all" },
  isLimitedPerUser: {
    label: "Limit per user",
    field: "Limit per user",
    hint: "How many one customer can buy",
  },
  hasValidity: {
    label: "Validity",
    field: "Validity (days)",
    hint: "Days a purchase stays redeemable",
  },
};

/**
 * Create/Update Offer (spec §2, §5): image, name, description, prices, the three toggles with
 * their numbers, and dates. Checked with the shared offer schema against the shop's today; on
 * success the merchant goes to the Offers tab the dates put the offer in (spec §4).
 */
export function OfferForm({ offer, onCancel }: { offer?: Offer; onCancel: () => void }) {
  const shop = useCurrentShop();
  const navigate = useNavigate();
  const save = useSaveOffer();
  const today = todayInTimeZone(shop.timeZone, new Date());
  const mode = offer ? "update" : "create";
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    clearErrors,
    formState: { errors },
  } = useCheckedForm<FormValues, OfferValues>(
    zodResolver(
      offer
        ? makeOfferUpdateSchema(today, { startDate: offer.startDate, endDate: offer.endDate })
        : makeOfferCreateSchema(today),
    ) as never,
    toFormValues(offer, today),
  );
  const fieldProps = fieldBinder(register, errors);

  async function chooseImage(file: File | null) {
    setImage(file);
    if (!file) {
      setImageError(undefined);
      return;
    }
    const fileError = checkOfferImageFile(file);
    if (fileError) {
      setImageError(fileError);
      return;
    }
    const size = await readImageSize(file);
    setImageError(checkOfferImage({ file, size, mode }));
  }

  function toggle(name: OfferToggle, on: boolean) {
    const change = toggleOfferLimit(name, on);
    setValue(change.toggle, change.on);
    setValue(change.field, change.value);
    clearErrors(change.field);
  }

  const onSubmit = handleSubmit(
    async (values) => {
      const size = image ? await readImageSize(image) : null;
      const message = checkOfferImage({ file: image, size, mode, hasExisting: Boolean(offer) });
      if (message) {
        setImageError(message);
        return;
      }
      save.mutate(
        { values, image, id: offer?.id },
        {
          onSuccess: (response) => {
            notifySuccess(
              response.message ||
                (offer ? CATALOGUE_MESSAGES.offerUpdated : CATALOGUE_MESSAGES.offerCreated),
            );
            navigate(offersPathAfterSave(response.offer, shop.timeZone));
          },
          onError: (error) => {
            if (!applyServerFieldErrors(error, setError, SERVER_FIELDS)) notifyError(error);
          },
        },
      );
    },
    () => {
      // Show the image message with the others, not only after the fields pass.
      if (!image && !offer) setImageError(checkOfferImage({ file: null, mode }));
    },
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <fieldset disabled={save.isPending} className="flex flex-col gap-5">
        <div>
          {offer && !image ? (
            <div className="mb-3 flex items-center gap-3">
              <img
                src={offer.offerImage}
                alt=""
                className="h-16 w-26 rounded-md object-cover ring-1 ring-line"
              />
              <p className="text-fg-muted text-sm">
                Current image. Choose a new one to replace it.
              </p>
            </div>
          ) : null}
          <ImagePicker
            label="Offer image"
            required={!offer}
            value={image}
            onChange={(file) => void chooseImage(file)}
            accept={IMAGE_ACCEPT}
            hint={OFFER_IMAGE_ADVICE}
            error={imageError}
          />
        </div>
        <TextInput label="Offer name" required {...fieldProps("offerName")} />
        <Textarea label="Description" required {...fieldProps("description")} />
        <Textarea
          label="Redemption instructions"
          rows={2}
          hint="Optional: how the customer uses the offer"
          {...fieldProps("redemptionInstructions")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label="Original price"
            inputMode="decimal"
            startAdornment="$"
            hint="Optional"
            {...fieldProps("originalPrice")}
          />
          <TextInput
            label="Offer price"
            required
            inputMode="decimal"
            startAdornment="$"
            {...fieldProps("offerPrice")}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          {(Object.keys(OFFER_TOGGLES) as OfferToggle[]).map((name) => {
            const field = OFFER_TOGGLES[name];
            const labels = TOGGLE_LABELS[name];
            return (
              <div
                key={name}
                className="flex flex-col gap-2 rounded-control border border-line p-3"
              >
                <Controller
                  control={control}
                  name={name}
                  render={({ field: toggleField }) => (
                    <Switch
                      label={labels.label}
                      checked={toggleField.value}
                      onCheckedChange={(on) => toggle(name, on)}
                    />
                  )}
                />
                <TextInput
                  label={labels.field}
                  size="sm"
                  inputMode="numeric"
                  hint={labels.hint}
                  disabled={!watch(name)}
                  {...fieldProps(field)}
                />
              </div>
            );
          })}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput label="Start date" type="date" required {...fieldProps("startDate")} />
          <TextInput label="End date" type="date" required {...fieldProps("endDate")} />
        </div>
      </fieldset>
      <FormActions
        onCancel={onCancel}
        pending={save.isPending}
        submitLabel={offer ? "Update Offer" : "Create Offer"}
      />
    </form>
  );
}
