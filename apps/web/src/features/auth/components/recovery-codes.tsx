import { Copy, Download } from "lucide-react";
import { Button } from "@/components/ui";
import { copyText } from "@/lib/clipboard";
import { notifyError, notifySuccess } from "@/lib/notify";
import { saveBlob } from "@/lib/save-file";

/**
 * The ten recovery codes, shown once after enrolment: each works once when the phone is not at
 * hand. Copy puts them on the clipboard; Download saves a text file.
 */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const text = `Tessera recovery codes (each works once)\n\n${codes.join("\n")}\n`;

  async function copy() {
    try {
      await copyText(codes.join("\n"));
      notifySuccess("Recovery codes copied");
    } catch (error) {
      notifyError(error, { fallback: "Could not copy. Select the codes and copy them by hand." });
    }
  }

  function download() {
    saveBlob(new Blob([text], { type: "text/plain" }), "tessera-recovery-codes.txt");
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="text-fg-muted text-sm">
        Keep these somewhere safe. Each code signs you in once if you lose your phone. They are
        shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-control border border-line bg-muted p-3 font-mono text-fg text-sm"
      >
        {codes.map((code) => (
          <li key={code} className="select-all text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          leftIcon={<Copy aria-hidden="true" className="size-4" />}
          onClick={() => void copy()}
        >
          Copy codes
        </Button>
        <Button
          variant="outline"
          size="sm"
          leftIcon={<Download aria-hidden="true" className="size-4" />}
          onClick={download}
        >
          Download
        </Button>
      </div>
    </div>
  );
}
