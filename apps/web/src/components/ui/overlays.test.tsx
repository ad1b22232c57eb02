import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./button";
import { Modal, ModalClose } from "./modal";
import { SidePanel } from "./side-panel";

function Controlled() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? "open" : "closed"}</p>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Edit"
        footer={
          <ModalClose>
            <Button variant="outline">Cancel</Button>
          </ModalClose>
        }
      />
    </>
  );
}

describe("Modal", () => {
  it("opens from its trigger, names itself, and closes with the Close button", async () => {
    const user = userEvent.setup();
    render(
      <Modal
        trigger={<Button>Delete offer</Button>}
        title="Delete offer?"
        description="Buyers can still redeem it until it expires."
        footer={
          <ModalClose>
            <Button variant="outline">Cancel</Button>
          </ModalClose>
        }
      >
        <p>Body text</p>
      </Modal>,
    );

    await user.click(screen.getByRole("button", { name: "Delete offer" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete offer?" });
    expect(dialog).toHaveAccessibleDescription("Buyers can still redeem it until it expires.");

    await user.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("closes from a footer ModalClose in controlled mode", async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(screen.getByText("closed")).toBeInTheDocument();
  });
});

describe("SidePanel", () => {
  it("shows the title, Payable Amount and Checkout, and Cancel closes it", async () => {
    const user = userEvent.setup();
    const onCheckout = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <SidePanel
        open
        onOpenChange={onOpenChange}
        title="Order summary"
        showCancel
        payableAmount="$24.50"
        onCheckout={onCheckout}
      >
        <p>Gold tier</p>
      </SidePanel>,
    );

    expect(await screen.findByRole("dialog", { name: "Order summary" })).toBeInTheDocument();
    expect(screen.getByText("Payable Amount")).toBeInTheDocument();
    expect(screen.getByText("$24.50")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Checkout" }));
    expect(onCheckout).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("has no payable line or Checkout without an amount", async () => {
    render(<SidePanel open title="Details" />);
    expect(await screen.findByRole("dialog", { name: "Details" })).toBeInTheDocument();
    expect(screen.queryByText("Payable Amount")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Checkout" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Close" })).toBeInTheDocument();
  });
});

describe("SidePanel swipe threshold", () => {
  it("closes after 300 px of swipe whatever the sheet's height", async () => {
    const { closeThresholdFor } = await import("./side-panel");
    expect(closeThresholdFor(600)).toBe(0.5);
    expect(closeThresholdFor(1200)).toBe(0.25);
    // Shorter than 300 px: only a swipe all the way down closes it.
    expect(closeThresholdFor(200)).toBe(1);
    expect(closeThresholdFor(0)).toBe(1);
  });
});
