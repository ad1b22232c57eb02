import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OfferCountdown } from "./offer-countdown";

const TZ = "America/New_York";

/** Renders an offer that ends on 10 June 2025 in New York, as seen at `now`. */
function renderAt(now: string) {
  vi.setSystemTime(new Date(now));
  render(<OfferCountdown endDate="2025-06-10" timeZone={TZ} />);
}

const countdown = () => screen.getByText(/Expires in/);

describe("OfferCountdown", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows the end date while more than a day is left", () => {
    renderAt("2025-06-01T12:00:00-04:00");
    expect(screen.getByText("Expires on 10 Jun, 2025")).toBeInTheDocument();
  });

  it("counts down every second within the last day, then says Offer Expired", () => {
    // The offer ends at midnight after 10 June in New York: 5 seconds left.
    renderAt("2025-06-10T23:59:55-04:00");
    expect(countdown()).toHaveTextContent("Expires in 0d 0h 0m 5s");
    act(() => vi.advanceTimersByTime(1000));
    expect(countdown()).toHaveTextContent("Expires in 0d 0h 0m 4s");
    act(() => vi.advanceTimersByTime(5000));
    const expired = screen.getByText("Offer Expired");
    expect(expired).toHaveClass("text-danger-ink");
  });

  it("switches from the date to the countdown when a day is left", () => {
    renderAt("2025-06-10T00:00:00-04:00");
    expect(countdown()).toHaveTextContent("Expires in 1d 0h 0m 0s");
    act(() => vi.advanceTimersByTime(3_601_000));
    expect(countdown()).toHaveTextContent("Expires in 0d 22h 59m 59s");
  });
});
