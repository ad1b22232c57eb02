import type { QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { QueryProvider } from "./query-provider";
import { SidebarProvider } from "./sidebar-provider";
import { ThemeProvider } from "./theme-provider";
import { ToastProvider } from "./toast-provider";

/** Providers that do not need the router; they wrap <RouterProvider>. */
export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <QueryProvider client={queryClient}>
      <ThemeProvider>
        <SidebarProvider>
          {children}
          <ToastProvider />
        </SidebarProvider>
      </ThemeProvider>
    </QueryProvider>
  );
}
