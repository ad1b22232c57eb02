import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Avatar, DEFAULT_AVATAR_URL } from "./avatar";
import { Badge, statusTone } from "./badge";
import { EmptyState } from "./empty-state";
import { ErrorState } from "./error-state";
import { Table } from "./table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

interface Member {
  id: number;
  name: string;
}

const columns = [
  { key: "name", header: "Member", cell: (row: Member) => row.name },
  { key: "id", header: "ID", cell: (row: Member) => row.id, align: "right" as const },
];

describe("Table", () => {
  it("renders a captioned table with header cells and rows", () => {
    render(
      <Table
        caption="Members"
        hideCaption
        columns={columns}
        rows={[{ id: 1, name: "Ada Lovelace" }]}
        getRowKey={(row) => row.id}
      />,
    );
    const table = screen.getByRole("table", { name: "Members" });
    expect(table).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Member" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "Ada Lovelace" })).toBeInTheDocument();
  });

  it("shows the empty slot across all columns when there are no rows", () => {
    render(
      <Table
        caption="Members"
        columns={columns}
        rows={[]}
        getRowKey={(row: Member) => row.id}
        empty={<EmptyState title="No members" hint="Add your first member." />}
      />,
    );
    const cell = screen.getByRole("cell", { name: /No members/ });
    expect(cell).toHaveAttribute("colspan", "2");
    expect(screen.getByRole("heading", { name: "No members" })).toBeInTheDocument();
  });

  it("makes rows activatable by click and keyboard", async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    render(
      <Table
        caption="Members"
        columns={columns}
        rows={[{ id: 7, name: "Grace Hopper" }]}
        getRowKey={(row) => row.id}
        onRowClick={onRowClick}
        getRowLabel={(row) => `Open ${row.name}`}
      />,
    );
    const row = screen.getByRole("row", { name: "Open Grace Hopper" });
    await user.click(row);
    row.focus();
    await user.keyboard("{Enter}");
    expect(onRowClick).toHaveBeenCalledTimes(2);
    expect(onRowClick).toHaveBeenCalledWith({ id: 7, name: "Grace Hopper" });
  });
});

describe("Avatar", () => {
  it("shows the default picture when the source is blank", () => {
    render(<Avatar src="  " alt="Ada Lovelace" />);
    expect(screen.getByRole("img", { name: "Ada Lovelace" })).toHaveAttribute(
      "src",
      DEFAULT_AVATAR_URL,
    );
  });
});

describe("ErrorState", () => {
  it("shows the message and retries", async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<ErrorState message="Error loading employees" onRetry={onRetry} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Error loading employees");
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe("Badge / statusTone", () => {
  it.each([
    ["active", "success"],
    ["inactive", "neutral"],
    ["disabled", "danger"],
    ["cancelled", "warning"],
    ["invited", "info"],
    [undefined, "neutral"],
  ] as const)("%s → %s", (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });

  it("renders its text", () => {
    render(<Badge tone="success">Active</Badge>);
    expect(screen.getByText("Active")).toBeInTheDocument();
  });
});

describe("Tabs", () => {
  it("switches panels with the keyboard", async () => {
    const user = userEvent.setup();
    render(
      <Tabs defaultValue="active">
        <TabsList aria-label="Offers">
          <TabsTrigger value="upcoming">Upcoming</TabsTrigger>
          <TabsTrigger value="active">Active</TabsTrigger>
        </TabsList>
        <TabsContent value="upcoming">Upcoming offers</TabsContent>
        <TabsContent value="active">Active offers</TabsContent>
      </Tabs>,
    );
    expect(screen.getByRole("tab", { name: "Active" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Active offers");

    await user.click(screen.getByRole("tab", { name: "Active" }));
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tab", { name: "Upcoming" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Upcoming offers");
  });
});
