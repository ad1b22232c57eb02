import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AppProviders } from "@/app/providers/app-providers";
import { notifySuccess } from "./notify";

describe("toasts on demand", () => {
  it("mounts no toast container until the first toast, then shows it", async () => {
    const { container } = render(
      <AppProviders>
        <p>Page</p>
      </AppProviders>,
    );
    expect(screen.getByText("Page")).toBeInTheDocument();
    expect(container.querySelector(".Toastify")).toBeNull();

    notifySuccess("Saved for later");
    expect(await screen.findByText("Saved for later")).toBeInTheDocument();
    expect(container.querySelector(".Toastify")).not.toBeNull();
  });
});
