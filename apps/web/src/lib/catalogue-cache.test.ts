import { describe, expect, it } from "vitest";
import { catalogueKeys } from "./catalogue-cache";

describe("catalogueKeys", () => {
  it("nests the lists and the entries under the catalogue's root", () => {
    const keys = catalogueKeys<"active" | "archived", "memberships">("memberships");
    expect(keys.all).toEqual(["memberships"]);
    expect(keys.lists()).toEqual(["memberships", "list"]);
    expect(keys.list("archived")).toEqual(["memberships", "list", "archived"]);
    expect(keys.detail(7)).toEqual(["memberships", "detail", 7]);
  });
});
