import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { routes } from "@/app/router";
import { leaveAppFor } from "@/lib/leave-app";
import { setToken } from "@/lib/token-storage";
import { jsonResponse, makeShop, makeUser, mockApi } from "@/test/api-mock";
import { renderRoutes } from "@/test/render";

vi.mock("@/lib/leave-app", () => ({ leaveAppFor: vi.fn() }));

function account(connected: boolean) {
  return {
    account: {
      provider: "sandbox",
      connected,
      fortisId: connected ? "loc_1" : null,
      fortisUserId: connected ? "usr_1" : null,
    },
  };
}

const NO_EMAILS = { newMember: false, failedPayment: false, refund: false, digest: "none" };

function merchant(role: "owner" | "staff", connected: boolean, extra = {}) {
  setToken("m");
  return mockApi({
    "GET /user/get-user": {
      user: makeUser(role === "staff" ? { role, staffRole: "Barista" } : {}),
    },
    "GET /shop/get-shop-by-userId": { shop: makeShop() },
    "GET /fortis/onboarding": account(connected),
    "GET /user/email-notifications": NO_EMAILS,
    ...extra,
  });
}

async function paymentsRow() {
  const label = await screen.findByText("Payments");
  return label.parentElement as HTMLElement;
}

describe("merchant profile: card payments onboarding", () => {
  it("not connected, owner: Onboard starts onboarding and goes to the provider", async () => {
    const api = merchant("owner", false, {
      "POST /fortis/onboarding": {
        message: "Continue on the payment provider's page to connect your shop.",
        app_link: "https://provider.example/apply/abc",
      },
    });
    renderRoutes(routes, "/merchant/profile");
    const row = await paymentsRow();
    const onboard = await within(row).findByRole("button", { name: "Onboard" });
    await userEvent.setup().click(onboard);
    await waitFor(() =>
      expect(leaveAppFor).toHaveBeenCalledWith("https://provider.example/apply/abc"),
    );
    expect(api.callsTo("POST /fortis/onboarding")).toHaveLength(1);
    expect(within(row).getByRole("button", { name: "Onboard" })).toBeDisabled();
  });

  it("not connected, staff: no Onboard, only that it is not connected", async () => {
    merchant("staff", false);
    renderRoutes(routes, "/merchant/profile");
    const row = await paymentsRow();
    expect(await within(row).findByText("Not connected")).toBeInTheDocument();
    expect(within(row).queryByRole("button", { name: "Onboard" })).not.toBeInTheDocument();
  });

  it("connected: a disabled Connected button", async () => {
    merchant("owner", true);
    renderRoutes(routes, "/merchant/profile");
    const row = await paymentsRow();
    expect(await within(row).findByRole("button", { name: "Connected" })).toBeDisabled();
    expect(within(row).queryByRole("button", { name: "Onboard" })).not.toBeInTheDocument();
  });

  it("back from the provider: a toast once, and the parameter leaves the address", async () => {
    merchant("owner", true);
    const { router } = renderRoutes(routes, "/merchant/profile?onboarding=connected");
    expect(await screen.findByText("Your shop is connected to card payments.")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(screen.getAllByText("Your shop is connected to card payments.")).toHaveLength(1);
  });

  it("a failed account read offers Retry", async () => {
    merchant("owner", false, {
      "GET /fortis/onboarding": () => jsonResponse({ message: "Not allowed here." }, 403),
    });
    renderRoutes(routes, "/merchant/profile");
    const row = await paymentsRow();
    expect(await within(row).findByText("Not allowed here.")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });
});

describe("merchant profile: e-mail notifications", () => {
  it("a staff member picks their own instant e-mails and digest, saves, and is told so", {
    timeout: 30_000,
  }, async () => {
    const api = merchant("staff", true, {
      "PUT /user/email-notifications": (request: { body: unknown }) =>
        jsonResponse(request.body as object),
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/merchant/profile");
    const save = await screen.findByRole(
      "button",
      { name: "Save notifications" },
      // The lazy profile route loads first.
      { timeout: 15_000 },
    );
    expect(save).toBeDisabled();
    await user.click(screen.getByRole("switch", { name: /Failed payment/ }));
    await user.selectOptions(screen.getByLabelText("Summary e-mail"), "weekly");
    await user.click(save);
    expect(
      await screen.findByText("E-mail notifications saved.", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(api.callsTo("PUT /user/email-notifications")[0]?.body).toEqual({
      ...NO_EMAILS,
      failedPayment: true,
      digest: "weekly",
    });
  });
});
