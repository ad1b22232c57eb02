import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { expectProviderRequired } from "@/test/hooks";
import { SidebarProvider, useSidebar } from "./sidebar-provider";

describe("SidebarProvider", () => {
  it("throws when useSidebar is used outside the provider", () => {
    expectProviderRequired(useSidebar, "useSidebar must be used within a SidebarProvider");
  });

  it("starts closed, toggles, opens and closes", () => {
    const { result } = renderHook(() => useSidebar(), { wrapper: SidebarProvider });
    expect(result.current.isOpen).toBe(false);

    act(() => result.current.toggle());
    expect(result.current.isOpen).toBe(true);
    act(() => result.current.toggle());
    expect(result.current.isOpen).toBe(false);

    act(() => result.current.open());
    expect(result.current.isOpen).toBe(true);
    act(() => result.current.open());
    expect(result.current.isOpen).toBe(true);
    act(() => result.current.close());
    expect(result.current.isOpen).toBe(false);
  });
});
