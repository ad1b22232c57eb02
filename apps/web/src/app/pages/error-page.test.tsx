import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderRoutes } from "@/test/render";
import { ErrorPage } from "./error-page";

function Broken(): never {
  throw new Error("boom");
}

describe("ErrorPage", () => {
  it("catches a render error with the spec's heading and a Go Home link", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    renderRoutes([{ path: "/", element: <Broken />, errorElement: <ErrorPage /> }], "/");
    expect(
      await screen.findByRole("heading", { name: "Unexpected Application Error!" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
  });
});
