import { Skeleton, Switch } from "@/components/ui";
import { translateText } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { toast } from "@/lib/toast";
import { useEmailPreferences, useUpdateEmailPreferences } from "../api";

/**
 * Reminder e-mails (renewal coming up, offer about to expire) on or off. Receipts and account
 * e-mails always go, so they have no switch.
 */
export function EmailRemindersSetting({ customerId }: { customerId: number }) {
  const preferences = useEmailPreferences(customerId);
  const update = useUpdateEmailPreferences(customerId);
  const { t } = useT();
  if (preferences.isPending) return <Skeleton className="h-10 w-full" />;
  if (preferences.isError) {
    return (
      <p role="alert" className="text-danger-ink text-sm">
        {t("We could not load your e-mail settings.")}{" "}
        <button
          type="button"
          className="font-semibold underline"
          onClick={() => void preferences.refetch()}
        >
          {t("Try again")}
        </button>
      </p>
    );
  }
  const checked = update.isPending
    ? (update.variables?.reminders ?? preferences.data.reminders)
    : preferences.data.reminders;
  return (
    <Switch
      label={t("Reminder e-mails")}
      hint={t("Upcoming renewals and offers about to expire. Receipts always come.")}
      checked={checked}
      disabled={update.isPending}
      onCheckedChange={(reminders) =>
        update.mutate(
          { reminders },
          {
            onSuccess: () =>
              toast.success(
                reminders ? t("Reminder e-mails are on.") : t("Reminder e-mails are off."),
              ),
            onError: (error) => toast.error(translateText(error.message)),
          },
        )
      }
    />
  );
}
