import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activateLocale } from "@/lib/i18n";
import { CountryPhoneInput } from "./country-phone-input";

afterEach(async () => {
  await act(() => activateLocale("en"));
});

function renderPicker(country = "DE") {
  const onCountryChange = vi.fn();
  render(<CountryPhoneInput label="Phone" country={country} onCountryChange={onCountryChange} />);
  return onCountryChange;
}

describe("the phone field's country picker", { timeout: 30_000 }, () => {
  it("names the countries in the page's language and searches in it", async () => {
    await act(() => activateLocale("es"));
    const onCountryChange = renderPicker("DE");
    const user = userEvent.setup();
    const button = screen.getByRole("button", { name: /Alemania \+49/ });
    await user.click(button);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("button", { name: /Alemania/ })).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole("searchbox"), { target: { value: "espana" } });
    await user.click(within(dialog).getByRole("button", { name: /España/ }));
    expect(onCountryChange).toHaveBeenCalledWith("ES");
  });

  it("follows a change of language", async () => {
    renderPicker("DE");
    expect(screen.getByRole("button", { name: /Germany \+49/ })).toBeInTheDocument();
    await act(() => activateLocale("de"));
    expect(await screen.findByRole("button", { name: /Deutschland \+49/ })).toBeInTheDocument();
  });
});
