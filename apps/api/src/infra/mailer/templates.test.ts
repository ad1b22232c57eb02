import { describe, expect, it } from "vitest";
import {
  escapeHtml,
  memberWelcomeMessage,
  normalizeColor,
  resetPasswordMessage,
  staffInviteMessage,
  toShopBranding,
  verifyEmailMessage,
} from "./templates";

const LINK =
  "https://app.example.com/api/v1/auth/verify-email?token=abc123&email=ada%40example.com";
const LINK_IN_HTML = LINK.replace("&", "&amp;");
const SHOP = {
  name: "Blue Door Coffee",
  logoUrl: "https://app.example.com/uploads/shops/AAAAAAAAAAAAAAAAAAAAAA.png",
  primaryColor: "#7C3AED",
};

const all = [
  verifyEmailMessage({ firstName: "Ada", link: LINK }),
  verifyEmailMessage({ firstName: "Ada", link: LINK, shop: SHOP }),
  resetPasswordMessage({ firstName: "Ada", link: LINK }),
  resetPasswordMessage({ firstName: "Ada", link: LINK, shop: SHOP }),
  staffInviteMessage({
    firstName: "Ada",
    shopName: "Blue Door Coffee",
    role: "Barista",
    link: LINK,
  }),
  memberWelcomeMessage({ firstName: "Ada", shop: SHOP, link: LINK }),
];

describe("e-mail templates", () => {
  it("give every message a subject, a plain text and an HTML version with the link", () => {
    for (const message of all) {
      expect(message.subject.length).toBeGreaterThan(5);
      expect(message.subject).not.toMatch(/[\r\n]/);
      expect(message.text).toContain(LINK);
      expect(message.text).toContain("Hi Ada,");
      expect(message.text).not.toMatch(/<[a-z]/i);
      expect(message.html).toMatch(/^<!doctype html>/);
      expect(message.html).toContain(`href="${LINK_IN_HTML}"`);
      expect(message.html).toContain("Hi Ada,");
      expect(message.html).toContain('role="presentation"');
      expect(message.html).not.toMatch(/<script|<style|class=/i);
    }
  });

  it("say how long verification and reset links live (DOMAIN.md)", () => {
    expect(verifyEmailMessage({ link: LINK }).text).toContain("expires in 24 hours");
    expect(resetPasswordMessage({ link: LINK }).text).toContain("expires in 1 hour ");
    expect(staffInviteMessage({ shopName: "X", link: LINK, validForHours: 72 }).text).toContain(
      "expires in 72 hours",
    );
    expect(verifyEmailMessage({ link: LINK }).text).toContain("Hi,");
  });

  it("carry Tessera's branding when the recipient is not a shop's customer", () => {
    for (const message of [all[0], all[2], all[4]]) {
      expect(message?.html).toContain("#0099d8");
      expect(message?.html).toContain(">Tessera</div>");
      expect(message?.html).not.toContain("<img");
      expect(message?.fromName).toBeUndefined();
    }
    expect(all[0]?.subject).toBe("Verify your email for Tessera");
    expect(all[4]?.subject).toBe("You're invited to join Blue Door Coffee on Tessera");
    expect(all[4]?.text).toContain("as Barista");
  });

  it("carry the shop's name, logo and colour when the recipient is its customer", () => {
    for (const message of [all[1], all[3], all[5]]) {
      expect(message?.html).toContain("#7c3aed");
      expect(message?.html).not.toContain("#0099d8");
      expect(message?.html).toContain(`<img src="${SHOP.logoUrl}" alt="Blue Door Coffee"`);
      expect(message?.text.startsWith("Blue Door Coffee\n")).toBe(true);
      expect(message?.fromName).toBe("Blue Door Coffee");
    }
    expect(all[1]?.subject).toBe("Verify your email for Blue Door Coffee");
    expect(all[3]?.subject).toBe("Reset your password for Blue Door Coffee");
    expect(all[5]?.subject).toBe("Welcome to Blue Door Coffee");
  });

  it("escape every user-provided value in the HTML", () => {
    const evil = '<img src=x onerror="alert(1)">';
    const message = memberWelcomeMessage({
      firstName: `Ada ${evil}`,
      shop: { name: `Bob's "Best" <b>Shop</b> & Co`, primaryColor: "#000000" },
      membershipName: `Gold ${evil}`,
      link: 'https://app.example.com/1/set-password?token=a"><script>x</script>',
    });
    expect(message.html).not.toContain("<img src=x");
    expect(message.html).not.toContain("<b>Shop</b>");
    expect(message.html).not.toContain("<script>");
    expect(message.html).toContain("Bob&#39;s &quot;Best&quot; &lt;b&gt;Shop&lt;/b&gt; &amp; Co");
    expect(message.html).toContain("Ada &lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    // The plain text keeps the values as they are: it is never interpreted as markup.
    expect(message.text).toContain(`Hi Ada ${evil},`);
  });

  it("keep names on one line in subjects and headers", () => {
    const message = resetPasswordMessage({
      link: LINK,
      shop: { name: "Blue\r\nBcc: victim@example.com" },
    });
    expect(message.subject).toBe("Reset your password for Blue Bcc: victim@example.com");
    expect(message.fromName).toBe("Blue Bcc: victim@example.com");
  });

  it("refuse links that are not absolute http(s) URLs", () => {
    expect(() => verifyEmailMessage({ link: "/api/v1/auth/verify-email?token=x" })).toThrow(
      TypeError,
    );
    expect(() => verifyEmailMessage({ link: "javascript:alert(1)" })).toThrow(TypeError);
  });

  it("leave out a logo that is not an absolute URL rather than show a broken image", () => {
    const message = verifyEmailMessage({
      link: LINK,
      shop: { name: "Blue Door", logoUrl: "/uploads/shops/x.png" },
    });
    expect(message.html).not.toContain("<img");
  });

  it("keep button text readable on light and dark shop colours", () => {
    const light = verifyEmailMessage({
      link: LINK,
      shop: { name: "Pale", primaryColor: "#FDE68A" },
    });
    const dark = verifyEmailMessage({
      link: LINK,
      shop: { name: "Deep", primaryColor: "#1E3A8A" },
    });
    expect(light.html).toMatch(/font-weight:600;color:#111827;text-decoration:none/);
    expect(dark.html).toMatch(/font-weight:600;color:#ffffff;text-decoration:none/);
  });
});

describe("template helpers", () => {
  it("normalise colours and fall back to Tessera's", () => {
    expect(normalizeColor("#ABC")).toBe("#aabbcc");
    expect(normalizeColor(" #0099D8 ")).toBe("#0099d8");
    expect(normalizeColor("red; background:url(x)")).toBe("#0099d8");
    expect(normalizeColor(null)).toBe("#0099d8");
  });

  it("escape the five HTML-significant characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });

  it("make a shop's stored logo URL absolute for mail clients", () => {
    expect(
      toShopBranding(
        { name: "Blue Door", logo: "/uploads/shops/a.png", primaryColor: "#112233" },
        "https://app.example.com/",
      ),
    ).toEqual({
      name: "Blue Door",
      logoUrl: "https://app.example.com/uploads/shops/a.png",
      primaryColor: "#112233",
    });
    expect(toShopBranding({ name: "X", logo: null }, "https://a.example").logoUrl).toBeNull();
    expect(
      toShopBranding({ name: "X", logo: "https://cdn.example/l.png" }, "https://a.example").logoUrl,
    ).toBe("https://cdn.example/l.png");
  });
});
