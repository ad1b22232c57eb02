import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Button } from "@/components/ui";
import { renderWithRouter } from "@/test/render";
import { useCopyStoreLink } from "./use-copy-store-link";

function CopyButton() {
  const copy = useCopyStoreLink(7);
  return <Button onClick={() => void copy()}>Store url</Button>;
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, "clipboard", { value: { writeText: spy }, configurable: true });
  return spy;
}

describe("Store url copy", () => {
  afterEach(() => vi.restoreAllMocks());

  it("copies the public store link and says so", async () => {
    // user-event installs its own clipboard on setup: stub after it.
    const user = userEvent.setup();
    const writeText = stubClipboard(async () => {});
    renderWithRouter(<CopyButton />);
    await user.click(screen.getByRole("button", { name: "Store url" }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/7`);
    expect(await screen.findByText("Link copied to clipboard!")).toBeInTheDocument();
  });

  it("says Failed to copy link. when the clipboard refuses", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const user = userEvent.setup();
    stubClipboard(async () => {
      throw new Error("denied");
    });
    renderWithRouter(<CopyButton />);
    await user.click(screen.getByRole("button", { name: "Store url" }));
    expect(await screen.findByText("Failed to copy link.")).toBeInTheDocument();
  });
});
