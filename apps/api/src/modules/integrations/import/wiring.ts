import type { JobScheduler } from "../../../infra/jobs";
import { createImportJob, type ImportJobDeps, MEMBER_IMPORT_JOB } from "./job";
import { createMemberImport } from "./service";

export function createMemberImportParts(deps: ImportJobDeps) {
  return { importer: createMemberImport(deps), importJob: createImportJob(deps) };
}

/**
 * The import job runs every minute through the scheduler (pg-boss on PostgreSQL: any instance
 * may take a queued import) and at once on the instance where an import is started.
 */
export function registerMemberImportJob(
  jobs: JobScheduler,
  parts: ReturnType<typeof createMemberImportParts>,
) {
  jobs.register(MEMBER_IMPORT_JOB, () => parts.importJob.runImports());
  parts.importer.onQueued(() => void jobs.runNow(MEMBER_IMPORT_JOB));
}
