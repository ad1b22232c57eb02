import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { ImagePicker } from "./image-picker";

function Picker({ error }: { error?: string }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <ImagePicker
      label="Company Logo"
      value={file}
      onChange={setFile}
      hint="Square, 200x200"
      error={error}
      aspect="square"
    />
  );
}

const png = new File(["png"], "logo.png", { type: "image/png" });

describe("ImagePicker", () => {
  it("is a labelled file input with its hint, and shows the error instead", () => {
    const { rerender } = render(<Picker />);
    const input = screen.getByLabelText(/Company Logo/);
    expect(input).toHaveAttribute("type", "file");
    expect(input).toHaveAccessibleDescription("Square, 200x200");
    rerender(<Picker error="Shop Logo is required" />);
    expect(screen.getByLabelText(/Company Logo/)).toHaveAccessibleDescription(
      "Shop Logo is required",
    );
    expect(screen.getByLabelText(/Company Logo/)).toHaveAttribute("aria-invalid", "true");
  });

  it("takes a picked file, names it, and removes it", async () => {
    const user = userEvent.setup();
    render(<Picker />);
    await user.upload(screen.getByLabelText(/Company Logo/), png);
    expect(screen.getByText("logo.png")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove logo.png" }));
    expect(screen.queryByText("logo.png")).not.toBeInTheDocument();
  });

  it("takes a dropped file", () => {
    render(<Picker />);
    const zone = screen.getByText(/drag it/).closest("div") as HTMLElement;
    fireEvent.drop(zone, { dataTransfer: { files: [png] } });
    expect(screen.getByText("logo.png")).toBeInTheDocument();
  });
});
