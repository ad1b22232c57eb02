import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, makeShop, mockApi } from "@/test/api-mock";
import { renderRoutes } from "@/test/render";
import { routes } from "../router";

describe("shop layout", () => {
  it("an unknown shop (404) shows Store Not Found with a way home", async () => {
    const api = mockApi({
      "GET /shop/get-shop-by-Id": jsonResponse({ message: "Store Not Found" }, 404),
    });
    renderRoutes(routes, "/999/login");
    expect(await screen.findByRole("heading", { name: "Store Not Found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Homepage" })).toHaveAttribute("href", "/");
    // A 404 is an answer, not a failure to retry.
    expect(api.callsTo("GET /shop/get-shop-by-Id")).toHaveLength(1);
    expect(api.callsTo("GET /shop/get-shop-by-Id")[0]?.query.get("shopId")).toBe("999");
  });

  it("a non-numeric shop id on a shop page is Store Not Found without asking", async () => {
    const api = mockApi({});
    renderRoutes(routes, "/not-a-shop/register");
    expect(await screen.findByRole("heading", { name: "Store Not Found" })).toBeInTheDocument();
    expect(api.callsTo("GET /shop/get-shop-by-Id")).toHaveLength(0);
  });

  it("applies the shop's branding and shows its storefront header", async () => {
    const api = mockApi({
      "GET /storefront": {
        shop: makeShop({ primaryColor: "#AA3300", secondaryColor: "#FFF7ED", fontStyle: "Lora" }),
        memberships: [],
        offers: [],
      },
    });
    const { container } = renderRoutes(routes, "/7");
    expect(
      await screen.findByRole("heading", { name: "Coffee worth coming back for" }),
    ).toBeInTheDocument();
    const wrapper = container.querySelector<HTMLElement>("[style*='--primary']");
    expect(wrapper?.style.getPropertyValue("--primary")).toBe("#AA3300");
    expect(wrapper?.style.getPropertyValue("--secondary")).toBe("#FFF7ED");
    expect(wrapper?.style.getPropertyValue("--font-brand")).toContain('"Lora"');
    expect(screen.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/7/register");
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/7/login");
    expect(screen.getByRole("button", { name: "Become a Member" })).toBeDisabled();
    // One round trip: the catalogue tabs use the tiers and offers that came with the shop.
    expect(await screen.findByText("No Membership available.")).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path !== "/auth/providers").map((r) => r.path)).toEqual([
      "/storefront",
    ]);
    expect(api.callsTo("GET /storefront")[0]?.query.get("shopId")).toBe("7");
  });

  it("an unknown shop on the bare storefront (404) shows Store Not Found", async () => {
    const api = mockApi({
      "GET /storefront": jsonResponse({ message: "Store Not Found" }, 404),
    });
    renderRoutes(routes, "/999");
    expect(await screen.findByRole("heading", { name: "Store Not Found" })).toBeInTheDocument();
    expect(api.callsTo("GET /storefront")).toHaveLength(1);
  });
});
