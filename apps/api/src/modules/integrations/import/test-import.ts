import type { MemberImport } from "@tessera/shared";
import { expect } from "vitest";
import type { TestApp } from "../../../test/app";
import { MEMBER_IMPORT_JOB } from "./job";

/**
 * Starts an import that passed its dry run and runs the job until it is done or failed (tests
 * run jobs by hand). On PostgreSQL another worker may have taken the job, so this waits on the
 * import's state rather than on its own run.
 */
export async function importAll(
  t: TestApp,
  auth: { authorization: string },
  id: number,
  sendInvitations = false,
): Promise<MemberImport> {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/v1/member/imports/${id}/start`,
    headers: auth,
    payload: { sendInvitations },
  });
  expect(res.statusCode, res.body).toBe(202);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    await t.app.jobs.runNow(MEMBER_IMPORT_JOB);
    const state = await t.app.inject({
      method: "GET",
      url: `/api/v1/member/imports/${id}`,
      headers: auth,
    });
    const body = state.json().import as MemberImport;
    if (body.status === "done" || body.status === "failed") return body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("import did not finish");
}
