import { describe, expect, it } from "vitest";
import { footerFor } from "./brand";
import { translator } from "./i18n";

describe("the e-mail footer", () => {
  const brand = (name: string) => ({ name, color: "#0f766e", isShop: true });

  it("names the shop in full sentences", () => {
    expect(footerFor(brand("Blue Door"))).toBe(
      "You are receiving this email because of your account with Blue Door. Sent by Tessera on behalf of Blue Door.",
    );
  });

  it("does not double the full stop after a name that ends with one, in any language", () => {
    expect(footerFor(brand("Corner Coffee Co."))).toBe(
      "You are receiving this email because of your account with Corner Coffee Co. Sent by Tessera on behalf of Corner Coffee Co.",
    );
    expect(footerFor(brand("Corner Coffee Co."), translator("de"))).not.toMatch(/Co\.\./);
    expect(footerFor(brand("Wait..."))).toContain("Wait...");
  });
});
