import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "@/test/render";
import { routes } from "../router";

describe("NotFoundPage", () => {
  it("shows the 404 image, heading and a Go Home link to /", async () => {
    renderRoutes(routes, "/no-such-page");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "404" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
    expect(document.title).toBe("Page not found · Tessera");
  });

  it("Go Home leads to the login page", async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, "/merchant/nowhere/at/all");
    await user.click(await screen.findByRole("link", { name: "Go Home" }));
    expect(router.state.location.pathname).toBe("/");
    expect(await screen.findByRole("button", { name: "Log in" })).toBeInTheDocument();
  });
});
