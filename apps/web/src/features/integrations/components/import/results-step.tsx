import type { MemberImport, MemberImportRow } from "@tessera/shared";
import { useState } from "react";
import { DownloadButton } from "@/components/download-button";
import {
  Alert,
  Button,
  Card,
  CardHeader,
  ErrorState,
  ListPager,
  Table,
  type TableColumn,
} from "@/components/ui";
import { api, isApiError } from "@/lib/api-client";
import { saveBlob } from "@/lib/save-file";
import { useMemberImportRows, useStartMemberImport } from "../../api";

const PAGE_SIZE = 20;

const columns: TableColumn<MemberImportRow>[] = [
  { key: "row", header: "Row", className: "tabular-nums", cell: (row) => row.row },
  { key: "email", header: "E-mail", cell: (row) => row.email || "—" },
  {
    key: "errors",
    header: "Problem",
    cell: (row) => (
      <ul className="flex flex-col gap-1">
        {row.errors.map((error) => (
          <li key={`${error.field}:${error.message}`} className="text-danger-ink">
            {error.message}
          </li>
        ))}
      </ul>
    ),
  },
];

/** A quoted CSV cell (RFC 4180). */
const cell = (value: string | number) => `"${String(value).replace(/"/g, '""')}"`;

/** Every refused row (up to 10,000) as a CSV the merchant can fix the file from. */
async function downloadErrors(id: number) {
  const lines = [["Row", "Email", "Problem"].map(cell).join(",")];
  for (let page = 1; page <= 100; page++) {
    const data = await api.get<{ rows: MemberImportRow[]; total: number }>(
      `/member/imports/${id}/rows`,
      { query: { only: "errors", page, pageSize: 100 } },
    );
    for (const row of data.rows) {
      lines.push(
        [row.row, row.email, row.errors.map((e) => e.message).join(" ")].map(cell).join(","),
      );
    }
    if (page * 100 >= data.total) break;
  }
  saveBlob(
    new Blob([`${lines.join("\r\n")}\r\n`], { type: "text/csv" }),
    `import-${id}-errors.csv`,
  );
}

function Count({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <div className="rounded-control border border-line p-3">
      <dt className="text-fg-muted text-sm">{label}</dt>
      <dd className={`font-bold text-2xl tabular-nums ${tone ?? "text-fg"}`}>
        {value.toLocaleString()}
      </dd>
    </div>
  );
}

/** The refused rows of a dry run (or the failed ones of an import), paged. */
export function ImportErrorRows({ record }: { record: MemberImport }) {
  const [page, setPage] = useState(1);
  const rows = useMemberImportRows(record.id, "errors", page);
  if (rows.isError) {
    return <ErrorState title="The rows could not be loaded" onRetry={() => void rows.refetch()} />;
  }
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-fg">Rows that will not be imported</h3>
        <DownloadButton variant="outline" size="sm" run={() => downloadErrors(record.id)}>
          Download errors (CSV)
        </DownloadButton>
      </div>
      <Table
        caption="Rows with problems"
        hideCaption
        columns={columns}
        rows={rows.data?.rows ?? []}
        getRowKey={(row) => row.row}
        loading={rows.isPending}
        empty="No problems found."
      />
      <ListPager
        label="Problem rows pages"
        page={page}
        pageSize={PAGE_SIZE}
        total={rows.data?.total ?? 0}
        loading={rows.isFetching}
        onPageChange={setPage}
      />
    </div>
  );
}

/** Step 3: the dry run's counts and refused rows; then the import of the good rows. */
export function ImportResultsStep({
  record,
  onChangeMapping,
  onNewFile,
}: {
  record: MemberImport;
  onChangeMapping: () => void;
  onNewFile: () => void;
}) {
  const start = useStartMemberImport();
  const [invite, setInvite] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const importable = record.toCreate + record.toUpdate + record.unchanged;
  return (
    <Card className="flex flex-col gap-4">
      <CardHeader
        title="Dry run"
        description="Nothing has been imported yet. Fix the file and upload it again, or import the good rows."
      />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Count label="New members" value={record.toCreate} tone="text-success-ink" />
        <Count label="Updated" value={record.toUpdate} />
        <Count label="Unchanged" value={record.unchanged} />
        <Count label="With problems" value={record.invalid} tone="text-danger-ink" />
      </dl>
      {record.invalid > 0 && <ImportErrorRows record={record} />}
      <label className="flex items-start gap-3 text-fg">
        <input
          type="checkbox"
          className="mt-1 size-4 accent-[var(--primary)]"
          checked={invite}
          onChange={(event) => setInvite(event.target.checked)}
        />
        <span>
          <span className="font-semibold">Send invitations</span>
          <span className="block text-fg-muted text-sm">
            New members get an e-mail with a link to set their password on your shop's page. Without
            it, nobody is e-mailed.
          </span>
        </span>
      </label>
      {error && (
        <Alert tone="danger" role="alert">
          {error}
        </Alert>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onNewFile}>
          Upload a corrected file
        </Button>
        <Button variant="outline" onClick={onChangeMapping}>
          Change columns
        </Button>
        <Button
          disabled={importable === 0}
          loading={start.isPending}
          onClick={() =>
            start.mutate(
              { id: record.id, sendInvitations: invite },
              {
                onError: (failure) =>
                  setError(isApiError(failure) ? failure.message : String(failure)),
              },
            )
          }
        >
          Import {importable.toLocaleString()} {importable === 1 ? "member" : "members"}
        </Button>
      </div>
    </Card>
  );
}
