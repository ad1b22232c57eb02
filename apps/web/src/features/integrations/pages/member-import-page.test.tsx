import { MEMBER_IMPORT_MESSAGES, type MemberImport } from "@tessera/shared";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { routes } from "@/app/router";
import { jsonResponse } from "@/test/api-mock";
import { signInMerchant } from "@/test/merchant-data";
import { renderRoutes } from "@/test/render";

const HEADER = ["First name", "Last name", "Email", "Tier"];

function record(overrides: Partial<MemberImport> = {}): MemberImport {
  return {
    id: 5,
    fileName: "members.csv",
    status: "uploaded",
    header: HEADER,
    sample: [["Ann", "Lee", "ann@example.com", "Gold"]],
    rowCount: 5,
    mapping: null,
    suggestedMapping: ["firstName", "lastName", "email", null],
    sendInvitations: false,
    toCreate: 0,
    toUpdate: 0,
    unchanged: 0,
    invalid: 0,
    toImport: 0,
    processed: 0,
    created: 0,
    updated: 0,
    failed: 0,
    createdAt: "2026-11-27T10:00:00.000Z",
    finishedAt: null,
    ...overrides,
  };
}

function signedIn(role: "owner" | "staff", extra = {}) {
  return signInMerchant(extra, { role });
}

describe("Member import page", () => {
  it("uploads, maps the columns, shows the dry run's problems, and imports with a progress bar", async () => {
    let state = record();
    const api = signedIn("owner", {
      "POST /member/imports": () => jsonResponse({ import: state }, 201),
      "GET /member/imports/5": () => ({ import: state }),
      "POST /member/imports/5/dry-run": () => {
        state = record({
          status: "checked",
          mapping: ["firstName", "lastName", "email", "tier"],
          toCreate: 2,
          toUpdate: 0,
          invalid: 3,
          toImport: 2,
        });
        return { import: state };
      },
      "GET /member/imports/5/rows": () => ({
        rows: [
          {
            row: 3,
            email: "bad@",
            action: "error",
            outcome: null,
            errors: [{ field: "email", message: MEMBER_IMPORT_MESSAGES.emailInvalid }],
          },
          {
            row: 4,
            email: "x@example.com",
            action: "error",
            outcome: null,
            errors: [{ field: "tier", message: 'No tier named "Diamond" in this shop.' }],
          },
          {
            row: 6,
            email: "y@example.com",
            action: "error",
            outcome: null,
            errors: [{ field: "cashbackBalance", message: MEMBER_IMPORT_MESSAGES.balanceNegative }],
          },
        ],
        total: 3,
        page: 1,
        pageSize: 20,
      }),
      "POST /member/imports/5/start": () => {
        state = { ...state, status: "running", processed: 1 };
        return jsonResponse({ import: state }, 202);
      },
    });
    renderRoutes(routes, "/merchant/members/import");
    const user = userEvent.setup();
    const file = new File(["First name,Last name,Email,Tier\r\n"], "members.csv", {
      type: "text/csv",
    });
    await user.upload(await screen.findByLabelText("CSV file"), file);

    // The mapping step: the suggestion preselected, the unmatched column chosen by hand.
    expect(await screen.findByText("Match the columns")).toBeInTheDocument();
    expect(screen.getByLabelText("Field for column Email")).toHaveValue("email");
    await user.selectOptions(screen.getByLabelText("Field for column Tier"), "tier");
    await user.click(screen.getByRole("button", { name: "Check rows (dry run)" }));
    expect(api.callsTo("POST /member/imports/5/dry-run")[0]?.body).toEqual({
      mapping: ["firstName", "lastName", "email", "tier"],
    });

    // The dry run: counts and each bad row with its message.
    expect(await screen.findByText(MEMBER_IMPORT_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(MEMBER_IMPORT_MESSAGES.balanceNegative)).toBeInTheDocument();
    expect(
      within(screen.getByText("With problems").parentElement as HTMLElement).getByText("3"),
    ).toBeInTheDocument();

    await user.click(screen.getByLabelText(/Send invitations/));
    await user.click(screen.getByRole("button", { name: "Import 2 members" }));
    expect(api.callsTo("POST /member/imports/5/start")[0]?.body).toEqual({ sendInvitations: true });
    const bar = await screen.findByRole("progressbar", { name: "Import progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "1");
    expect(bar).toHaveAttribute("aria-valuemax", "2");
  }, 30_000);

  it("shows the summary of a finished import when coming back to it", async () => {
    signedIn("owner", {
      "GET /member/imports/5": {
        import: record({
          status: "done",
          toImport: 4,
          processed: 4,
          created: 3,
          updated: 1,
          finishedAt: "2026-11-27T10:05:00.000Z",
        }),
      },
    });
    renderRoutes(routes, "/merchant/members/import?id=5");
    expect(await screen.findByText("3 members added")).toBeInTheDocument();
    expect(screen.getByText(/1 updated, 0 unchanged/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View members" })).toHaveAttribute(
      "href",
      "/merchant/members",
    );
  });

  it("says why a file is refused, and refuses a file over 50 MB before sending it", async () => {
    const api = signedIn("owner", {
      "POST /member/imports": jsonResponse({ message: MEMBER_IMPORT_MESSAGES.fileEmpty }, 400),
    });
    renderRoutes(routes, "/merchant/members/import");
    const user = userEvent.setup();
    const input = await screen.findByLabelText("CSV file");
    await user.upload(input, new File(["Email\r\n"], "empty.csv", { type: "text/csv" }));
    expect(await screen.findByText(MEMBER_IMPORT_MESSAGES.fileEmpty)).toBeInTheDocument();
    const huge = new File(["x"], "huge.csv", { type: "text/csv" });
    Object.defineProperty(huge, "size", { value: 60 * 1024 * 1024 });
    await user.upload(input, huge);
    expect(await screen.findByText(MEMBER_IMPORT_MESSAGES.fileTooLarge)).toBeInTheDocument();
    expect(api.callsTo("POST /member/imports")).toHaveLength(1);
  });

  it("is the owner's: staff see no Import button and are sent back to the list", async () => {
    signedIn("staff", {
      "GET /member/get-all-members": { members: [], total: 0, page: 1, pageSize: 10 },
    });
    renderRoutes(routes, "/merchant/members/import");
    expect(await screen.findByRole("heading", { name: "Members" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Import" })).not.toBeInTheDocument();
  });
});
