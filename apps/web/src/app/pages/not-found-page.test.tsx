import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, makeShop, mockApi } from "@/test/api-mock";
import { openAsMerchant } from "@/test/merchant-app";
import { renderRoutes } from "@/test/render";
import { routes } from "../router";

describe("NotFoundPage", () => {
  it("shows the 404 image, heading and a Go Home link to /", async () => {
    mockApi({});
    renderRoutes(routes, "/no-such-page");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "404" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
    // The title is set by an effect, which React may run after the heading paints.
    await waitFor(() => expect(document.title).toBe("Page not found · Tessera"));
  });

  it("Go Home leads to the login page", async () => {
    mockApi({});
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, "/nowhere/at/all/really");
    await user.click(await screen.findByRole("link", { name: "Go Home" }));
    // The login page's chunk loads before the router commits the navigation.
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(await screen.findByRole("button", { name: "Log in" })).toBeInTheDocument();
  });

  it("any path that matches no route is the generic not-found page, not Store Not Found", async () => {
    const api = mockApi({ "GET /shop/get-shop-by-Id": { shop: makeShop() } });
    for (const path of ["/this/does/not/exist", "/7/nowhere", "/7/customer-area/x", "/abc/def"]) {
      const { unmount } = renderRoutes(routes, path);
      expect(await screen.findByRole("heading", { name: "Page not found" }), path).toBeVisible();
      expect(screen.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
      expect(screen.queryByRole("heading", { name: "Store Not Found" })).toBeNull();
      unmount();
    }
    // A wrong address is known without asking for the shop.
    expect(api.callsTo("GET /shop/get-shop-by-Id")).toHaveLength(0);
  });

  it("only a shop page whose shop does not exist shows Store Not Found", async () => {
    mockApi({ "GET /storefront": jsonResponse({ message: "Store Not Found" }, 404) });
    renderRoutes(routes, "/404404");
    expect(await screen.findByRole("heading", { name: "Store Not Found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Homepage" })).toHaveAttribute("href", "/");
    expect(screen.queryByRole("heading", { name: "Page not found" })).toBeNull();
  });

  it("an unknown merchant page shows inside the shell for a signed-in merchant", async () => {
    openAsMerchant("/merchant/nowhere/at/all");
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
