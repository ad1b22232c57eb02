import {
  MEMBER_CSV_FIELDS,
  type MemberCsvField,
  type MemberImport,
  type MemberImportMapping,
} from "@tessera/shared";
import { useState } from "react";
import { Alert, Button, Card, CardHeader, Select } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { useDryRunMemberImport } from "../../api";

const SKIP = "";
const FIELD_OPTIONS = [
  { value: SKIP, label: "Don't import" },
  ...MEMBER_CSV_FIELDS.map((f) => ({ value: f.key, label: f.label })),
];

/**
 * Step 2: one select per column, preset to the suggestion (the export's headers match exactly),
 * with the file's first rows under each column so the merchant sees what they are choosing.
 */
export function ImportMappingStep({
  record,
  onBack,
  onChecked,
}: {
  record: MemberImport;
  onBack: () => void;
  onChecked: () => void;
}) {
  const dryRun = useDryRunMemberImport();
  const [mapping, setMapping] = useState<MemberImportMapping>(
    record.mapping ?? record.suggestedMapping,
  );
  const [error, setError] = useState<string | null>(null);

  function choose(column: number, value: string) {
    setMapping((current) => {
      const next = [...current];
      while (next.length < record.header.length) next.push(null);
      // A field belongs to one column: choosing it here frees it elsewhere.
      for (let i = 0; i < next.length; i++) if (value && next[i] === value) next[i] = null;
      next[column] = value ? (value as MemberCsvField) : null;
      return next;
    });
  }

  function check() {
    setError(null);
    dryRun.mutate(
      { id: record.id, mapping },
      {
        onSuccess: onChecked,
        onError: (failure) => setError(isApiError(failure) ? failure.message : String(failure)),
      },
    );
  }

  return (
    <Card>
      <CardHeader
        title="Match the columns"
        description={`${record.fileName}: ${record.rowCount.toLocaleString()} rows. Choose the field each column holds; E-mail and First name are needed.`}
      />
      <ul className="mt-4 flex flex-col divide-y divide-line">
        {record.header.map((name, column) => (
          <li
            // Columns are positions in the file: their order never changes.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={column}
            className="grid gap-2 py-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,14rem)] sm:items-center"
          >
            <div className="min-w-0">
              <p className="truncate font-semibold text-fg">{name || `Column ${column + 1}`}</p>
              <p className="truncate text-fg-muted text-sm">
                {record.sample
                  .map((row) => row[column] ?? "")
                  .filter(Boolean)
                  .slice(0, 3)
                  .join(" · ") || "(empty in the first rows)"}
              </p>
            </div>
            <Select
              label={<span className="sr-only">Field for column {name || column + 1}</span>}
              options={FIELD_OPTIONS}
              value={mapping[column] ?? SKIP}
              onChange={(event) => choose(column, event.target.value)}
            />
          </li>
        ))}
      </ul>
      {error && (
        <Alert tone="danger" role="alert" className="mt-4">
          {error}
        </Alert>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onBack}>
          Choose another file
        </Button>
        <Button loading={dryRun.isPending} onClick={check}>
          {dryRun.isPending ? "Checking rows…" : "Check rows (dry run)"}
        </Button>
      </div>
    </Card>
  );
}
