import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { PasswordInput } from "./password-input";
import { TextInput } from "./text-input";

function NameForm({ onSubmit }: { onSubmit: (values: { name: string }) => void }) {
  const { register, handleSubmit } = useForm<{ name: string }>({ defaultValues: { name: "" } });
  return (
    <form onSubmit={handleSubmit(onSubmit)}>
      <TextInput label="Name" placeholder="Your name" {...register("name")} />
      <button type="submit">Save</button>
    </form>
  );
}

describe("TextInput", () => {
  it("labels the input", () => {
    render(<TextInput label="E-mail" type="email" />);
    expect(screen.getByLabelText("E-mail")).toHaveAttribute("type", "email");
  });

  it("clears the placeholder on focus and restores it on blur", async () => {
    const user = userEvent.setup();
    render(<TextInput label="Shop name" placeholder="e.g. Bean There" />);
    const input = screen.getByLabelText("Shop name");
    expect(input).toHaveAttribute("placeholder", "e.g. Bean There");

    await user.click(input);
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute("placeholder", "");

    await user.tab();
    expect(input).not.toHaveFocus();
    expect(input).toHaveAttribute("placeholder", "e.g. Bean There");
  });

  it("shows the error text, marks the input invalid and links the message", () => {
    render(<TextInput label="E-mail" error="Please enter a valid email address" />);
    const input = screen.getByLabelText("E-mail");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Please enter a valid email address");
    expect(screen.getByText("Please enter a valid email address")).toBeInTheDocument();
  });

  it("is not invalid without an error, and shows the hint instead", () => {
    render(<TextInput label="Tagline" hint="Shown under your shop name" />);
    const input = screen.getByLabelText("Tagline");
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(input).toHaveAccessibleDescription("Shown under your shop name");
  });

  it("defaults number inputs to min 0, keeps an explicit min, leaves text alone", () => {
    render(
      <>
        <TextInput label="Price" type="number" />
        <TextInput label="Discount" type="number" min={5} />
        <TextInput label="Name" />
      </>,
    );
    expect(screen.getByLabelText("Price")).toHaveAttribute("min", "0");
    expect(screen.getByLabelText("Discount")).toHaveAttribute("min", "5");
    expect(screen.getByLabelText("Name")).not.toHaveAttribute("min");
  });

  it("works with react-hook-form register (ref, onChange, onBlur)", async () => {
    const user = userEvent.setup();
    let submitted: { name: string } | undefined;
    render(
      <NameForm
        onSubmit={(values) => {
          submitted = values;
        }}
      />,
    );
    const input = screen.getByLabelText("Name");
    await user.type(input, "Ada");
    await user.tab();
    expect(input).toHaveAttribute("placeholder", "Your name");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(submitted).toEqual({ name: "Ada" });
  });
});

describe("PasswordInput", () => {
  it("shows and hides the password", async () => {
    const user = userEvent.setup();
    render(<PasswordInput label="Password" />);
    const input = screen.getByLabelText("Password");
    const toggle = screen.getByRole("button", { name: "Show password" });
    expect(input).toHaveAttribute("type", "password");
    expect(toggle).toHaveAttribute("aria-pressed", "false");

    await user.click(toggle);
    expect(input).toHaveAttribute("type", "text");
    expect(toggle).toHaveAttribute("aria-pressed", "true");
  });
});
