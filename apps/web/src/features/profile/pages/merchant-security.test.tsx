import { FRESH_CODE_HEADER, TWO_FACTOR_MESSAGES, type TwoFactorStatus } from "@tessera/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { routes } from "@/app/router";
import { leaveAppFor } from "@/lib/leave-app";
import { jsonResponse, type mockApi } from "@/test/api-mock";
import { signInMerchant } from "@/test/merchant-data";
import { renderRoutes } from "@/test/render";

vi.mock("@/lib/leave-app", () => ({ leaveAppFor: vi.fn() }));

const off: TwoFactorStatus = {
  enabled: false,
  enabledAt: null,
  recoveryCodesLeft: 0,
  requiredByShop: false,
};
const on: TwoFactorStatus = {
  ...off,
  enabled: true,
  enabledAt: "2026-11-01T10:00:00.000Z",
  recoveryCodesLeft: 10,
};

const sessions = {
  sessions: [
    {
      id: 1,
      device: "Chrome on macOS",
      ip: "203.0.113.7",
      createdAt: "2026-11-20T10:00:00.000Z",
      lastSeenAt: "2026-11-27T09:00:00.000Z",
      current: true,
    },
    {
      id: 2,
      device: "Safari on iPhone",
      ip: "198.51.100.4",
      createdAt: "2026-11-21T10:00:00.000Z",
      lastSeenAt: "2026-11-26T09:00:00.000Z",
      current: false,
    },
  ],
};

function owner(extra: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return signInMerchant({
    "GET /fortis/onboarding": {
      account: { provider: "sandbox", connected: false, fortisId: null, fortisUserId: null },
    },
    "GET /user/two-factor": off,
    "GET /auth/sessions": sessions,
    "GET /shop/security": { requireStaffTwoFactor: false },
    ...extra,
  });
}

// Whole merchant routes with the lazily loaded Security card: slower than a unit under load.
describe("merchant profile: Security", () => {
  // The card's chunk is loaded once up front, so no test waits for its first transform.
  beforeAll(async () => {
    await import("../components/security-section");
  }, 60_000);

  it("turns two-factor sign-in on: QR code, first code, recovery codes shown once", async () => {
    let status = off;
    const api = owner({
      "GET /user/two-factor": () => status,
      "POST /user/two-factor/start": {
        secret: "JBSWY3DPEHPK3PXP",
        otpauthUri: "otpauth://totp/Tessera:o@shop.com?secret=JBSWY3DPEHPK3PXP&issuer=Tessera",
      },
      "POST /user/two-factor/confirm": () => {
        status = on;
        return {
          message: TWO_FACTOR_MESSAGES.enabled,
          recoveryCodes: ["aaaaa-bbbbb", "ccccc-ddddd"],
        };
      },
    });
    renderRoutes(routes, "/merchant/profile");
    // The Security card is its own chunk: it may take a moment to arrive.
    await screen.findByRole("heading", { name: "Security" }, { timeout: 10_000 });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Turn on" }));
    const dialog = await screen.findByRole("dialog", { name: "Turn on two-factor sign-in" });
    expect(await within(dialog).findByText("JBSWY3DPEHPK3PXP")).toBeInTheDocument();
    expect(
      within(dialog).getByRole("img", { name: "QR code for your authenticator app" }),
    ).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Turn on" }));
    expect(within(dialog).getByText(TWO_FACTOR_MESSAGES.codeRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("6-digit code"), "123456");
    await user.click(within(dialog).getByRole("button", { name: "Turn on" }));
    const codes = await screen.findByRole("list", { name: "Recovery codes" });
    expect(
      within(codes)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["aaaaa-bbbbb", "ccccc-ddddd"]);
    expect(api.callsTo("POST /user/two-factor/confirm")[0]?.body).toEqual({ code: "123456" });
    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(await screen.findByText("On")).toBeInTheDocument();
  }, 30_000);

  it("lists sessions, signs one out and everywhere else", async () => {
    const api = owner({
      "DELETE /auth/sessions/2": { message: TWO_FACTOR_MESSAGES.sessionRevoked },
      "POST /auth/sessions/sign-out-others": {
        message: TWO_FACTOR_MESSAGES.otherSessionsRevoked,
        signedOut: 1,
      },
    });
    renderRoutes(routes, "/merchant/profile");
    const list = await screen.findByRole("list", { name: "Active sessions" }, { timeout: 10_000 });
    expect(within(list).getByText("This device")).toBeInTheDocument();
    expect(within(list).getByText(/198\.51\.100\.4/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(list).getByRole("button", { name: "Sign out Safari on iPhone" }));
    await waitFor(() => expect(api.callsTo("DELETE /auth/sessions/2")).toHaveLength(1));

    await user.click(await screen.findByRole("button", { name: "Sign out everywhere else" }));
    const confirm = await screen.findByRole("dialog", { name: "Sign out everywhere else?" });
    await user.click(within(confirm).getByRole("button", { name: "Sign out everywhere" }));
    await waitFor(() => expect(api.callsTo("POST /auth/sessions/sign-out-others")).toHaveLength(1));
  }, 30_000);

  it("with 2FA on, payment onboarding asks for a current code and sends it", async () => {
    const api = owner({
      "GET /user/two-factor": on,
      "POST /fortis/onboarding": (request) =>
        request.headers.get(FRESH_CODE_HEADER) === "654321"
          ? { message: "ok", app_link: "https://provider.example/apply/1" }
          : jsonResponse({ message: TWO_FACTOR_MESSAGES.freshCodeWrong }, 403),
    });
    renderRoutes(routes, "/merchant/profile");
    const user = userEvent.setup();
    await screen.findByText("On", {}, { timeout: 10_000 });
    await user.click(await screen.findByRole("button", { name: "Onboard" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm payment settings" });
    expect(api.callsTo("POST /fortis/onboarding")).toHaveLength(0);
    await user.type(within(dialog).getByLabelText("6-digit code"), "111111");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await within(dialog).findByText(TWO_FACTOR_MESSAGES.freshCodeWrong)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText("6-digit code"));
    await user.type(within(dialog).getByLabelText("6-digit code"), "654321");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() =>
      expect(leaveAppFor).toHaveBeenCalledWith("https://provider.example/apply/1"),
    );
  }, 30_000);
});
