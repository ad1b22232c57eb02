import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { routes } from "@/app/router";
import { jsonResponse, makeUser } from "@/test/api-mock";
import { signInMerchant } from "@/test/merchant-data";
import { renderRoutes } from "@/test/render";

// jsdom has no ResizeObserver; the page's code sign-up switch (inside its form) measures itself.
beforeEach(() => {
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

function owner(extra = {}) {
  return signInMerchant({
    "GET /shop/email-settings": { yearlyReminderDays: 7, monthlyReminderDays: 3 },
    ...extra,
  });
}

describe("Customize Store: renewal reminders", () => {
  it("checks the lead times, saves them, and says so", { timeout: 30_000 }, async () => {
    const api = owner({
      "PUT /shop/email-settings": (request: { body: unknown }) =>
        jsonResponse(request.body as object),
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/merchant/profile/store-setting");
    // The lazy route loads first.
    const yearly = await screen.findByLabelText(/Yearly plans/, {}, { timeout: 15_000 });
    // The fields mount a moment before the saved values are put in them (the form's reset runs
    // in an effect once the settings arrive): a busy machine can read them in between.
    await waitFor(() => expect(yearly).toHaveValue(7));
    const monthly = screen.getByLabelText(/Monthly plans/);
    const save = screen.getByRole("button", { name: "Save reminders" });
    expect(save).toBeDisabled();

    await user.clear(monthly);
    await user.type(monthly, "30");
    await user.click(save);
    expect(await screen.findByText("Between 1 and 14 days.")).toBeInTheDocument();
    expect(api.callsTo("PUT /shop/email-settings")).toHaveLength(0);

    await user.clear(monthly);
    await user.type(monthly, "5");
    await user.clear(yearly);
    await user.type(yearly, "14");
    await user.click(save);
    expect(await screen.findByText("Reminder settings saved.")).toBeInTheDocument();
    expect(api.callsTo("PUT /shop/email-settings")[0]?.body).toEqual({
      yearlyReminderDays: 14,
      monthlyReminderDays: 5,
    });
  });

  it("is not shown to staff", { timeout: 30_000 }, async () => {
    const api = owner({
      "GET /user/get-user": { user: makeUser({ role: "staff", staffRole: "Barista" }) },
    });
    renderRoutes(routes, "/merchant/profile/store-setting");
    expect(
      await screen.findByText(
        "Only the shop owner can customize the store.",
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Renewal reminders" })).toBeNull();
    expect(api.callsTo("GET /shop/email-settings")).toHaveLength(0);
  });
});
