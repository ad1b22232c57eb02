import { useState } from "react";
import { useSearchParams } from "react-router";
import { QueryErrorState, Skeleton } from "@/components/ui";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useMemberImport } from "../api";
import { ImportFileStep } from "../components/import/file-step";
import { ImportMappingStep } from "../components/import/mapping-step";
import { ImportDoneStep, ImportProgressStep } from "../components/import/progress-step";
import { ImportResultsStep } from "../components/import/results-step";
import { OwnerPage } from "../components/owner-page";
import { useImportProgress } from "../use-import-progress";

const MEMBERS_PATH = "/merchant/members";
export const MEMBER_IMPORT_PATH = `${MEMBERS_PATH}/import`;

/** The import's id in the address (`?id=12`), so the page can be left and come back to. */
function useImportId(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get("id"));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  return [id, (next) => setParams(next === null ? {} : { id: String(next) })];
}

function ImportSteps({ id, onNewFile }: { id: number; onNewFile: () => void }) {
  const query = useMemberImport(id);
  const [editing, setEditing] = useState(false);
  const record = query.data;
  const running = record?.status === "queued" || record?.status === "running";
  useImportProgress(id, running);
  if (query.isPending) return <Skeleton className="h-64 w-full" />;
  if (query.isError || !record) {
    return <QueryErrorState query={query} title="The import could not be loaded" />;
  }
  if (record.status === "uploaded" || (record.status === "checked" && editing)) {
    return (
      <ImportMappingStep record={record} onBack={onNewFile} onChecked={() => setEditing(false)} />
    );
  }
  if (record.status === "checked") {
    return (
      <ImportResultsStep
        record={record}
        onChangeMapping={() => setEditing(true)}
        onNewFile={onNewFile}
      />
    );
  }
  if (running) return <ImportProgressStep record={record} />;
  return <ImportDoneStep record={record} />;
}

/** `/merchant/members/import` (owner only): upload, match columns, dry run, import. */
export function MemberImportPage() {
  useDocumentTitle("Import members");
  const [id, setId] = useImportId();
  return (
    <OwnerPage title="Import members" back={{ to: MEMBERS_PATH, label: "Members" }}>
      {id === null ? (
        <ImportFileStep onUploaded={setId} />
      ) : (
        <ImportSteps key={id} id={id} onNewFile={() => setId(null)} />
      )}
    </OwnerPage>
  );
}
