import { Download } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui";
import { useDownload } from "@/lib/use-download";

/**
 * A button that fetches a file (a report, an export, a list of refused rows) with the download
 * icon, a spinner while it runs and a toast when it fails. `busyLabel` replaces the label
 * meanwhile where the wait can be long enough to need words.
 */
export function DownloadButton({
  run,
  busyLabel,
  children,
  ...button
}: {
  run: () => Promise<unknown>;
  busyLabel?: string;
} & Omit<ButtonProps, "onClick" | "loading" | "leftIcon">) {
  const { downloading, download } = useDownload(run);
  return (
    <Button
      {...button}
      onClick={() => void download()}
      loading={downloading}
      leftIcon={<Download aria-hidden="true" className="size-4" />}
    >
      {downloading && busyLabel ? busyLabel : children}
    </Button>
  );
}
