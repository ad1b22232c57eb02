import type { AuditRecord } from "@tessera/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { routes } from "@/app/router";
import { jsonResponse, type mockApi } from "@/test/api-mock";
import { signInMerchant } from "@/test/merchant-data";
import { renderRoutes } from "@/test/render";

const PATH = "/merchant/audit-log";
/** The lazy route and the first answers can take a while on a busy machine. */
const SLOW = { timeout: 10_000 };

function record(overrides: Partial<AuditRecord> = {}): AuditRecord {
  return {
    id: 1,
    createdAt: "2026-03-02T15:04:00.000Z",
    action: "redemption.counter",
    actorKind: "staff",
    actorId: 5,
    actorName: "Sam Rivera",
    targetType: "customer",
    targetId: 9,
    targetLabel: "Ava Brooks",
    before: null,
    after: { redemptionId: 3, type: "benefit", item: "Free coffee", value: 4.5 },
    ip: "203.0.113.7",
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36",
    ...overrides,
  };
}

const ACTORS = [
  { id: 1, name: "Olivia Owner" },
  { id: 5, name: "Sam Rivera" },
];

function signedIn(user: Record<string, unknown>, log: Parameters<typeof mockApi>[0][string]) {
  return signInMerchant({ "GET /audit-log": log }, user);
}

describe("audit log page", { timeout: 20_000 }, () => {
  it("lists records, filters by person and asks again from page 1", async () => {
    const api = signedIn({}, (request) => ({
      records:
        request.query.get("actorId") === "5"
          ? [record()]
          : [
              record(),
              record({
                id: 2,
                actorName: "Olivia Owner",
                actorKind: "owner",
                action: "auth.sign_in",
                after: null,
                targetLabel: "Olivia Owner",
              }),
            ],
      total: request.query.get("actorId") === "5" ? 1 : 2,
      page: 1,
      pageSize: 25,
      actors: ACTORS,
    }));
    renderRoutes(routes, PATH);
    expect(await screen.findByRole("heading", { name: "Audit log", level: 1 }, SLOW)).toBeVisible();
    const table = await screen.findByRole("table", { name: "Audit log" }, SLOW);
    await within(table).findByText("Signed in", {}, SLOW);
    expect(within(table).getAllByText("Redeemed at the counter")).toHaveLength(1);
    expect(within(table).getByText(/item: Free coffee/)).toBeInTheDocument();
    expect(within(table).getAllByText("Chrome on Linux")).toHaveLength(2);
    expect(screen.getByText("2 records")).toBeInTheDocument();

    await userEvent.setup().selectOptions(screen.getByLabelText("Who"), "5");
    await waitFor(() => expect(screen.getByText("1 record")).toBeInTheDocument(), SLOW);
    const last = api.callsTo("GET /audit-log").at(-1);
    expect(last?.query.get("actorId")).toBe("5");
    expect(last?.query.get("page")).toBe("1");
    expect(within(table).queryByText("Signed in")).not.toBeInTheDocument();
  });

  it("says so when nothing matches, and catches dates in the wrong order", async () => {
    const api = signedIn({}, { records: [], total: 0, page: 1, pageSize: 25, actors: ACTORS });
    renderRoutes(routes, PATH);
    expect(await screen.findByText("Nothing recorded yet", {}, SLOW)).toBeVisible();
    expect(screen.getByRole("button", { name: "Download CSV" })).toBeDisabled();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("From"), "2026-02-10");
    expect(await screen.findByText("No audit records match these filters")).toBeVisible();
    await user.type(screen.getByLabelText("To"), "2026-02-01");
    expect(
      await screen.findByText("The end date must be on or after the start date."),
    ).toBeVisible();
    // The wrong range is never sent.
    expect(api.callsTo("GET /audit-log").some((r) => r.query.get("to") === "2026-02-01")).toBe(
      false,
    );
  });

  it("shows the error with a retry", async () => {
    signedIn({}, jsonResponse({ message: "Database unavailable" }, 403));
    renderRoutes(routes, PATH);
    expect(await screen.findByText("Error loading the audit log", {}, SLOW)).toBeVisible();
    expect(screen.getByText("Database unavailable")).toBeVisible();
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("sends staff to the dashboard without asking for the log", async () => {
    const api = signedIn(
      { role: "staff" },
      { records: [], total: 0, page: 1, pageSize: 25, actors: [] },
    );
    const { router } = renderRoutes(routes, PATH);
    await waitFor(() => expect(router.state.location.pathname).toBe("/merchant/dashboard"), SLOW);
    expect(api.callsTo("GET /audit-log")).toHaveLength(0);
  });
});
