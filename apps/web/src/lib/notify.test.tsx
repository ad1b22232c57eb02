import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError, FETCH_FAILED_MESSAGE } from "./api-client";
import { getErrorContent, notifyError, ToastMessage } from "./notify";
import { toast } from "./toast";

describe("getErrorContent", () => {
  it("uses an ApiError's message and title", () => {
    const error = new ApiError("Payment failed, Try again", {
      status: 422,
      body: { message: "Payment failed, Try again", title: "Card declined" },
    });
    expect(getErrorContent(error)).toEqual({
      message: "Payment failed, Try again",
      title: "Card declined",
    });
  });

  it("uses a response body's message", () => {
    expect(getErrorContent({ message: "Not allowed" })).toEqual({
      message: "Not allowed",
      title: undefined,
    });
  });

  it("falls back for runtime errors and unknown values", () => {
    expect(getErrorContent(new TypeError("x is undefined")).message).toBe(FETCH_FAILED_MESSAGE);
    expect(getErrorContent(undefined).message).toBe(FETCH_FAILED_MESSAGE);
    expect(getErrorContent({}).message).toBe(FETCH_FAILED_MESSAGE);
  });
});

describe("notifyError", () => {
  it("skips errors that already ended the session", () => {
    const errorToast = vi.spyOn(toast, "error");
    notifyError(new ApiError("Unauthorized", { status: 401, sessionEnded: true }));
    expect(errorToast).not.toHaveBeenCalled();
    notifyError(new ApiError("Sold out", { status: 409 }));
    expect(errorToast).toHaveBeenCalledTimes(1);
  });
});

describe("ToastMessage", () => {
  it("shows the title under the message", () => {
    render(<ToastMessage message="Payment failed, Try again" title="Card declined" />);
    const message = screen.getByText("Payment failed, Try again");
    const title = screen.getByText("Card declined");
    expect(message.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
