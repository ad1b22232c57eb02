import type { Employee } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import { staffActions, staffStatusLabel, visibleEmployees } from "./staff-status";

describe("staff status", () => {
  it("labels and actions follow spec §4", () => {
    expect(staffStatusLabel("inactive")).toBe("Invited");
    expect(staffStatusLabel("active")).toBe("Active");
    expect(staffStatusLabel("disabled")).toBe("Disabled");
    expect(staffActions("active")).toEqual(["edit", "disable", "delete"]);
    expect(staffActions("disabled")).toEqual(["edit", "enable", "delete"]);
    expect(staffActions("inactive")).toEqual(["edit", "resend", "delete"]);
  });

  it("hides the signed-in user's own row", () => {
    const row = (id: number, email: string) => ({ id, email }) as Employee;
    expect(
      visibleEmployees([row(1, "Owner@Shop.test"), row(2, "sam@shop.test")], "owner@shop.test").map(
        (e) => e.id,
      ),
    ).toEqual([2]);
  });
});
