import type { UseQueryResult } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Pencil } from "lucide-react";
import { describe, expect, it, vi } from "vitest";
import { DropdownMenuAction, RecordActionsMenu } from "./record-actions-menu";
import { QueryRecord, statusColumn, Table, titledColumn } from "./ui";

type Row = { id: number; name: string; email: string; status: string };

const query = (state: Partial<UseQueryResult<Row, unknown>>) =>
  ({ isPending: false, isError: false, refetch: vi.fn(), ...state }) as UseQueryResult<Row>;

describe("QueryRecord", () => {
  const show = (id: number | null, state: Partial<UseQueryResult<Row, unknown>>) =>
    render(
      <QueryRecord id={id} query={query(state)} notFound="Not here" loading={<p>Wait</p>}>
        {(row) => <p>{row.name}</p>}
      </QueryRecord>,
    );

  it.each([
    ["no valid id", null, { isPending: true }, "Not here"],
    ["loading", 1, { isPending: true }, "Wait"],
    ["loaded", 1, { data: { id: 1, name: "Ada", email: "", status: "active" } }, "Ada"],
  ] as const)("shows the %s state", (_state, id, state, text) => {
    show(id, state);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it("offers Retry when the load fails", async () => {
    const refetch = vi.fn();
    show(1, { isError: true, error: new Error("Down"), refetch });
    await userEvent.setup().click(screen.getByRole("button", { name: /retry/i }));
    expect(refetch).toHaveBeenCalled();
  });
});

describe("record lists", () => {
  it("names each row with its detail under it, and badges its status", () => {
    render(
      <Table
        caption="People"
        columns={[
          titledColumn<Row>("name", "Name", "min-w-48", (r) => ({
            title: r.name,
            detail: r.email,
          })),
          statusColumn<Row>((r) => r.status),
        ]}
        rows={[{ id: 1, name: "Ada", email: "ada@example.com", status: "active" }]}
        getRowKey={(r) => r.id}
      />,
    );
    expect(screen.getByText("Ada")).toHaveClass("truncate", "font-medium");
    expect(screen.getByText("ada@example.com")).toHaveClass("text-fg-muted");
    expect(screen.getByRole("columnheader", { name: "Status" })).toBeInTheDocument();
    expect(screen.getByText("active")).toBeInTheDocument();
  });

  it("opens a record's menu and runs the chosen action", async () => {
    const onEdit = vi.fn();
    render(
      <RecordActionsMenu name="Ada">
        <DropdownMenuAction icon={Pencil} onSelect={onEdit}>
          Edit
        </DropdownMenuAction>
      </RecordActionsMenu>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Actions for Ada" }));
    await user.click(await screen.findByRole("menuitem", { name: "Edit" }));
    expect(onEdit).toHaveBeenCalled();
  });
});
