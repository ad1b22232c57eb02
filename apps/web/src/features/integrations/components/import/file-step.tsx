import {
  MEMBER_CSV_FIELDS,
  MEMBER_IMPORT_MAX_BYTES,
  MEMBER_IMPORT_MESSAGES,
} from "@tessera/shared";
import { FileUp } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { Alert, Button, Card, CardHeader } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useUploadMemberImport } from "../../api";

/**
 * Step 1: choose a CSV (button or drag and drop). Checked for size here too, so a 60 MB file is
 * refused before it is sent; the server checks again as it reads.
 */
export function ImportFileStep({ onUploaded }: { onUploaded: (id: number) => void }) {
  const upload = useUploadMemberImport();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function send(file: File | undefined) {
    setError(null);
    if (!file) return;
    if (file.size > MEMBER_IMPORT_MAX_BYTES) {
      setError(MEMBER_IMPORT_MESSAGES.fileTooLarge);
      return;
    }
    upload.mutate(file, {
      onSuccess: (data) => onUploaded(data.import.id),
      onError: (failure) => setError(isApiError(failure) ? failure.message : String(failure)),
    });
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files[0]);
  }

  return (
    <Card>
      <CardHeader
        title="Choose a CSV file"
        description="Up to 50 MB. The first line must name the columns; you match them to fields next."
      />
      <section
        aria-label="Drop a CSV file here"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={cn(
          "mt-4 flex flex-col items-center gap-3 rounded-card border-2 border-line border-dashed px-4 py-10 text-center",
          dragging && "border-primary bg-primary-soft",
        )}
      >
        <FileUp aria-hidden="true" className="size-8 text-fg-muted" />
        <p id={hintId} className="text-fg-muted text-sm">
          Drop the file here, or
        </p>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          aria-label="CSV file"
          aria-describedby={hintId}
          onChange={(event) => send(event.target.files?.[0])}
        />
        <Button loading={upload.isPending} onClick={() => input.current?.click()}>
          {upload.isPending ? "Reading file…" : "Choose file"}
        </Button>
      </section>
      {error && (
        <Alert tone="danger" role="alert" title="The file was not accepted" className="mt-4">
          {error}
        </Alert>
      )}
      <p className="mt-4 text-fg-muted text-sm">
        Columns the import reads: {MEMBER_CSV_FIELDS.map((f) => f.label).join(", ")}. A file
        exported from the Members screen has them all. Dates are YYYY-MM-DD, the plan monthly or
        yearly, the payment type card, pos or cash, the balance in dollars (12.50).
      </p>
    </Card>
  );
}
