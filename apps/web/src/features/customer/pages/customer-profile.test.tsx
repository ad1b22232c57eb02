import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { routes } from "@/app/router";
import { makeCustomer, mockApi } from "@/test/api-mock";
import { openAsCustomer } from "@/test/customer-app";
import {
  CUSTOMER_ID,
  GET_CUSTOMER,
  makeDashboard,
  SHOP_ID,
  shopRoute,
  signInCustomer,
} from "@/test/customer-data";
import { refusesCurrentPasswordOnce } from "@/test/password-pages";
import { renderRoutes } from "@/test/render";

const PROFILE = `/${SHOP_ID}/customer/profile-overview`;
const UPDATE_PROFILE = `PUT /customer/profile/update-customer-profile/${CUSTOMER_ID}`;
const UPDATE_PASSWORD = `PUT /customer/profile/update-password/${CUSTOMER_ID}`;
const GOOD = "Better@2026";

function definition(label: string) {
  const term = screen.getByText(label, { selector: "dt" });
  return term.nextElementSibling as HTMLElement;
}

describe("profile overview", () => {
  it("shows the picture, name, e-mail, '-' for no phone, and the update links", async () => {
    openAsCustomer(PROFILE, { ...shopRoute, [GET_CUSTOMER]: makeDashboard() });
    expect(await screen.findByRole("heading", { name: "Profile", level: 1 })).toBeInTheDocument();
    await screen.findByText("Full Name");
    expect(definition("Full Name")).toHaveTextContent("Casey Customer");
    expect(definition("Email")).toHaveTextContent("casey@example.com");
    expect(definition("Phone Number")).toHaveTextContent(/^-$/);
    expect(screen.getByRole("img", { name: "Profile picture of Casey Customer" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Update Info" })).toHaveAttribute(
      "href",
      `${PROFILE}/edit-profile`,
    );
    expect(
      within(definition("Password")).getByRole("link", { name: "Update Password" }),
    ).toHaveAttribute("href", `${PROFILE}/update-password`);
  });

  it("shows the phone number in international form", async () => {
    openAsCustomer(PROFILE, {
      ...shopRoute,
      [GET_CUSTOMER]: makeDashboard({ customer: makeCustomer({ phoneNumber: "+12015550123" }) }),
    });
    await screen.findByText("Phone Number");
    expect(definition("Phone Number")).toHaveTextContent("+1 201 555 0123");
  });
});

describe("e-mail preferences", () => {
  const PREFS = `/customer/email-preferences/${CUSTOMER_ID}`;

  it("turns reminder e-mails off from the profile", async () => {
    let reminders = true;
    const { api, user } = openAsCustomer(PROFILE, {
      ...shopRoute,
      [GET_CUSTOMER]: makeDashboard(),
      [`GET ${PREFS}`]: () => ({ reminders }),
      [`PUT ${PREFS}`]: () => {
        reminders = false;
        return { reminders };
      },
    });
    const toggle = await screen.findByRole("switch", { name: "Reminder e-mails" });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(api.callsTo(`PUT ${PREFS}`)).toHaveLength(1));
    expect(await screen.findByText("Reminder e-mails are off.")).toBeVisible();
    expect(screen.getByRole("switch", { name: "Reminder e-mails" })).not.toBeChecked();
  });
});

describe("edit-profile", () => {
  it("checks names and phone with the spec's messages, then saves as multipart", async () => {
    let customer = makeCustomer();
    const { api, user, router } = openAsCustomer(`${PROFILE}/edit-profile`, {
      ...shopRoute,
      [GET_CUSTOMER]: () => makeDashboard({ customer }),
      [UPDATE_PROFILE]: () => {
        customer = makeCustomer({ firstName: "Cassie", phoneNumber: "+12015550123" });
        return { message: "Profile updated successfully", customer };
      },
    });
    const first = await screen.findByLabelText(/^First name/);
    await user.clear(first);
    await user.type(first, "Ca");
    await user.type(screen.getByLabelText("Phone number"), "12");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("First name should have at least 3 letters")).toBeVisible();
    expect(screen.getByText("Invalid phone number for selected region")).toBeVisible();
    expect(api.callsTo(UPDATE_PROFILE)).toHaveLength(0);

    await user.clear(first);
    await user.type(first, "Cassie");
    const phone = screen.getByLabelText("Phone number");
    await user.clear(phone);
    await user.type(phone, "2015550123");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Profile updated successfully")).toBeInTheDocument();
    const body = api.callsTo(UPDATE_PROFILE)[0]?.body as FormData;
    expect(body.get("firstName")).toBe("Cassie");
    expect(body.get("lastName")).toBe("Customer");
    expect(body.get("phoneNumber")).toBe("+12015550123");
    expect(body.get("phoneCountry")).toBe("US");
    expect(body.get("profilePicture")).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe(PROFILE));
    expect(await screen.findByText("Cassie Customer", { selector: "dd" })).toBeInTheDocument();
  });

  it("refuses a picture that is too large or of another type", async () => {
    signInCustomer();
    mockApi({ ...shopRoute, [GET_CUSTOMER]: makeDashboard() });
    const user = userEvent.setup({ applyAccept: false });
    renderRoutes(routes, `${PROFILE}/edit-profile`);
    const input = (await screen.findByLabelText("Profile picture")) as HTMLInputElement;
    await user.upload(input, new File(["gif"], "me.gif", { type: "image/gif" }));
    expect(await screen.findByText("Only JPG, JPEG, and PNG files are allowed")).toBeVisible();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "me.png", { type: "image/png" });
    await user.upload(input, big);
    expect(await screen.findByText("File size must be less than 5MB")).toBeVisible();
  });
});

describe("update-password", () => {
  it("has the Forgot Password link under the current password, and checks the fields", async () => {
    const { api, user } = openAsCustomer(`${PROFILE}/update-password`, {
      ...shopRoute,
      [GET_CUSTOMER]: makeDashboard(),
    });
    expect(await screen.findByRole("link", { name: "Forgot Password" })).toHaveAttribute(
      "href",
      `/${SHOP_ID}/pass/forgot-password`,
    );
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    expect(await screen.findByText("Current password is required.")).toBeVisible();
    expect(screen.getByText("New password is required.")).toBeVisible();

    await user.type(screen.getByLabelText("Current Password"), GOOD);
    await user.type(screen.getByLabelText("New Password"), GOOD);
    await user.type(screen.getByLabelText("Re-Enter new Password"), "Other@2026");
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    expect(
      await screen.findByText("New Password cannot be the same as current password."),
    ).toBeVisible();
    expect(screen.getByText("Passwords do not match.")).toBeVisible();
    expect(api.callsTo(UPDATE_PASSWORD)).toHaveLength(0);
  });

  it("a wrong current password shows on its field; success goes back to the profile", async () => {
    const { api, user, router } = openAsCustomer(`${PROFILE}/update-password`, {
      ...shopRoute,
      [GET_CUSTOMER]: makeDashboard(),
      [UPDATE_PASSWORD]: refusesCurrentPasswordOnce("Invalid current password."),
    });
    const current = await screen.findByLabelText("Current Password");
    await user.type(current, "Wrong@2026");
    await user.type(screen.getByLabelText("New Password"), GOOD);
    await user.type(screen.getByLabelText("Re-Enter new Password"), GOOD);
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    await waitFor(() => expect(current).toHaveAccessibleDescription("Invalid current password."));
    expect(api.callsTo(UPDATE_PASSWORD)[0]?.body).toEqual({
      currentPassword: "Wrong@2026",
      newPassword: GOOD,
    });

    await user.clear(current);
    await user.type(current, "Right@2026");
    expect(current).not.toHaveAccessibleDescription("Invalid current password.");
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    expect(await screen.findByText("Password updated successfully")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(PROFILE));
  });
});

describe("a first password (joined by code or Google)", () => {
  it("shows Set a Password, and sets one without a current password", {
    timeout: 20_000,
  }, async () => {
    let hasPassword = false;
    const { api, user, router } = openAsCustomer(PROFILE, {
      ...shopRoute,
      [GET_CUSTOMER]: () => makeDashboard({ customer: makeCustomer({ hasPassword }) }),
      "POST /customer/auth/set-password": () => {
        hasPassword = true;
        return { message: "Your password is set. You can now sign in with it too." };
      },
    });
    await screen.findByText("Password", { selector: "dt" });
    expect(definition("Password")).toHaveTextContent("Not set: you sign in with a code or Google");
    await user.click(within(definition("Password")).getByRole("link", { name: "Set a Password" }));

    expect(await screen.findByRole("heading", { name: "Set a Password" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Current Password")).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("Password"), GOOD);
    await user.type(screen.getByLabelText("Confirm Password"), "Other@2026");
    await user.click(screen.getByRole("button", { name: "Set Password" }));
    expect(await screen.findByText("Passwords do not match.")).toBeInTheDocument();
    expect(api.callsTo("POST /customer/auth/set-password")).toHaveLength(0);

    await user.clear(screen.getByLabelText("Confirm Password"));
    await user.type(screen.getByLabelText("Confirm Password"), GOOD);
    await user.click(screen.getByRole("button", { name: "Set Password" }));
    expect(
      await screen.findByText("Your password is set. You can now sign in with it too."),
    ).toBeInTheDocument();
    expect(api.callsTo("POST /customer/auth/set-password")[0]?.body).toEqual({
      password: GOOD,
      confirmPassword: GOOD,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(PROFILE));
    await waitFor(() =>
      expect(
        within(definition("Password")).getByRole("link", { name: "Update Password" }),
      ).toBeInTheDocument(),
    );
  });
});
