import type { MemberImport } from "@tessera/shared";
import { Link } from "react-router";
import { Alert, buttonClassName, Card, CardHeader } from "@/components/ui";
import { ImportErrorRows } from "./results-step";

const MEMBERS_PATH = "/merchant/members";

/** The job's progress bar while it runs (live over the socket, polled as a fallback). */
export function ImportProgressStep({ record }: { record: MemberImport }) {
  const total = Math.max(record.toImport, 1);
  const percent = Math.min(100, Math.round((record.processed / total) * 100));
  return (
    <Card className="flex flex-col gap-4">
      <CardHeader
        title={record.status === "queued" ? "Import waiting to start…" : "Importing members…"}
        description="You can leave this page: the import goes on, and this page shows where it is when you come back."
      />
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={record.toImport}
        aria-valuenow={record.processed}
        aria-valuetext={`${record.processed.toLocaleString()} of ${record.toImport.toLocaleString()} rows`}
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-fg-muted text-sm tabular-nums" aria-live="polite">
        {record.processed.toLocaleString()} of {record.toImport.toLocaleString()} rows ({percent}%)
      </p>
    </Card>
  );
}

/** The summary once the job is done, with the rows that failed if any. */
export function ImportDoneStep({ record }: { record: MemberImport }) {
  const unchanged = record.processed - record.created - record.updated - record.failed;
  if (record.status === "failed") {
    return (
      <Alert tone="danger" role="alert" title="The import stopped">
        Rows imported before the problem are kept; run the same file again to finish (rows already
        imported are left as they are).
      </Alert>
    );
  }
  return (
    <Card className="flex flex-col gap-4">
      <CardHeader title="Import finished" />
      <Alert
        tone="success"
        role="status"
        title={`${record.created.toLocaleString()} ${record.created === 1 ? "member" : "members"} added`}
      >
        {record.updated.toLocaleString()} updated, {unchanged.toLocaleString()} unchanged
        {record.failed > 0 ? `, ${record.failed.toLocaleString()} could not be imported` : ""}.
      </Alert>
      {record.failed > 0 && <ImportErrorRows record={record} />}
      <div className="flex justify-end">
        <Link to={MEMBERS_PATH} className={buttonClassName({ className: "no-underline" })}>
          View members
        </Link>
      </div>
    </Card>
  );
}
