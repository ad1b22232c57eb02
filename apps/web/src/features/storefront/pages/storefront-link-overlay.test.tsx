import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { routes } from "@/app/router";
import { signInMerchant } from "@/test/merchant-data";
import { renderRoutes } from "@/test/render";

function signedInMerchant() {
  return signInMerchant({ "GET /membership/get-public-memberships": { memberships: [] } });
}

function stubClipboard(writeText?: (text: string) => Promise<void>) {
  const spy = writeText ? vi.fn(writeText) : undefined;
  Object.defineProperty(navigator, "clipboard", {
    value: spy ? { writeText: spy } : undefined,
    configurable: true,
  });
  return spy;
}

function stubExecCommand(result: boolean | undefined) {
  const spy = vi.fn(() => result ?? false);
  Object.defineProperty(document, "execCommand", {
    value: result === undefined ? undefined : spy,
    configurable: true,
  });
  return spy;
}

async function openOverlay() {
  const user = userEvent.setup();
  const view = renderRoutes(routes, "/merchant/storefront/storefront-link");
  const dialog = await screen.findByRole("dialog", { name: "Share your storefront" });
  return { user, dialog, ...view };
}

describe("storefront link overlay", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    stubExecCommand(undefined);
  });

  it("copies the site base plus the shop id and says so", async () => {
    signedInMerchant();
    const { user, dialog } = await openOverlay();
    const writeText = stubClipboard(async () => {});
    expect(within(dialog).getByLabelText("Store link")).toHaveValue(`${window.location.origin}/7`);
    await user.click(within(dialog).getByRole("button", { name: "Storefront Link" }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/7`);
    expect(await within(dialog).findByText("Link copied to clipboard!")).toBeInTheDocument();
  });

  it("falls back to the copy command without the Clipboard API, and says so", async () => {
    signedInMerchant();
    const { user, dialog } = await openOverlay();
    stubClipboard(undefined);
    const exec = stubExecCommand(true);
    await user.click(within(dialog).getByRole("button", { name: "Storefront Link" }));
    expect(exec).toHaveBeenCalledWith("copy");
    expect(await within(dialog).findByText("Link copied to clipboard!")).toBeInTheDocument();
  });

  it("shows Failed to copy link. when nothing can copy", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    signedInMerchant();
    const { user, dialog } = await openOverlay();
    stubClipboard(async () => {
      throw new Error("denied");
    });
    stubExecCommand(false);
    await user.click(within(dialog).getByRole("button", { name: "Storefront Link" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("Failed to copy link.");
  });

  it("the close button goes back to the storefront", async () => {
    signedInMerchant();
    const { user, dialog, router } = await openOverlay();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/merchant/storefront"));
  });
});

describe("/merchant/sidebar", () => {
  it("shows the sections and Logout as a page on phones", async () => {
    signedInMerchant();
    renderRoutes(routes, "/merchant/sidebar");
    const page = await screen.findByRole("region", { name: "Menu" });
    expect(within(page).getByRole("link", { name: "Offers" })).toBeInTheDocument();
    expect(within(page).getByRole("button", { name: "Logout" })).toBeInTheDocument();
  });

  it("redirects to the dashboard on desktop", async () => {
    signedInMerchant();
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query.includes("1024"),
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const { router } = renderRoutes(routes, "/merchant/sidebar");
    await waitFor(() => expect(router.state.location.pathname).toBe("/merchant/dashboard"));
    vi.unstubAllGlobals();
  });
});
