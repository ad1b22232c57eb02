import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import {
  ACCESS_MESSAGES,
  type CreateShopInput,
  type CreateShopValues,
  checkCreateShopFiles,
  checkShopImageFile,
  createShopSchema,
  INDUSTRIES,
  MAX_SHOP_IMAGE_BYTES,
} from "@tessera/shared";
import { type FormEvent, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { fieldBinder } from "@/components/form-fields";
import { Button, ImagePicker, Select, TextInput } from "@/components/ui";
import { MERCHANT_PROFILE_PATH } from "@/features/session";
import { ApiError } from "@/lib/api-client";
import { applyServerFieldErrors, useCheckedForm } from "@/lib/form-errors";
import { notifyError, notifySuccess } from "@/lib/notify";
import { rememberCreatedShop, useCreateShop } from "../create-shop";

/** Spec §4: create-shop form errors clear after 5 seconds. */
export const CREATE_SHOP_ERROR_TIMEOUT_MS = 5000;

const MAX_MB = MAX_SHOP_IMAGE_BYTES / (1024 * 1024);
/** Spec §5's advice under the two image fields. */
export const LOGO_ADVICE = `Square, at least 200x200 pixels, png, jpeg, heic, heif, up to ${MAX_MB}MB.`;
export const BANNER_ADVICE = `At least 2048x1152 and ${MAX_MB}MB or less.`;

const IMAGE_ACCEPT = "image/png,image/jpeg,image/heic,image/heif,.png,.jpg,.jpeg,.heic,.heif";

const industryOptions = INDUSTRIES.map((industry) => ({ value: industry, label: industry }));

type FileErrors = { logo?: string; banner?: string };
type ImageField = keyof FileErrors;
const IMAGE_FIELDS: readonly ImageField[] = ["logo", "banner"];
const IMAGE_PICKERS = {
  logo: { label: "Company Logo", aspect: "square", hint: LOGO_ADVICE },
  banner: { label: "Company Banner", aspect: "wide", hint: BANNER_ADVICE },
} as const;

/**
 * Shop Name, Industry, Company Logo and Company Banner (spec §2, §5). Files are checked with
 * the shared helpers as they are chosen and again on submit; the server decodes them for real.
 * Success → `/merchant/profile` (spec §4). A 403 means the e-mail is not verified yet.
 */
export function CreateShopForm({ onUnverified }: { onUnverified: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createShop = useCreateShop();
  const [files, setFiles] = useState<{ logo: File | null; banner: File | null }>({
    logo: null,
    banner: null,
  });
  const [fileErrors, setFileErrors] = useState<FileErrors>({});
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, submitCount },
  } = useCheckedForm<CreateShopInput, CreateShopValues>(zodResolver(createShopSchema), {
    name: "",
    industry: "",
  });
  const fieldProps = fieldBinder(register, errors);

  // Every error on the form goes away 5 s after it appeared (again after each submit).
  const errorSignature = [
    errors.name?.message,
    errors.industry?.message,
    fileErrors.logo,
    fileErrors.banner,
  ]
    .filter(Boolean)
    .join("\n");
  // biome-ignore lint/correctness/useExhaustiveDependencies: submitCount restarts the timer when a new submit shows the same errors
  useEffect(() => {
    if (!errorSignature) return;
    const timer = setTimeout(() => {
      clearErrors();
      setFileErrors({});
    }, CREATE_SHOP_ERROR_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [errorSignature, submitCount, clearErrors]);

  function chooseImage(field: ImageField, file: File | null) {
    const problem = file ? checkShopImageFile(file) : undefined;
    setFileErrors((current) => ({ ...current, [field]: problem }));
    // A refused file is not kept: the field shows why and stays empty.
    if (!problem) setFiles((current) => ({ ...current, [field]: file }));
  }

  function handleCreate(values: CreateShopValues) {
    const { logo, banner } = files;
    if (!logo || !banner) return;
    createShop.mutate(
      { name: values.name, industry: values.industry, logo, banner },
      {
        onSuccess: (data) => {
          notifySuccess(data.message || ACCESS_MESSAGES.shopCreated);
          navigate(MERCHANT_PROFILE_PATH, { replace: true });
          rememberCreatedShop(queryClient, data.shop);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 403) {
            notifyError(error);
            onUnverified();
            return;
          }
          const serverFileErrors: FileErrors = {
            logo: error instanceof ApiError ? error.errors?.logo : undefined,
            banner: error instanceof ApiError ? error.errors?.banner : undefined,
          };
          const hasFileErrors = Boolean(serverFileErrors.logo || serverFileErrors.banner);
          if (hasFileErrors) setFileErrors(serverFileErrors);
          const applied = applyServerFieldErrors(error, setError, ["name", "industry"]);
          if (!applied && !hasFileErrors) notifyError(error);
        },
      },
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Files are checked beside the schema so every field's message shows at once.
    const problems = checkCreateShopFiles(files);
    setFileErrors(problems);
    const hasFileProblems = Boolean(problems.logo || problems.banner);
    return handleSubmit((values) => {
      if (!hasFileProblems) handleCreate(values);
    })(event);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <TextInput
        label="Shop Name"
        required
        autoComplete="organization"
        placeholder="e.g. Bean There Coffee"
        {...fieldProps("name")}
      />
      <Select
        label="Industry"
        placeholder="Select an industry"
        options={industryOptions}
        hint="Optional. Helps us suggest the right setup."
        {...fieldProps("industry")}
      />
      {IMAGE_FIELDS.map((name) => (
        <ImagePicker
          key={name}
          {...IMAGE_PICKERS[name]}
          required
          accept={IMAGE_ACCEPT}
          value={files[name]}
          onChange={(file) => chooseImage(name, file)}
          error={fileErrors[name]}
          name={name}
        />
      ))}
      <Button type="submit" size="lg" fullWidth loading={createShop.isPending} className="mt-2">
        Create Shop
      </Button>
    </form>
  );
}
