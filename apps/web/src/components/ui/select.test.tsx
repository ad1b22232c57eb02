import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Select } from "./select";

const periods = [
  { value: "currentMonth", label: "This month" },
  { value: "30Days", label: "Last 30 days" },
];

describe("Select", () => {
  it('says "No options available" when there are no options', () => {
    render(<Select label="Membership" options={[]} />);
    const select = screen.getByLabelText("Membership");
    expect(screen.getByRole("option", { name: "No options available" })).toBeDisabled();
    expect(select).toHaveDisplayValue("No options available");
    expect(screen.getAllByRole("option")).toHaveLength(1);
  });

  it("lists the options and lets the keyboard choose", async () => {
    const user = userEvent.setup();
    render(<Select label="Period" options={periods} defaultValue="currentMonth" />);
    const select = screen.getByLabelText("Period");
    expect(select).toHaveDisplayValue("This month");
    expect(screen.queryByText("No options available")).not.toBeInTheDocument();

    await user.selectOptions(select, "30Days");
    expect(select).toHaveValue("30Days");
  });

  it("shows the placeholder until a choice is made", () => {
    render(<Select label="Industry" placeholder="Select an industry" options={periods} />);
    expect(screen.getByLabelText("Industry")).toHaveDisplayValue("Select an industry");
  });

  it("shows an error with aria-invalid", () => {
    render(<Select label="Plan" options={periods} error="Membership is required" />);
    const select = screen.getByLabelText("Plan");
    expect(select).toHaveAttribute("aria-invalid", "true");
    expect(select).toHaveAccessibleDescription("Membership is required");
  });
});
