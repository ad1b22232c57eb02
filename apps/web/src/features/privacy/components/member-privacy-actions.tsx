import { PRIVACY_MESSAGES } from "@tessera/shared";
import { UserX } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui";
import { useCurrentUser } from "@/features/session";
import { useT } from "@/lib/i18n/use-t";
import { notifyError, notifySuccess } from "@/lib/notify";
import { memberDataPath, useEraseMember } from "../api";
import { DataDownloadButton } from "./data-download-button";
import { EraseDialog } from "./erase-dialog";

/**
 * Member detail, owner only: download the member's data, or erase them on their request. Staff
 * see nothing here (the API refuses them too): erasure cannot be undone, and an export is the
 * person's whole history.
 */
export function MemberPrivacyActions({
  member,
}: {
  member: { id: number; firstName: string; lastName: string; erasedAt?: string | null };
}) {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const erase = useEraseMember(member.id);
  const { t } = useT();
  if (user.data?.role !== "owner") return null;
  const name = `${member.firstName} ${member.lastName}`.trim();

  return (
    <>
      <DataDownloadButton
        path={memberDataPath(member.id)}
        fileName={`member-${member.id}-data.zip`}
        downloaded={t("Member data downloaded.")}
        size="sm"
      >
        {t("Download data")}
      </DataDownloadButton>
      {/* Erased already: a second erasure would change nothing, so it is not offered. */}
      {member.erasedAt ? null : (
        <Button
          variant="danger"
          size="sm"
          leftIcon={<UserX aria-hidden="true" className="size-4" />}
          onClick={() => setOpen(true)}
        >
          {t("Erase member")}
        </Button>
      )}
      <EraseDialog
        open={open}
        onOpenChange={setOpen}
        title={t("Erase {name}'s personal data?", { name })}
        confirmLabel={t("Erase member")}
        pending={erase.isPending}
        onConfirm={() =>
          erase.mutate(undefined, {
            onSuccess: (response) => {
              setOpen(false);
              notifySuccess(response.message);
            },
            onError: (error) => notifyError(error, { fallback: PRIVACY_MESSAGES.eraseFailed }),
          })
        }
      >
        <p>
          {t(
            'Do this when the member asked for it. Their name becomes "Erased member"; their e-mail, phone, picture, password and saved card are removed; their membership stops renewing and they are signed out and can no longer sign in. This cannot be undone.',
          )}
        </p>
        <p>
          {t(
            "Their payments, redemptions and cashback stay in your records with the amounts, so your reports still add up. Download their data first if they asked for a copy.",
          )}
        </p>
      </EraseDialog>
    </>
  );
}
