import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale } from "@/lib/i18n";
import { makeNotification } from "@/test/notification-data";
import { NotificationToast } from "./notification-toast";

/**
 * The server writes a customer's notice in the customer's language; the page shows it as written,
 * whatever language the page is in (nothing looks its words up in the page's catalogue).
 */
describe("a live notice's toast", () => {
  afterEach(async () => {
    await act(() => activateLocale("en"));
  });

  it.each([
    {
      notice: "a German notice as the server wrote it, on a Spanish page",
      title: "Zahlung erstattet",
      message: "8,75 $ für Pastry wurden erstattet.",
    },
    {
      notice: "an English notice (an older one, or an English reader's) unchanged",
      title: "Cashback credited",
      message: "$2.50 cashback from Silver is in your wallet.",
    },
  ])("shows $notice", async ({ title, message }) => {
    await act(() => activateLocale("es"));
    render(<NotificationToast notification={makeNotification({ title, message })} />);
    expect(screen.getByText(title)).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });
});
