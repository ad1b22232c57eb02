import { Download } from "lucide-react";
import { Button } from "@/components/ui";
import { getFile } from "@/lib/api-client";
import { notifySuccess } from "@/lib/notify";
import { saveBlob } from "@/lib/save-file";
import { useDownload } from "@/lib/use-download";

export type MemberExportFilter = { filter: string; search: string };

/**
 * Downloads the members list as CSV with its current tab and search. Fetched with the session's
 * token (a plain link cannot send it), then saved under the server's file name.
 */
export function ExportMembersButton({ filter, search }: MemberExportFilter) {
  const { downloading, download } = useDownload(async () => {
    const { blob, fileName } = await getFile("/member/export-members", {
      query: {
        active: filter === "active" || undefined,
        inactive: filter === "inactive" || undefined,
        search: search.trim() || undefined,
      },
    });
    saveBlob(blob, fileName ?? "members.csv");
    notifySuccess("Members exported.");
  });
  return (
    <Button variant="outline" loading={downloading} onClick={() => void download()}>
      <Download aria-hidden="true" className="size-4" />
      Export
    </Button>
  );
}
