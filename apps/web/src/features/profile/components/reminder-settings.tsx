import { zodResolver } from "@hookform/resolvers/zod";
import {
  EMAIL_SETTINGS_MESSAGES,
  type ReminderLeadDays,
  reminderLeadDaysSchema,
} from "@tessera/shared";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Button, QueryErrorState, Skeleton, TextInput } from "@/components/ui";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useReminderLeadDays, useUpdateReminderLeadDays } from "../api";
import { SettingsCard } from "./settings-card";

/** Each plan length's lead time, with the most days the API accepts for it. */
const FIELDS = [
  { name: "yearlyReminderDays", label: "Yearly plans (days before)", max: 60 },
  { name: "monthlyReminderDays", label: "Monthly plans (days before)", max: 14 },
] as const;

/**
 * Renewal reminders (issue 17), on Customize Store for the owner: how many days before a yearly
 * and a monthly renewal members get the reminder e-mail.
 */
export function ReminderSettings() {
  const settings = useReminderLeadDays(true);
  const update = useUpdateReminderLeadDays();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<ReminderLeadDays>({
    resolver: zodResolver(reminderLeadDaysSchema),
    reValidateMode: "onSubmit",
  });
  // The form starts from the saved values once they arrive (and after each save).
  useEffect(() => {
    if (settings.data) reset(settings.data);
  }, [settings.data, reset]);

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => notifySuccess(EMAIL_SETTINGS_MESSAGES.leadDaysSaved),
      onError: (error) => {
        const names = FIELDS.map((field) => field.name);
        if (!applyServerFieldErrors(error, setError, names)) notifyError(error);
      },
    }),
  );

  return (
    <SettingsCard
      title="Renewal reminders"
      description="Members get an e-mail this many days before their membership renews."
      busy={settings.isPending}
    >
      {settings.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : settings.isError ? (
        <QueryErrorState query={settings} title="Could not load the reminder settings" />
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <fieldset disabled={update.isPending} className="grid gap-4 sm:grid-cols-2">
            {FIELDS.map((field) => (
              <TextInput
                key={field.name}
                label={field.label}
                type="number"
                inputMode="numeric"
                min={1}
                max={field.max}
                hint={`1 to ${field.max} days.`}
                error={errors[field.name]?.message}
                {...register(field.name, { valueAsNumber: true })}
              />
            ))}
          </fieldset>
          <div className="flex justify-end border-line border-t pt-4">
            <Button type="submit" loading={update.isPending} disabled={!isDirty}>
              Save reminders
            </Button>
          </div>
        </form>
      )}
    </SettingsCard>
  );
}
