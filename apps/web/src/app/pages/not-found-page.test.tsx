import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { setToken } from "@/lib/token-storage";
import { makeShop, makeUser, mockApi } from "@/test/api-mock";
import { renderRoutes } from "@/test/render";
import { routes } from "../router";

describe("NotFoundPage", () => {
  it("shows the 404 image, heading and a Go Home link to /", async () => {
    mockApi({});
    renderRoutes(routes, "/no-such-page");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "404" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
    expect(document.title).toBe("Page not found · Tessera");
  });

  it("Go Home leads to the login page", async () => {
    mockApi({});
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, "/nowhere/at/all/really");
    // A broken shop link (non-numeric id) is "Store Not Found"; its link goes home too.
    await user.click(await screen.findByRole("link", { name: "Go to Homepage" }));
    // The login page's chunk loads before the router commits the navigation.
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(await screen.findByRole("button", { name: "Log in" })).toBeInTheDocument();
  });

  it("an unknown merchant page shows inside the shell for a signed-in merchant", async () => {
    setToken("merchant-token");
    mockApi({
      "GET /user/get-user": { user: makeUser() },
      "GET /shop/get-shop-by-userId": { shop: makeShop() },
    });
    renderRoutes(routes, "/merchant/nowhere/at/all");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go Home" })).toHaveAttribute(
      "href",
      "/merchant/dashboard",
    );
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
  });

  it("an anonymous visit to the merchant area goes to the login page", async () => {
    mockApi({});
    const { router } = renderRoutes(routes, "/merchant/nowhere/at/all");
    expect(await screen.findByRole("button", { name: "Log in" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });
});
