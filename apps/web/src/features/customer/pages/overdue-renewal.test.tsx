import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { routes } from "@/app/router";
import { jsonResponse, makeCustomer, mockApi } from "@/test/api-mock";
import { openAsCustomer } from "@/test/customer-app";
import {
  customerRoutes,
  DASHBOARD,
  GET_CUSTOMER,
  makeDashboard,
  makeMembership,
  makeSession,
  membershipPaid,
  postFromCardForm,
  SHOP_ID,
} from "@/test/customer-data";
import { renderRoutes } from "@/test/render";

/** Card form and login flows: generous on a loaded machine. */
const SLOW = 20_000;
const PAY = "POST /customer/memberships/501/pay-renewal";

const catalogue = customerRoutes();

/** A Bronze member whose renewal card was declined; tried again on 2 Apr. */
const overdue = () =>
  makeMembership({ status: "pending", nextRenewalAttemptAt: "2026-04-02T12:00:00.000Z" });

describe("paying an overdue renewal from the customer area", () => {
  it(
    "the banner: amount and retry date; Pay now opens the card form; paid, it goes",
    async () => {
      let paid = false;
      const { api, user } = openAsCustomer(DASHBOARD, {
        ...catalogue,
        [GET_CUSTOMER]: () =>
          makeDashboard({ membership: paid ? makeMembership() : overdue(), rewardBalance: 2 }),
        [PAY]: { data: makeSession() },
        "POST /fortis/elements/transaction/complete": () => {
          paid = true;
          return membershipPaid(4);
        },
      });
      const banner = await screen.findByRole("alert");
      expect(banner).toHaveTextContent("Your renewal payment did not go through");
      expect(banner).toHaveTextContent("We could not charge $9.99 for Bronze.");
      expect(banner).toHaveTextContent("We will try your card again on 2 Apr, 2026");
      await user.click(within(banner).getByRole("button", { name: "Pay now" }));

      const panel = await screen.findByRole("dialog", { name: "Pay your Bronze renewal" });
      expect(within(panel).getByText("$9.99")).toBeInTheDocument();
      await user.click(within(panel).getByRole("button", { name: "Pay now" }));
      const frame = (await screen.findByTitle("Card payment")) as HTMLIFrameElement;
      expect(api.callsTo(PAY)).toHaveLength(1);
      postFromCardForm(frame, { type: "done", transactionId: "sbx_tx_9" });
      expect(await screen.findByText("Payment successful")).toBeInTheDocument();
      await waitFor(() =>
        expect(
          screen.queryByText("Your renewal payment did not go through"),
        ).not.toBeInTheDocument(),
      );
      expect(screen.getByText("Active")).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "the e-mail's link opens the payment at once; a refusal is shown and nothing changes",
    async () => {
      const { user } = openAsCustomer(`${DASHBOARD}?pay=renewal`, {
        ...catalogue,
        [GET_CUSTOMER]: makeDashboard({ membership: overdue() }),
        [PAY]: jsonResponse({ message: "Nothing is owed on this membership." }, 409),
      });
      const panel = await screen.findByRole("dialog", { name: "Pay your Bronze renewal" });
      await user.click(within(panel).getByRole("button", { name: "Pay now" }));
      expect(await screen.findByText("Nothing is owed on this membership.")).toBeInTheDocument();
      expect(screen.getByText("Your renewal payment did not go through")).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "signed out, the link goes through the login and back to the payment",
    async () => {
      mockApi({
        ...catalogue,
        "POST /customer/auth/sign-in": { token: "c-tok", customer: makeCustomer() },
        [GET_CUSTOMER]: makeDashboard({ membership: overdue() }),
      });
      const user = userEvent.setup();
      const { router } = renderRoutes(routes, `${DASHBOARD}?pay=renewal`);
      await waitFor(() => expect(router.state.location.pathname).toBe(`/${SHOP_ID}/login`));
      await user.type(await screen.findByLabelText("E-mail"), "casey@example.com");
      await user.type(screen.getByLabelText("Password"), "Secret@123");
      await user.click(screen.getByRole("button", { name: "Log in" }));
      expect(
        await screen.findByRole("dialog", { name: "Pay your Bronze renewal" }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(DASHBOARD);
      expect(router.state.location.search).toBe("?pay=renewal");
    },
    SLOW,
  );

  it(
    "no banner while the membership is paid up",
    async () => {
      openAsCustomer(`${DASHBOARD}?pay=renewal`, {
        ...catalogue,
        [GET_CUSTOMER]: makeDashboard({ membership: makeMembership() }),
      });
      expect(await screen.findByRole("heading", { level: 2, name: "Bronze" })).toBeInTheDocument();
      expect(screen.queryByText("Your renewal payment did not go through")).not.toBeInTheDocument();
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    },
    SLOW,
  );
});
