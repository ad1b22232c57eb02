import { STOREFRONT_SNAPSHOT_ID } from "@tessera/shared";
import { afterEach, describe, expect, it } from "vitest";
import { takeInlineSnapshot } from "./page-data";

function writeBlock(text: string) {
  const block = document.createElement("script");
  block.type = "application/json";
  block.id = STOREFRONT_SNAPSHOT_ID;
  block.textContent = text;
  document.head.append(block);
}

const snapshot = { shop: { id: 7, name: "Bean & Leaf" }, memberships: [], offers: [] };

afterEach(() => document.getElementById(STOREFRONT_SNAPSHOT_ID)?.remove());

describe("takeInlineSnapshot", () => {
  it("hands the server's storefront read over once", () => {
    writeBlock(JSON.stringify(snapshot).replace(/&/g, "\\u0026"));
    expect(takeInlineSnapshot(7)).toEqual(snapshot);
    expect(document.getElementById(STOREFRONT_SNAPSHOT_ID)).toBeNull();
    expect(takeInlineSnapshot(7)).toBeNull();
  });

  it("ignores another shop's read, a damaged block and a missing one", () => {
    writeBlock(JSON.stringify(snapshot));
    expect(takeInlineSnapshot(8)).toBeNull();
    writeBlock("{not json");
    expect(takeInlineSnapshot(7)).toBeNull();
    writeBlock(JSON.stringify({ shop: { id: 7 } }));
    expect(takeInlineSnapshot(7)).toBeNull();
    expect(takeInlineSnapshot(7)).toBeNull();
  });
});
