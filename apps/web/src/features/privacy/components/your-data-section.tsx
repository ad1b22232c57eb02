import { PRIVACY_MESSAGES } from "@tessera/shared";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui";
import { useLogout } from "@/features/session";
import { useT } from "@/lib/i18n/use-t";
import { notifyError, notifySuccess } from "@/lib/notify";
import { myDataPath, useEraseMyAccount } from "../api";
import { DataDownloadButton } from "./data-download-button";
import { EraseDialog } from "./erase-dialog";

/**
 * Profile → Your data: the customer downloads everything the shop holds about them, or deletes
 * their account (erasure). After erasure the session is already ended on the server; the
 * browser forgets it and goes to the sign-in page with the outcome.
 */
export function YourDataSection({ shopId, customerId }: { shopId: number; customerId: number }) {
  const [open, setOpen] = useState(false);
  const erase = useEraseMyAccount(customerId);
  const logout = useLogout(`/${shopId}/login`);
  const { t } = useT();

  return (
    <section aria-labelledby="your-data-title" className="flex flex-col gap-4">
      <div>
        <h2 id="your-data-title" className="font-semibold text-fg text-lg">
          {t("Your data")}
        </h2>
        <p className="text-fg-muted text-sm">
          {t("Download everything this shop keeps about you, or delete your account here.")}
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <DataDownloadButton
          path={myDataPath(customerId)}
          fileName="my-data.zip"
          downloaded={t("Your data was downloaded.")}
        >
          {t("Download my data")}
        </DataDownloadButton>
        <Button
          variant="danger"
          leftIcon={<Trash2 aria-hidden="true" className="size-4" />}
          onClick={() => setOpen(true)}
        >
          {t("Delete my account")}
        </Button>
      </div>
      <EraseDialog
        open={open}
        onOpenChange={setOpen}
        title={t("Delete your account?")}
        confirmLabel={t("Delete my account")}
        pending={erase.isPending || logout.isPending}
        onConfirm={() =>
          erase.mutate(undefined, {
            onSuccess: () => {
              notifySuccess(PRIVACY_MESSAGES.customerErased, { autoClose: 10_000 });
              logout.mutate();
            },
            onError: (error) => notifyError(error, { fallback: PRIVACY_MESSAGES.eraseFailed }),
          })
        }
      >
        <p>
          {t(
            "Your name, e-mail address, phone number, picture and password are erased from this shop, and you are signed out on every device. You cannot sign in to this account again.",
          )}
        </p>
        <p>
          {t(
            "A membership that renews is cancelled first, so your card is never charged again. Your payments and redemptions stay in the shop's accounts, without your name. Download your data first if you want a copy.",
          )}
        </p>
      </EraseDialog>
    </section>
  );
}
