import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getToken, setToken } from "@/lib/token-storage";
import { jsonResponse, makeUser, mockApi } from "@/test/api-mock";
import { CUSTOMER_ID, SHOP_ID, signInCustomer } from "@/test/customer-data";
import { captureDownloads, fileResponse } from "@/test/downloads";
import { renderRoutes, renderWithRouter } from "@/test/render";
import { MemberPrivacyActions } from "./member-privacy-actions";
import { YourDataSection } from "./your-data-section";

const zip = (name: string) =>
  fileResponse(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), "application/zip", name);

const erased = { message: "Erased.", erased: true, erasedAt: "2026-11-27T10:00:00.000Z" };

function renderProfileSection() {
  return renderRoutes(
    [
      {
        path: "/:shopId/customer/profile-overview",
        element: <YourDataSection shopId={SHOP_ID} customerId={CUSTOMER_ID} />,
      },
      { path: "/:shopId/login", element: <p>Sign-in page</p> },
    ],
    `/${SHOP_ID}/customer/profile-overview`,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("Your data (customer profile)", () => {
  it("downloads my data under the server's file name", async () => {
    signInCustomer();
    const api = mockApi({
      [`GET /customer/privacy/export/${CUSTOMER_ID}`]: zip("member-31-data_2026-11-27.zip"),
    });
    const downloads = captureDownloads();
    renderProfileSection();
    await userEvent.setup().click(screen.getByRole("button", { name: "Download my data" }));
    await waitFor(() => expect(downloads.saved).toEqual(["member-31-data_2026-11-27.zip"]));
    expect(api.callsTo(`GET /customer/privacy/export/${CUSTOMER_ID}`)).toHaveLength(1);
    downloads.restore();
  });

  it("deletes the account only after ERASE is typed, then signs out to the sign-in page", async () => {
    signInCustomer();
    const api = mockApi({
      [`POST /customer/privacy/erase/${CUSTOMER_ID}`]: erased,
      "POST /auth/logout": {},
    });
    const user = userEvent.setup();
    renderProfileSection();
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
    expect(within(dialog).getByText(/payments and redemptions stay/)).toBeInTheDocument();
    const confirm = within(dialog).getByRole("button", { name: "Delete my account" });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Type ERASE to confirm"), "eras");
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Type ERASE to confirm"), "e");
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    expect(await screen.findByText("Sign-in page")).toBeInTheDocument();
    expect(api.callsTo(`POST /customer/privacy/erase/${CUSTOMER_ID}`)[0]?.body).toEqual({
      confirm: "ERASE",
    });
    expect(getToken()).toBeNull();
    expect(await screen.findByText(/Your account was deleted/)).toBeInTheDocument();
  });

  it("keeps the dialog and the session when the erasure fails, and says why", async () => {
    signInCustomer();
    mockApi({
      [`POST /customer/privacy/erase/${CUSTOMER_ID}`]: jsonResponse(
        { message: "Something went wrong." },
        503,
      ),
    });
    const user = userEvent.setup();
    renderProfileSection();
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Type ERASE to confirm"), "ERASE");
    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    expect(await screen.findByText("Something went wrong.")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(getToken()).toBe("c-tok");
  });
});

describe("member privacy actions (member detail)", () => {
  const member = { id: 12, firstName: "Ada", lastName: "Lovelace" };

  it("lets the owner download a member's data and erase them after typing ERASE", async () => {
    setToken("m");
    const api = mockApi({
      "GET /user/get-user": { user: makeUser() },
      "GET /privacy/members/12/export": zip("member-12-data_2026-11-27.zip"),
      "POST /privacy/members/12/erase": erased,
    });
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderWithRouter(<MemberPrivacyActions member={member} />);
    await user.click(await screen.findByRole("button", { name: "Download data" }));
    await waitFor(() => expect(downloads.saved).toEqual(["member-12-data_2026-11-27.zip"]));
    downloads.restore();

    await user.click(screen.getByRole("button", { name: "Erase member" }));
    const dialog = await screen.findByRole("dialog", {
      name: "Erase Ada Lovelace's personal data?",
    });
    await user.type(within(dialog).getByLabelText("Type ERASE to confirm"), "ERASE");
    await user.click(within(dialog).getByRole("button", { name: "Erase member" }));
    expect(await screen.findByText("Erased.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.callsTo("POST /privacy/members/12/erase")[0]?.body).toEqual({ confirm: "ERASE" });
  });

  it("offers only the download for a member already erased", async () => {
    setToken("m");
    mockApi({ "GET /user/get-user": { user: makeUser() } });
    renderWithRouter(
      <MemberPrivacyActions member={{ ...member, erasedAt: "2026-11-27T10:00:00.000Z" }} />,
    );
    await screen.findByRole("button", { name: "Download data" });
    expect(screen.queryByRole("button", { name: "Erase member" })).not.toBeInTheDocument();
  });

  it("shows staff nothing", async () => {
    setToken("m");
    const api = mockApi({ "GET /user/get-user": { user: makeUser({ role: "staff" }) } });
    renderWithRouter(<MemberPrivacyActions member={member} />);
    await waitFor(() => expect(api.callsTo("GET /user/get-user")).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("button", { name: "Erase member" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Download data" })).not.toBeInTheDocument();
  });
});
