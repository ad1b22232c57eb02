import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui";
import { getFile } from "@/lib/api-client";
import { notifyError, notifySuccess } from "@/lib/notify";
import { saveBlob } from "@/lib/save-file";

export type MemberExportFilter = { filter: string; search: string };

/**
 * Downloads the members list as CSV with its current tab and search. Fetched with the session's
 * token (a plain link cannot send it), then saved under the server's file name.
 */
export function ExportMembersButton({ filter, search }: MemberExportFilter) {
  const [pending, setPending] = useState(false);
  async function download() {
    setPending(true);
    try {
      const { blob, fileName } = await getFile("/member/export-members", {
        query: {
          active: filter === "active" || undefined,
          inactive: filter === "inactive" || undefined,
          search: search.trim() || undefined,
        },
      });
      saveBlob(blob, fileName ?? "members.csv");
      notifySuccess("Members exported.");
    } catch (error) {
      notifyError(error);
    } finally {
      setPending(false);
    }
  }
  return (
    <Button variant="outline" loading={pending} onClick={() => void download()}>
      <Download aria-hidden="true" className="size-4" />
      Export
    </Button>
  );
}
