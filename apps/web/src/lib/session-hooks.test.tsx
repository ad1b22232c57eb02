import { screen, waitFor } from "@testing-library/react";
import { useLocation } from "react-router";
import { toast } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RootLayout } from "@/app/layouts/root-layout";
import { renderRoutes } from "@/test/render";
import {
  captureSessionTokenFromWindow,
  takeSessionToken,
  useClearSessionOnOpen,
  useErrorParamToast,
} from "./session-hooks";
import { getSessionScope, getToken, setToken } from "./token-storage";

function ShowLocation() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function ResetPage() {
  useClearSessionOnOpen();
  return <p>reset</p>;
}

function LoginLike() {
  useErrorParamToast();
  return <ShowLocation />;
}

function renderInRootLayout(initialEntry: string, page = <ShowLocation />) {
  return renderRoutes(
    [{ element: <RootLayout />, children: [{ path: "*", element: page }] }],
    initialEntry,
  );
}

afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("session token from the URL (root layout)", () => {
  it("stores the token and strips it, keeping other parameters, on /merchant/dashboard", async () => {
    const { router } = renderInRootLayout("/merchant/dashboard?token=abc&tab=x");

    await waitFor(() => expect(router.state.location.search).toBe("?tab=x"));
    expect(getToken()).toBe("abc");
    expect(router.state.location.pathname).toBe("/merchant/dashboard");
    expect(screen.getByTestId("location")).toHaveTextContent("/merchant/dashboard?tab=x");
    // Replaced, not pushed: Back does not return to the URL with the token.
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("stores it on a shop's login page as that shop's customer session", async () => {
    const { router } = renderInRootLayout("/shop-9/login?token=t-1");
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(getToken()).toBe("t-1");
    expect(getSessionScope()).toEqual({ kind: "customer", shopId: "shop-9" });
  });

  it("leaves a reset token alone on /pass/reset-password", async () => {
    const { router } = renderInRootLayout("/pass/reset-password?token=abc&email=a%40b.co");
    expect(await screen.findByTestId("location")).toHaveTextContent(
      "/pass/reset-password?token=abc&email=a%40b.co",
    );
    expect(getToken()).toBeNull();
    expect(router.state.location.search).toBe("?token=abc&email=a%40b.co");
  });

  it("leaves a shop's reset token alone too", async () => {
    setToken("existing-session");
    const { router } = renderInRootLayout("/shop-9/pass/reset-password?token=reset-1");
    await screen.findByTestId("location");
    expect(getToken()).toBe("existing-session");
    expect(router.state.location.search).toBe("?token=reset-1");
  });

  it("takes a token on a later in-app navigation", async () => {
    const { router } = renderInRootLayout("/merchant/dashboard");
    await screen.findByTestId("location");
    await router.navigate("/merchant/members?token=late");
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(getToken()).toBe("late");
  });
});

describe("takeSessionToken / captureSessionTokenFromWindow", () => {
  it("returns null where the token is not a session", () => {
    expect(takeSessionToken("/set-password", "?token=inv")).toBeNull();
    expect(takeSessionToken("/employee/set-password", "?token=inv")).toBeNull();
    expect(getToken()).toBeNull();
  });

  it("rewrites the address bar on first load", () => {
    window.history.replaceState(null, "", "/register?token=first&ref=mail#top");
    captureSessionTokenFromWindow();
    expect(getToken()).toBe("first");
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      "/register?ref=mail#top",
    );
  });
});

describe("useClearSessionOnOpen", () => {
  it("removes a stored session when the page opens", async () => {
    setToken("old-session");
    renderInRootLayout("/set-password?token=invite", <ResetPage />);
    await screen.findByText("reset");
    expect(getToken()).toBeNull();
  });
});

describe("useErrorParamToast", () => {
  it("shows the error text in a toast and removes the parameter", async () => {
    const errorToast = vi.spyOn(toast, "error");
    const { router } = renderInRootLayout(
      "/?error=Google%20sign-in%20was%20cancelled&x=1",
      <LoginLike />,
    );
    await waitFor(() => expect(router.state.location.search).toBe("?x=1"));
    expect(errorToast).toHaveBeenCalledWith("Google sign-in was cancelled", expect.anything());
  });

  it("does nothing without the parameter", async () => {
    const errorToast = vi.spyOn(toast, "error");
    renderInRootLayout("/", <LoginLike />);
    await screen.findByTestId("location");
    expect(errorToast).not.toHaveBeenCalled();
  });
});
