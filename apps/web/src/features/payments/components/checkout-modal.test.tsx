import type { CheckoutSession } from "@tessera/shared";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CurrentShopProvider } from "@/lib/shop-branding";
import { jsonResponse, makeShop, mockApi } from "@/test/api-mock";
import { makeSession, signInCustomer } from "@/test/customer-data";
import { renderWithRouter } from "@/test/render";
import type { FortisElements, FortisElementsOptions } from "../fortis";
import { PaymentFormModal } from "./payment-form-modal";

vi.mock("../fortis", () => ({ loadScriptOnce: vi.fn(() => Promise.resolve()) }));

/** A stand-in for Fortis Commerce.js: records what the form was created with and its handlers. */
function fakeCommerce() {
  const created: { token: string; options: FortisElementsOptions | null } = {
    token: "",
    options: null,
  };
  const handlers = new Map<string, (event: unknown) => void>();
  class Elements implements FortisElements {
    constructor(token: string) {
      created.token = token;
    }
    create(options: FortisElementsOptions) {
      created.options = options;
    }
    on(event: string, handler: (event: unknown) => void) {
      handlers.set(event, handler);
    }
  }
  vi.stubGlobal("Commerce", { elements: Elements });
  return { created, emit: (event: string, data?: unknown) => handlers.get(event)?.(data) };
}

/** What the complete call answers for a paid membership: its message and the new balance. */
function membershipPaid(message: string, rewardBalance: number) {
  return { message, type: "membership", membership: null, customerOffer: null, rewardBalance };
}

const fortisSession = makeSession({
  provider: "fortis",
  formUrl: null,
  scriptUrl: "https://js.fortis.example/commerce.js",
  environment: "sandbox",
  amount: 25,
}) as CheckoutSession;

function renderForm(
  onDone = vi.fn(),
  onClose = vi.fn(),
  completion: "customer" | "counter" = "customer",
) {
  renderWithRouter(
    <CurrentShopProvider shop={makeShop()}>
      <PaymentFormModal
        session={fortisSession}
        onDone={onDone}
        onClose={onClose}
        completion={completion}
      />
    </CurrentShopProvider>,
  );
  return { onDone, onClose };
}

describe("PaymentFormModal with Fortis Elements", () => {
  it("draws the provider's form with the spec's settings and completes its done event", async () => {
    signInCustomer();
    const commerce = fakeCommerce();
    const result = membershipPaid("Payment successful", 2);
    const api = mockApi({ "POST /fortis/elements/transaction/complete": result });
    const { onDone } = renderForm();

    expect(await screen.findByRole("dialog", { name: "Pay by card" })).toHaveAccessibleDescription(
      "Payable Amount $25",
    );
    await waitFor(() => expect(commerce.created.options).not.toBeNull());
    expect(commerce.created.token).toBe("ct_abc");
    const { container, ...options } = commerce.created.options as FortisElementsOptions;
    expect(options).toEqual({
      theme: "default",
      environment: "sandbox",
      language: "en-us",
      defaultCountry: "US",
      floatingLabels: true,
      showSubmitButton: true,
    });
    expect(document.querySelector(container)).not.toBeNull();

    commerce.emit("done", { data: { id: "fortis_tx_9" } });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(result));
    expect(api.callsTo("POST /fortis/elements/transaction/complete")[0]?.body).toEqual({
      checkoutId: "chk_1",
      transactionId: "fortis_tx_9",
    });
    expect(await screen.findByText("Payment successful")).toBeInTheDocument();
  });

  it("an error event says 'Payment failed, Try again' once and closes", async () => {
    signInCustomer();
    const commerce = fakeCommerce();
    const api = mockApi({
      "POST /fortis/elements/transaction/complete": jsonResponse({ message: "no" }, 500),
    });
    const { onClose, onDone } = renderForm();
    await waitFor(() => expect(commerce.created.options).not.toBeNull());
    commerce.emit("error", { message: "Token expired" });
    commerce.emit("error", { message: "Token expired" });
    expect(await screen.findByText("Payment failed, Try again")).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getAllByText("Payment failed, Try again")).toHaveLength(1);
    expect(api.callsTo("POST /fortis/elements/transaction/complete")).toHaveLength(0);
  });

  it("a counter payment completes through POST /member/payments/complete", async () => {
    const commerce = fakeCommerce();
    const result = membershipPaid("Payment received. The membership is active.", 0);
    const api = mockApi({ "POST /member/payments/complete": result });
    const { onDone } = renderForm(vi.fn(), vi.fn(), "counter");
    await waitFor(() => expect(commerce.created.options).not.toBeNull());
    commerce.emit("done", { data: { id: "fortis_tx_10" } });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(result));
    expect(api.callsTo("POST /member/payments/complete")[0]?.body).toEqual({
      checkoutId: "chk_1",
      transactionId: "fortis_tx_10",
    });
    expect(api.callsTo("POST /fortis/elements/transaction/complete")).toHaveLength(0);
  });
});
