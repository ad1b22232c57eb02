import { describe, expect, it } from "vitest";
import { errorsOf, parseOk } from "../test-helpers.ts";
import {
  changePasswordPayloadSchema,
  changePasswordSchema,
  customerForgotPasswordParamsSchema,
  customerLoginPayloadSchema,
  customerSetPasswordSchema,
  customerSignUpPayloadSchema,
  customerSignUpSchema,
  forgotPasswordSchema,
  loginSchema,
  merchantSignUpSchema,
  resetPasswordPayloadSchema,
  resetPasswordSchema,
  setPasswordPayloadSchema,
  setPasswordSchema,
  signUpPayloadSchema,
} from "./auth.ts";

const GOOD = "Abcdef1!";

describe("loginSchema", () => {
  it("accepts valid credentials and trims and lower-cases the e-mail", () => {
    expect(parseOk(loginSchema, { email: "  Ann@Example.COM ", password: GOOD })).toEqual({
      email: "ann@example.com",
      password: GOOD,
    });
  });

  it("gives the spec's messages for empty fields", () => {
    // Empty and missing fields read alike.
    for (const input of [{ email: "", password: "" }, {}]) {
      expect(errorsOf(loginSchema, input)).toEqual({
        email: "Please enter a valid email address",
        password: "Please enter a valid password",
      });
    }
  });

  it("rejects a malformed e-mail and a password that breaks the pattern", () => {
    expect(errorsOf(loginSchema, { email: "ann@example", password: "abcdefgh" })).toEqual({
      email: "Please enter a valid email address",
      password: "Invalid Password",
    });
  });

  it("does not trim the password", () => {
    expect(errorsOf(loginSchema, { email: "a@b.co", password: ` ${GOOD}` })).toEqual({
      password: "Invalid Password",
    });
  });

  it("customer payload requires a shop id", () => {
    expect(
      parseOk(customerLoginPayloadSchema, { email: "a@b.co", password: GOOD, shopId: "12" }),
    ).toEqual({ email: "a@b.co", password: GOOD, shopId: 12 });
    expect(
      errorsOf(customerLoginPayloadSchema, { email: "a@b.co", password: GOOD, shopId: 0 }),
    ).toHaveProperty("shopId");
  });
});

const merchantForm = {
  firstName: "Ann",
  lastName: "O'Neil-Smith",
  email: "Ann@Shop.com ",
  password: GOOD,
  reTypePassword: GOOD,
};

describe("merchantSignUpSchema (first wordings)", () => {
  it("accepts a valid form and normalises the e-mail", () => {
    expect(parseOk(merchantSignUpSchema, merchantForm)).toEqual({
      ...merchantForm,
      email: "ann@shop.com",
    });
  });

  it("gives the required messages", () => {
    expect(
      errorsOf(merchantSignUpSchema, {
        firstName: " ",
        lastName: "",
        email: "",
        password: "",
        reTypePassword: "",
      }),
    ).toEqual({
      firstName: "Enter first name",
      lastName: "Enter last name",
      email: "Enter email",
      password: "Enter password",
      reTypePassword: "Re-type password",
    });
  });

  it("gives the format messages, and the mismatch at the same time", () => {
    expect(
      errorsOf(merchantSignUpSchema, {
        firstName: "Ann2",
        lastName: "Lee_",
        email: "ann@shop.c",
        password: "password1!",
        reTypePassword: "different",
      }),
    ).toEqual({
      firstName: "Use letters only",
      lastName: "Use letters only",
      email: "Enter a valid email",
      password: "Password must be 8+ characters, include uppercase, lowercase, number, and symbol",
      reTypePassword: "Passwords do not match",
    });
  });

  it("allows letters of any script, spaces, apostrophes and hyphens in names", () => {
    expect(errorsOf(merchantSignUpSchema, { ...merchantForm, firstName: "José María" })).toEqual(
      {},
    );
    expect(errorsOf(merchantSignUpSchema, { ...merchantForm, lastName: "D'Arcy-Lee" })).toEqual({});
  });

  it("the payload has no reTypePassword", () => {
    expect(parseOk(signUpPayloadSchema, merchantForm)).not.toHaveProperty("reTypePassword");
  });
});

describe("customerSignUpSchema (second wordings)", () => {
  it("gives the customer required messages", () => {
    expect(errorsOf(customerSignUpSchema, {})).toEqual({
      firstName: "First Name is required.",
      lastName: "Last Name is required.",
      email: "Email is required.",
      password: "Password is required.",
      reTypePassword: "Please re-enter your password.",
    });
  });

  it("gives the customer format messages", () => {
    expect(
      errorsOf(customerSignUpSchema, {
        firstName: "Ann!",
        lastName: "Lee",
        email: "ann.example.com",
        password: "Abcdefgh",
        reTypePassword: "Abcdefgh",
      }),
    ).toEqual({
      firstName: "Only letters, spaces, apostrophes (') and hyphens (-) allowed.",
      email: "Please enter a valid email address.",
      password:
        "Password must include at least one uppercase letter, one lower letter, one number, and one special character.",
    });
    expect(errorsOf(customerSignUpSchema, { ...merchantForm, reTypePassword: `${GOOD}x` })).toEqual(
      { reTypePassword: "Passwords do not match" },
    );
  });

  it("the payload carries the shop id", () => {
    const { reTypePassword: _, ...payload } = merchantForm;
    expect(parseOk(customerSignUpPayloadSchema, { ...payload, shopId: 3 })).toEqual({
      ...payload,
      email: "ann@shop.com",
      shopId: 3,
    });
    expect(errorsOf(customerSignUpPayloadSchema, payload)).toHaveProperty("shopId");
  });
});

describe("forgot and reset password", () => {
  it("forgot password needs a valid e-mail", () => {
    expect(parseOk(forgotPasswordSchema, { email: " A@B.CO " })).toEqual({ email: "a@b.co" });
    expect(errorsOf(forgotPasswordSchema, { email: "nope" })).toEqual({
      email: "Please enter a valid email address",
    });
    expect(parseOk(customerForgotPasswordParamsSchema, { email: "a@b.co", shopId: "5" })).toEqual({
      email: "a@b.co",
      shopId: 5,
    });
  });

  it("reset password uses the reset wording and the unpunctuated mismatch", () => {
    expect(errorsOf(resetPasswordSchema, { password: "short", confirmPassword: "x" })).toEqual({
      password:
        "Password must be at least 8 characters long, and include at least one uppercase letter, one lowercase letter, one number, and one special character.",
      confirmPassword: "Passwords do not match",
    });
    expect(parseOk(resetPasswordSchema, { password: GOOD, confirmPassword: GOOD })).toEqual({
      password: GOOD,
      confirmPassword: GOOD,
    });
  });

  it("reset payload checks confirmPassword only when sent", () => {
    expect(errorsOf(resetPasswordPayloadSchema, { token: "t", password: GOOD })).toEqual({});
    expect(
      errorsOf(resetPasswordPayloadSchema, { token: "t", password: GOOD, confirmPassword: "x" }),
    ).toEqual({ confirmPassword: "Passwords do not match" });
    expect(errorsOf(resetPasswordPayloadSchema, { token: "", password: GOOD })).toHaveProperty(
      "token",
    );
  });
});

describe("set password from an invitation", () => {
  it("staff wording (merchant side)", () => {
    expect(errorsOf(setPasswordSchema, { password: "abc", confirmPassword: "abd" })).toEqual({
      password: "Use 8+ chars, upper & lower case, number, symbol",
      confirmPassword: "Passwords do not match.",
    });
  });

  it("customer wording", () => {
    expect(
      errorsOf(customerSetPasswordSchema, { password: "abc", confirmPassword: "abc" }),
    ).toEqual({
      password:
        "Password must be at least 8 characters, with uppercase, lowercase, number, and special character.",
    });
  });

  it("payload: token, password, confirmPassword", () => {
    expect(
      parseOk(setPasswordPayloadSchema, { token: "tok", password: GOOD, confirmPassword: GOOD }),
    ).toEqual({ token: "tok", password: GOOD, confirmPassword: GOOD });
    expect(
      errorsOf(setPasswordPayloadSchema, { token: "tok", password: GOOD, confirmPassword: "x" }),
    ).toEqual({ confirmPassword: "Passwords do not match." });
  });
});

describe("changePasswordSchema", () => {
  it("gives the required messages", () => {
    expect(
      errorsOf(changePasswordSchema, {
        currentPassword: "",
        newPassword: "",
        confirmNewPassword: "",
      }),
    ).toEqual({
      currentPassword: "Current password is required.",
      newPassword: "New password is required.",
    });
  });

  it("checks the new password's strength", () => {
    expect(
      errorsOf(changePasswordSchema, {
        currentPassword: "old",
        newPassword: "weakpass",
        confirmNewPassword: "weakpass",
      }),
    ).toEqual({
      newPassword:
        "Password must contain: 8+ chars, 1 uppercase, 1 lowercase, 1 number, 1 special character.",
    });
  });

  it("refuses the current password as the new one, and a wrong confirmation", () => {
    expect(
      errorsOf(changePasswordSchema, {
        currentPassword: GOOD,
        newPassword: GOOD,
        confirmNewPassword: "Other1!x",
      }),
    ).toEqual({
      newPassword: "New Password cannot be the same as current password.",
      confirmNewPassword: "Passwords do not match.",
    });
  });

  it("the payload leaves the confirmation out", () => {
    const values = parseOk(changePasswordSchema, {
      currentPassword: "Old1!pass",
      newPassword: GOOD,
      confirmNewPassword: GOOD,
    });
    expect(values.confirmNewPassword).toBe(GOOD);
    expect(
      parseOk(changePasswordPayloadSchema, {
        currentPassword: "Old1!pass",
        newPassword: GOOD,
        confirmNewPassword: GOOD,
      } as never),
    ).toEqual({ currentPassword: "Old1!pass", newPassword: GOOD });
    expect(
      errorsOf(changePasswordPayloadSchema, { currentPassword: GOOD, newPassword: GOOD }),
    ).toEqual({ newPassword: "New Password cannot be the same as current password." });
  });
});
