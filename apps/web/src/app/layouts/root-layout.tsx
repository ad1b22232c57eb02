import { Outlet, ScrollRestoration } from "react-router";
import { useSessionNavigator, useSessionTokenCapture } from "@/lib/session-hooks";

/** Root of every route: session token capture from the URL, session-end navigation. */
export function RootLayout() {
  useSessionTokenCapture();
  useSessionNavigator();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
