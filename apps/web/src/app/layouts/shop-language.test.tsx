import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { get } from "@/lib/api-client";
import { activateLocale } from "@/lib/i18n";
import { CHOSEN_LOCALE_KEY } from "@/lib/i18n/chosen-locale";
import { jsonResponse, makeShop, mockApi } from "@/test/api-mock";
import { makeTier } from "@/test/customer-data";
import { renderRoutes } from "@/test/render";
import { routes } from "../router";

function storefront(shop: Record<string, unknown> = {}) {
  return mockApi({
    "GET /storefront": {
      shop: makeShop(shop),
      memberships: [makeTier({ price: 1234.5, renewal: "monthly" })],
      offers: [],
    },
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale("en");
});

describe("the customer side's language", () => {
  it("is the shop's default for a first visit when the shop does not follow the browser", async () => {
    vi.stubGlobal("navigator", { ...navigator, languages: ["fr-FR"] });
    storefront({ defaultLocale: "de", followBrowserLocale: false });
    renderRoutes(routes, "/7");
    expect(await screen.findByRole("button", { name: "Mitglied werden" })).toBeDisabled();
    expect(document.documentElement.lang).toBe("de");
    expect(screen.getByText("1.234,50 $")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Anmelden" })).toHaveAttribute("href", "/7/login");
  });

  it("follows the browser's languages on a first visit when the shop allows it", async () => {
    vi.stubGlobal("navigator", { ...navigator, languages: ["ja", "es-MX", "en"] });
    storefront({ defaultLocale: "en", followBrowserLocale: true });
    renderRoutes(routes, "/7");
    expect(await screen.findByRole("button", { name: "Hazte socio" })).toBeDisabled();
    expect(document.documentElement.lang).toBe("es");
  });

  it("switches from the header, remembers the choice and goes back to English on request", async () => {
    storefront();
    renderRoutes(routes, "/7");
    expect(await screen.findByRole("button", { name: "Become a Member" })).toBeDisabled();
    expect(screen.getByText("$1,234.50")).toBeInTheDocument();

    fireEvent.change(screen.getByRole("combobox", { name: "Language" }), {
      target: { value: "pt-BR" },
    });
    expect(await screen.findByRole("button", { name: "Seja membro" })).toBeDisabled();
    expect(screen.getByRole("combobox", { name: "Idioma" })).toHaveValue("pt-BR");
    expect(localStorage.getItem(CHOSEN_LOCALE_KEY)).toBe("pt-BR");
    expect(document.documentElement.lang).toBe("pt-BR");

    fireEvent.change(screen.getByRole("combobox", { name: "Idioma" }), {
      target: { value: "en" },
    });
    await waitFor(() => expect(document.documentElement.lang).toBe("en"));
    expect(screen.getByRole("button", { name: "Become a Member" })).toBeDisabled();
  });

  it("sends the page's language with every request, for what the server writes", async () => {
    const api = storefront({ defaultLocale: "fr", followBrowserLocale: false });
    renderRoutes(routes, "/7");
    await screen.findByRole("button", { name: "Devenir membre" });
    // The shop itself was asked for before its language was known.
    expect(api.callsTo("GET /storefront")[0]?.headers.get("accept-language")).toBe("en");
    await get("/storefront", { query: { shopId: 7 } });
    expect(api.callsTo("GET /storefront").at(-1)?.headers.get("accept-language")).toBe("fr");
  });
});

describe("pages outside the shop's own", () => {
  it("asks for a refused sign-in in the page's language and shows it as the server words it", async () => {
    const api = mockApi({
      "GET /shop/get-shop-by-Id": {
        shop: makeShop({ defaultLocale: "es", followBrowserLocale: false }),
      },
      "POST /customer/auth/sign-in": jsonResponse(
        { message: "Correo electrónico o contraseña incorrectos" },
        401,
      ),
    });
    renderRoutes(routes, "/7/login");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Correo electrónico"), "casey@example.com");
    await user.type(screen.getByLabelText("Contraseña"), "Secret@123");
    await user.click(screen.getByRole("button", { name: "Entrar" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Contraseña")).toHaveAccessibleDescription(
        "Correo electrónico o contraseña incorrectos",
      ),
    );
    expect(api.callsTo("POST /customer/auth/sign-in")[0]?.headers.get("accept-language")).toBe(
      "es",
    );
  });

  it("says Store Not Found in the visitor's browser language, there being no shop", async () => {
    vi.stubGlobal("navigator", { ...navigator, languages: ["de-AT", "en"] });
    mockApi({ "GET /storefront": jsonResponse({ message: "Store Not Found" }, 404) });
    renderRoutes(routes, "/999");
    expect(await screen.findByRole("heading", { name: "Shop nicht gefunden" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Zur Startseite" })).toHaveAttribute("href", "/");
    expect(document.documentElement.lang).toBe("de");
  });
});
