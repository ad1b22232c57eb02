import { TWO_FACTOR_MESSAGES } from "@tessera/shared";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { getToken } from "@/lib/token-storage";
import { jsonResponse, makeShop, makeUser, mockApi } from "@/test/api-mock";
import { fillAndSubmit, renderLogin } from "./login-test-helpers";

const pending = (mode: "verify" | "enrol") => ({
  twoFactor: { challenge: "ch-1", mode, expiresAt: "2030-01-01T00:00:00.000Z" },
});

describe("merchant login: two-factor step", () => {
  it("asks for the code after the password; a wrong code says so, the right one signs in", async () => {
    let attempts = 0;
    const api = mockApi({
      "POST /auth/sign-in": pending("verify"),
      "POST /auth/two-factor/verify": () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse({ message: TWO_FACTOR_MESSAGES.wrongCode }, 400)
          : { token: "t-2fa", user: makeUser() };
      },
      "GET /shop/get-shop-by-userId": { shop: makeShop() },
    });
    renderLogin();
    const user = await fillAndSubmit("owner@shop.com", "Secret@123");
    expect(await screen.findByRole("heading", { name: "Two-factor sign-in" })).toBeInTheDocument();
    expect(getToken()).toBeNull();

    const field = screen.getByLabelText("Code");
    await user.type(field, "111111");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.wrongCode)).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, "222222");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(getToken()).toBe("t-2fa");
    expect(api.callsTo("POST /auth/two-factor/verify").at(-1)?.body).toEqual({
      challenge: "ch-1",
      code: "222222",
    });
  });

  it("sends the person back to the password when the challenge has ended", async () => {
    mockApi({
      "POST /auth/sign-in": pending("verify"),
      "POST /auth/two-factor/verify": jsonResponse(
        { message: TWO_FACTOR_MESSAGES.tooManyTries },
        401,
      ),
    });
    renderLogin();
    const user = await fillAndSubmit("owner@shop.com", "Secret@123");
    await user.type(await screen.findByLabelText("Code"), "abcde-fghij");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.tooManyTries)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Log in" })).toBeInTheDocument();
  });

  it("staff whose shop requires 2FA set it up, see their recovery codes, then go on", async () => {
    const api = mockApi({
      "POST /auth/sign-in": pending("enrol"),
      "POST /auth/two-factor/enrol/start": {
        secret: "JBSWY3DPEHPK3PXP",
        otpauthUri: "otpauth://totp/Tessera:staff@shop.com?secret=JBSWY3DPEHPK3PXP&issuer=Tessera",
      },
      "POST /auth/two-factor/enrol/confirm": {
        token: "t-staff",
        user: makeUser({ role: "staff" }),
        recoveryCodes: ["aaaaa-bbbbb", "ccccc-ddddd"],
      },
      "GET /shop/get-shop-by-userId": { shop: makeShop() },
    });
    renderLogin();
    const user = await fillAndSubmit("owner@shop.com", "Secret@123");
    expect(
      await screen.findByRole("heading", { name: "Set up two-factor sign-in" }),
    ).toBeInTheDocument();
    expect(await screen.findByText("JBSWY3DPEHPK3PXP")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    await user.type(screen.getByLabelText("6-digit code"), "123456");
    await user.click(screen.getByRole("button", { name: "Turn on and sign in" }));
    expect(await screen.findByText("aaaaa-bbbbb")).toBeInTheDocument();
    expect(getToken()).toBeNull();
    await user.click(screen.getByRole("button", { name: "I saved them, continue" }));
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(getToken()).toBe("t-staff");
    expect(api.callsTo("POST /auth/two-factor/enrol/confirm")[0]?.body).toEqual({
      challenge: "ch-1",
      code: "123456",
    });
  });

  it("takes a pending step from the address (back from Google)", async () => {
    mockApi({});
    renderLogin("/?twoFactor=from-google&mode=verify");
    expect(await screen.findByRole("heading", { name: "Two-factor sign-in" })).toBeInTheDocument();
  });
});
