import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale } from "@/lib/i18n";
import { CHOSEN_LOCALE_KEY } from "@/lib/i18n/chosen-locale";
import { openAsCustomer } from "@/test/customer-app";
import {
  CUSTOMER_ID,
  customerRoutes,
  GET_CUSTOMER,
  makeDashboard,
  SHOP_ID,
  shopRoute,
} from "@/test/customer-data";

const SET_LANGUAGE = `PUT /customer/profile/language/${CUSTOMER_ID}`;

afterEach(async () => {
  localStorage.removeItem(CHOSEN_LOCALE_KEY);
  await activateLocale("en");
});

describe("the customer area in the customer's language", () => {
  it("renders the dashboard in Spanish once its section has loaded, money the Spanish way", async () => {
    localStorage.setItem(CHOSEN_LOCALE_KEY, "es");
    openAsCustomer(`/${SHOP_ID}/customer/dashboard`, {
      ...customerRoutes(),
      [GET_CUSTOMER]: makeDashboard({ rewardBalance: 4.5 }),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Panel" })).toBeInTheDocument();
    expect(
      await screen.findByRole("heading", { name: "Aún no tienes membresía" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Saldo de cashback" })).toBeInTheDocument();
    expect(screen.getAllByText("4,50 US$")).toHaveLength(2);
    expect(screen.getByRole("tab", { name: "Canjes" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Mostrar mi tarjeta" })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("es");
  });

  it("switches the language from the profile and stores it on the customer", async () => {
    const { api } = openAsCustomer(`/${SHOP_ID}/customer/profile-overview`, {
      ...shopRoute,
      [GET_CUSTOMER]: makeDashboard(),
      [`GET /customer/email-preferences/${CUSTOMER_ID}`]: { reminders: true },
      [SET_LANGUAGE]: { locale: "de" },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Profile" })).toBeInTheDocument();
    // The header's menu and the profile's field: the profile's is the one with a hint.
    const profileChoice = await screen.findByRole("combobox", {
      name: "Language",
      description: "The pages and your e-mails from this shop use it.",
    });
    fireEvent.change(profileChoice, { target: { value: "de" } });

    expect(await screen.findByRole("heading", { level: 1, name: "Profil" })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(SET_LANGUAGE)).toHaveLength(1));
    expect(api.callsTo(SET_LANGUAGE)[0]?.body).toEqual({ locale: "de" });
    expect(localStorage.getItem(CHOSEN_LOCALE_KEY)).toBe("de");
    expect(screen.getByRole("switch", { name: "Erinnerungs-E-Mails" })).toBeInTheDocument();
  });
});
