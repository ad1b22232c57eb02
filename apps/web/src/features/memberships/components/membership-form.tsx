import { zodResolver } from "@hookform/resolvers/zod";
import {
  CATALOGUE_MESSAGES,
  type MembershipTierInput,
  type MembershipTierValues,
  membershipTierSchema,
  RENEWAL_OPTIONS,
  type Tier,
} from "@tessera/shared";
import { Plus, Trash2 } from "lucide-react";
import { Controller, useFieldArray } from "react-hook-form";
import { FormActions } from "@/components/form-actions";
import { fieldBinder } from "@/components/form-fields";
import { Alert, Button, IconButton, Select, Switch, Textarea, TextInput } from "@/components/ui";
import { applyServerFieldErrors, useCheckedForm } from "@/lib/form-errors";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useSaveMembership } from "../api";
import {
  type BenefitRow,
  canAddBenefitRow,
  canRemoveBenefitRow,
  EMPTY_BENEFIT_ROW,
  lastRowErrors,
} from "./benefit-rows";

type FormValues = Omit<MembershipTierInput, "Benefits" | "price" | "cashbackReward"> & {
  price: string;
  cashbackReward: string;
  rewardFrequency: string;
  Benefits: BenefitRow[];
};

const renewalOptions = RENEWAL_OPTIONS.map((option) => ({ ...option }));
const frequencyOptions = [{ value: "", label: "Every renewal" }, ...renewalOptions];

function toFormValues(tier: Tier | undefined): FormValues {
  if (!tier) {
    return {
      name: "",
      description: "",
      price: "",
      cashbackReward: "",
      renewal: "monthly",
      rewardFrequency: "",
      status: "active",
      Benefits: [{ ...EMPTY_BENEFIT_ROW }],
    };
  }
  return {
    name: tier.name,
    description: tier.description,
    price: String(tier.price),
    cashbackReward: String(tier.cashbackReward),
    renewal: tier.renewal,
    rewardFrequency: tier.rewardFrequency === tier.renewal ? "" : tier.rewardFrequency,
    status: tier.status === "inactive" ? "inactive" : "active",
    Benefits:
      tier.Benefits.length > 0
        ? tier.Benefits.map((b) => ({
            id: b.id,
            name: b.name,
            worth: String(b.worth),
            benefitType: "monthly",
          }))
        : [{ ...EMPTY_BENEFIT_ROW }],
  };
}

const SERVER_FIELDS = [
  "name",
  "description",
  "price",
  "cashbackReward",
  "renewal",
  "rewardFrequency",
  "status",
] as const;

/**
 * Create/Edit Membership Tier (spec §2, §4, §5): name, description, price, cashback reward,
 * renewal, Publish switch and benefit rows. A row is added only when the last one is complete
 * and the last row can never be deleted. Checked with the shared `membershipTierSchema`.
 */
export function MembershipForm({
  tier,
  onSaved,
  onCancel,
}: {
  tier?: Tier;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const save = useSaveMembership();
  const isReadOnly = tier?.status === "deleted";
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    watch,
    formState: { errors },
  } = useCheckedForm<FormValues, MembershipTierValues>(
    // The form holds typed text; the schema turns it into the payload.
    zodResolver(membershipTierSchema) as never,
    toFormValues(tier),
  );
  const fieldProps = fieldBinder(register, errors);
  const benefits = useFieldArray({ control, name: "Benefits" });
  const rows = watch("Benefits");

  function addRow() {
    const current = getValues("Benefits");
    if (!canAddBenefitRow(current)) {
      const index = current.length - 1;
      const rowErrors = lastRowErrors(current);
      if (rowErrors.name) setError(`Benefits.${index}.name`, { message: rowErrors.name });
      if (rowErrors.worth) setError(`Benefits.${index}.worth`, { message: rowErrors.worth });
      return;
    }
    benefits.append({ ...EMPTY_BENEFIT_ROW }, { shouldFocus: true });
  }

  const onSubmit = handleSubmit((values) => {
    save.mutate(tier ? { ...values, id: tier.id } : values, {
      onSuccess: (response) => {
        notifySuccess(
          response.message ||
            (tier ? CATALOGUE_MESSAGES.membershipUpdated : CATALOGUE_MESSAGES.membershipCreated),
        );
        onSaved();
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, setError, SERVER_FIELDS)) notifyError(error);
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {isReadOnly ? <Alert tone="warning">{CATALOGUE_MESSAGES.membershipReadOnly}</Alert> : null}
      <fieldset disabled={isReadOnly || save.isPending} className="flex flex-col gap-4">
        <TextInput label="Name" required {...fieldProps("name")} />
        <Textarea label="Description" required {...fieldProps("description")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label="Price"
            required
            inputMode="decimal"
            startAdornment="$"
            {...fieldProps("price")}
          />
          <TextInput
            label="Cashback reward"
            required
            inputMode="decimal"
            startAdornment="$"
            hint="Credited to the member's wallet each period"
            {...fieldProps("cashbackReward")}
          />
          <Select label="Renewal" required options={renewalOptions} {...fieldProps("renewal")} />
          <Select
            label="Cashback credited"
            options={frequencyOptions}
            {...fieldProps("rewardFrequency")}
          />
        </div>
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <Switch
              label="Publish"
              hint="Published tiers show on your storefront; unpublished ones are archived."
              checked={field.value === "active"}
              onCheckedChange={(on) => field.onChange(on ? "active" : "inactive")}
              disabled={isReadOnly}
            />
          )}
        />

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 font-semibold text-fg text-sm">Benefits</legend>
          {errors.Benefits?.root?.message || errors.Benefits?.message ? (
            <p className="text-danger-ink text-sm">
              {errors.Benefits?.root?.message ?? errors.Benefits?.message}
            </p>
          ) : null}
          <ul className="flex flex-col gap-3">
            {benefits.fields.map((field, index) => (
              <li
                key={field.id}
                className="grid grid-cols-[1fr_auto] items-start gap-2 rounded-control border border-line p-3 sm:grid-cols-[1fr_9rem_auto]"
              >
                <TextInput
                  label={`Benefit ${index + 1} name`}
                  size="sm"
                  containerClassName="max-sm:col-span-2"
                  {...fieldProps(`Benefits.${index}.name`)}
                />
                <TextInput
                  label="Worth"
                  size="sm"
                  inputMode="decimal"
                  startAdornment="$"
                  {...fieldProps(`Benefits.${index}.worth`)}
                />
                <IconButton
                  aria-label={`Delete benefit ${index + 1}`}
                  variant="ghost"
                  className="mt-6 text-fg-muted hover:text-danger-ink"
                  disabled={!canRemoveBenefitRow(rows)}
                  onClick={() => benefits.remove(index)}
                >
                  <Trash2 aria-hidden="true" />
                </IconButton>
              </li>
            ))}
          </ul>
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            leftIcon={<Plus aria-hidden="true" className="size-4" />}
            onClick={addRow}
          >
            Add benefit
          </Button>
        </fieldset>
      </fieldset>
      <FormActions
        onCancel={onCancel}
        pending={save.isPending}
        submitLabel={tier ? "Save Changes" : "Create Membership"}
        submitDisabled={isReadOnly}
      />
    </form>
  );
}
