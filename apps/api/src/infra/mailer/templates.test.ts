import { beforeAll, describe, expect, it } from "vitest";
import { signInCodeMessage } from "./sign-in-code";
import {
  type EmailContent,
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

let all: EmailContent[] = [];
const everyMessage = () => [
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
  signInCodeMessage({
    firstName: "Ada",
    shop: SHOP,
    link: LINK,
    code: "123456",
    validForMinutes: 10,
  }),
];

beforeAll(async () => {
  all = await Promise.all(everyMessage());
});

describe("e-mail templates", () => {
  it("give every message a subject, a plain text and an HTML version with the link", () => {
    for (const message of all) {
      expect(message.subject.length).toBeGreaterThan(5);
      expect(message.subject).not.toMatch(/[\r\n]/);
      expect(message.text).toContain(LINK);
      expect(message.text).toContain("Hi Ada,");
      expect(message.text).not.toMatch(/<[a-z]/i);
      expect(message.html).toMatch(/^<!doctype html/i);
      expect(message.html).toContain(`href="${LINK_IN_HTML}"`);
      expect(message.html).toContain("Hi Ada,");
      expect(message.html).toContain('role="presentation"');
      expect(message.html).not.toMatch(/<script|<style|class=/i);
    }
  });

  it("say how long verification and reset links live (DOMAIN.md)", async () => {
    expect((await verifyEmailMessage({ link: LINK })).text).toContain("expires in 24 hours");
    expect((await resetPasswordMessage({ link: LINK })).text).toContain("expires in 1 hour ");
    expect(
      (await staffInviteMessage({ shopName: "X", link: LINK, validForHours: 72 })).text,
    ).toContain("expires in 72 hours");
    expect((await verifyEmailMessage({ link: LINK })).text).toContain("Hi,");
  });

  it("carry Tessera's branding when the recipient is not a shop's customer", () => {
    for (const message of [all[0], all[2], all[4]]) {
      expect(message?.html).toContain("#0099d8");
      expect(message?.html).toMatch(/>Tessera<\/p>/);
      expect(message?.html).not.toContain("<img");
      expect(message?.fromName).toBeUndefined();
    }
    expect(all[0]?.subject).toBe("Verify your email for Tessera");
    expect(all[4]?.subject).toBe("You're invited to join Blue Door Coffee on Tessera");
    expect(all[4]?.text).toContain("as Barista");
  });

  it("carry the shop's name, logo and colour when the recipient is its customer", () => {
    for (const message of [all[1], all[3], all[5], all[6]]) {
      expect(message?.html).toContain("#7c3aed");
      expect(message?.html).not.toContain("#0099d8");
      expect(message?.html).toContain(`<img alt="Blue Door Coffee" src="${SHOP.logoUrl}"`);
      expect(message?.text.startsWith("Blue Door Coffee\n")).toBe(true);
      expect(message?.fromName).toBe("Blue Door Coffee");
    }
    expect(all[1]?.subject).toBe("Verify your email for Blue Door Coffee");
    expect(all[3]?.subject).toBe("Reset your password for Blue Door Coffee");
    expect(all[5]?.subject).toBe("Welcome to Blue Door Coffee");
    expect(all[6]?.subject).toBe("123 456 is your sign-in code for Blue Door Coffee");
  });

  it("escape every user-provided value in the HTML", async () => {
    const evil = '<img src=x onerror="alert(1)">';
    const message = await memberWelcomeMessage({
      firstName: `Ada ${evil}`,
      shop: { name: `Bob's "Best" <b>Shop</b> & Co`, primaryColor: "#000000" },
      membershipName: `Gold ${evil}`,
      link: 'https://app.example.com/1/set-password?token=a"><script>x</script>',
    });
    expect(message.html).not.toContain("<img src=x");
    expect(message.html).not.toContain("<b>Shop</b>");
    expect(message.html).not.toContain("<script>");
    expect(message.html).toMatch(
      /Bob(&#x27;|&#39;|')s &quot;Best&quot; &lt;b&gt;Shop&lt;\/b&gt; &amp; Co/,
    );
    expect(message.html).toContain("Ada &lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    // The plain text keeps the values as they are: it is never interpreted as markup.
    expect(message.text).toContain(`Hi Ada ${evil},`);
  });

  it("keep names on one line in subjects and headers", async () => {
    const message = await resetPasswordMessage({
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

  it("leave out a logo that is not an absolute URL rather than show a broken image", async () => {
    const message = await verifyEmailMessage({
      link: LINK,
      shop: { name: "Blue Door", logoUrl: "/uploads/shops/x.png" },
    });
    expect(message.html).not.toContain("<img");
  });

  it("keep button text readable on light and dark shop colours", async () => {
    const light = await verifyEmailMessage({
      link: LINK,
      shop: { name: "Pale", primaryColor: "#FDE68A" },
    });
    const dark = await verifyEmailMessage({
      link: LINK,
      shop: { name: "Deep", primaryColor: "#1E3A8A" },
    });
    expect(light.html).toMatch(/font-weight:600;color:#111827/);
    expect(dark.html).toMatch(/font-weight:600;color:#ffffff/);
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

describe("account e-mails in the customer's language", () => {
  it("write a Spanish customer's verification, subject and frame included", async () => {
    const message = await verifyEmailMessage({
      firstName: "Ana",
      link: LINK,
      shop: SHOP,
      locale: "es",
    });
    expect(message.subject).toBe("Verifica tu correo para Blue Door Coffee");
    expect(message.text).toContain("Hola, Ana:");
    expect(message.text).toContain("Este enlace caduca en 24 horas y solo se puede usar una vez.");
    expect(message.text).toContain("Recibes este correo por tu cuenta en Blue Door Coffee.");
    expect(message.html).toContain('lang="es"');
    expect(message.html).toContain("Si el botón no funciona, copia este enlace en tu navegador:");
    expect(message.html).not.toContain("Verify");
  });

  it("use each language's plural: one hour in German, Portuguese and French", async () => {
    const de = await resetPasswordMessage({ link: LINK, shop: SHOP, locale: "de" });
    expect(de.text).toContain("Dieser Link läuft in 1 Stunde ab");
    expect(de.text).toContain("Hallo,");
    const pt = await memberWelcomeMessage({
      link: LINK,
      shop: SHOP,
      locale: "pt-BR",
      validForHours: 72,
    });
    expect(pt.text).toContain("Este link expira em 72 horas");
    const fr = await signInCodeMessage({
      shop: SHOP,
      link: LINK,
      code: "654321",
      validForMinutes: 10,
      locale: "fr",
    });
    expect(fr.subject).toBe("654 321 est votre code de connexion pour Blue Door Coffee");
    expect(fr.text).toContain("Le code et le lien fonctionnent une fois, pendant 10 minutes.");
  });
});
