import { PRIVACY_MESSAGES } from "@tessera/shared";
import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useDownload } from "../api";

/**
 * Downloads a person's data export (a zip) and says so when it arrived; a failure shows the
 * server's message, or the export's own when there is none.
 */
export function DataDownloadButton({
  path,
  fileName,
  downloaded,
  size,
  children,
}: {
  path: string;
  fileName: string;
  /** The toast once the file is saved. */
  downloaded: string;
  size?: "sm";
  children: ReactNode;
}) {
  const download = useDownload(path, fileName);
  return (
    <Button
      variant="outline"
      size={size}
      loading={download.isPending}
      leftIcon={<Download aria-hidden="true" className="size-4" />}
      onClick={() =>
        download.mutate(undefined, {
          onSuccess: () => notifySuccess(downloaded),
          onError: (error) => notifyError(error, { fallback: PRIVACY_MESSAGES.exportFailed }),
        })
      }
    >
      {children}
    </Button>
  );
}
