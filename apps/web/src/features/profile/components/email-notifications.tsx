import {
  DIGEST_FREQUENCY_LABELS,
  DIGEST_FREQUENCY_VALUES,
  type DigestFrequency,
  EMAIL_SETTINGS_MESSAGES,
  type MerchantEmailPreferences,
} from "@tessera/shared";
import { useEffect, useState } from "react";
import { Button, QueryErrorState, Select, Skeleton, Switch } from "@/components/ui";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useEmailNotifications, useUpdateEmailNotifications } from "../api";
import { SettingsCard } from "./settings-card";

const INSTANT: { key: "newMember" | "failedPayment" | "refund"; label: string; hint: string }[] = [
  { key: "newMember", label: "New member", hint: "Someone buys a membership." },
  {
    key: "failedPayment",
    label: "Failed payment",
    hint: "A member's renewal payment is declined.",
  },
  { key: "refund", label: "Refund", hint: "A payment is refunded." },
];

const DIGEST_OPTIONS = DIGEST_FREQUENCY_VALUES.map((value) => ({
  value,
  label: DIGEST_FREQUENCY_LABELS[value],
}));

/**
 * E-mail notifications (issue 17) on the signed-in person's own profile, owner and staff alike:
 * instant e-mails about the shop and a daily or weekly digest at 08:00 shop time.
 */
export function EmailNotifications() {
  const saved = useEmailNotifications(true);
  const update = useUpdateEmailNotifications();
  const [draft, setDraft] = useState<MerchantEmailPreferences | null>(null);
  useEffect(() => {
    if (saved.data) setDraft(saved.data);
  }, [saved.data]);
  const changed =
    draft !== null &&
    saved.data !== undefined &&
    (Object.keys(draft) as (keyof MerchantEmailPreferences)[]).some(
      (key) => draft[key] !== saved.data[key],
    );

  function save() {
    if (!draft) return;
    update.mutate(draft, {
      onSuccess: () => notifySuccess(EMAIL_SETTINGS_MESSAGES.preferencesSaved),
      onError: (error) => notifyError(error),
    });
  }

  return (
    <SettingsCard
      title="E-mail notifications"
      description="What you hear about the shop by e-mail. Your choices are yours alone."
      busy={saved.isPending}
    >
      {saved.isError ? (
        <QueryErrorState query={saved} title="Could not load your e-mail notifications" />
      ) : draft === null ? (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : (
        // Not a <form>: the switches would then each render a hidden input for form posts.
        <div className="flex flex-col gap-4">
          <fieldset disabled={update.isPending} className="flex min-w-0 flex-col gap-4">
            <legend className="mb-2 font-medium text-fg text-sm">E-mail me at once when</legend>
            {INSTANT.map((item) => (
              <Switch
                key={item.key}
                label={item.label}
                hint={item.hint}
                checked={draft[item.key]}
                disabled={update.isPending}
                onCheckedChange={(on) => setDraft({ ...draft, [item.key]: on })}
              />
            ))}
            <Select
              label="Summary e-mail"
              options={DIGEST_OPTIONS}
              hint="Revenue, new members, memberships ended and redemptions, at 08:00 shop time."
              value={draft.digest}
              onChange={(event) =>
                setDraft({ ...draft, digest: event.target.value as DigestFrequency })
              }
            />
          </fieldset>
          <div className="flex justify-end border-line border-t pt-4">
            <Button onClick={save} loading={update.isPending} disabled={!changed}>
              Save notifications
            </Button>
          </div>
        </div>
      )}
    </SettingsCard>
  );
}
