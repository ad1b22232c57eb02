import { MEMBER_MESSAGES } from "@tessera/shared";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockApi } from "@/test/api-mock";
import { renderRoutes } from "@/test/render";
import { AddMemberModal } from "./add-member-modal";
import { UpdateMemberModal } from "./update-member-modals";

const member = {
  id: 7,
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phoneNumber: "+12015550123",
};

describe("the member contact forms", () => {
  it("Add New Member shows each contact field's message, and editing a field clears it", async () => {
    mockApi({ "GET /memberships/get-all-memberships": { memberships: [] } });
    renderRoutes(
      [{ path: "/merchant/members/add", element: <AddMemberModal /> }],
      "/merchant/members/add",
    );
    const dialog = await screen.findByRole("dialog", { name: "Add New Member" });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(MEMBER_MESSAGES.firstNameRequired)).toBeVisible();
    expect(screen.getByText(MEMBER_MESSAGES.lastNameRequired)).toBeVisible();
    expect(screen.getByText(MEMBER_MESSAGES.emailRequired)).toBeVisible();
    expect(screen.getByLabelText(/First name/)).toHaveAttribute("aria-invalid", "true");
    await user.type(screen.getByLabelText(/First name/), "Ada");
    expect(screen.queryByText(MEMBER_MESSAGES.firstNameRequired)).toBeNull();
    expect(dialog).toBeInTheDocument();
  });

  it("Update Member fills the member's details and shows the server's field message", async () => {
    mockApi({
      "GET /member/get-single-member/7": { member, transactions: [], redemptions: [] },
      "PUT /member/update-member": jsonResponse(
        { message: "Invalid", errors: { lastName: "That name is taken." } },
        422,
      ),
    });
    renderRoutes(
      [{ path: "/merchant/members/update-member", element: <UpdateMemberModal /> }],
      "/merchant/members/update-member?id=7",
    );
    const lastName = await screen.findByLabelText(/Last name/);
    expect(lastName).toHaveValue("Lovelace");
    expect(screen.getByLabelText(/Email/)).toHaveAttribute("readonly");
    await userEvent.setup().click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("That name is taken.")).toBeVisible();
  });
});
