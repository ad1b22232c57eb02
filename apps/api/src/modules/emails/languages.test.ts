import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customers, shops } from "../../db/schema";
import { createTier } from "../../test/factories";
import { mailTestApp } from "../../test/mail-app";

/** Customers read their e-mails in their language: theirs, else their shop's default. */

const mailApp = mailTestApp();
const { clock, kit, mailsTo, runJobs } = mailApp;

async function member(shopId: number, tier: { id: number }, locale: string | null) {
  const who = await kit().customerOf(shopId);
  await mailApp.db.update(customers).set({ locale }).where(eq(customers.id, who.customer.id));
  await kit().buyMembership(who, shopId, tier.id);
  return who;
}

describe("e-mails in the customer's language", () => {
  it("sends a Spanish customer a Spanish receipt and a Spanish sign-in code", async () => {
    clock.now = new Date("2026-11-22T15:00:00Z");
    const { shopId } = await kit().connectedShop();
    const [shop] = await mailApp.db
      .update(shops)
      .set({ timeZone: "Europe/Madrid", defaultLocale: "en" })
      .where(eq(shops.id, shopId))
      .returning();
    const tier = await createTier(mailApp.db, shopId, { name: "Oro", priceCents: 2499 });
    const who = await member(shopId, tier, "es");
    await runJobs();

    const [receipt, ...others] = mailsTo(who.customer.email);
    expect(others).toHaveLength(0);
    expect(receipt?.subject).toBe(`Tu recibo de ${shop?.name}: 24,99 US$`);
    expect(receipt?.html).toContain("Recibo de pago");
    for (const part of [receipt?.text, receipt?.html]) {
      expect(part).toContain("Membresía Oro (mensual)");
      expect(part).toContain("Importe pagado");
      // Intl keeps the amount and its currency together with a no-break space.
      expect(part).toContain("24,99\u00a0US$");
      expect(part).toContain(`Hola, ${who.customer.firstName}:`);
      expect(part).not.toContain("$24.99");
    }
    // The payment's time in Madrid, written the Spanish way ("27 nov 2026, 14:35 CET").
    expect(receipt?.text).toMatch(/Fecha:\s+\d{1,2} [a-z]{3,4}\.? \d{4}, \d{1,2}:\d{2} CET/);
    expect(receipt?.text).toContain("Enviado por Tessera");
    expect(receipt?.html).toContain('lang="es"');

    const asked = await mailApp.t.app.inject({
      method: "POST",
      url: "/api/v1/customer/auth/sign-in-code",
      payload: { shopId, email: who.customer.email },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const code = await mailApp.smtp.waitFor(who.customer.email, /código de acceso/);
    expect(code.subject).toMatch(
      new RegExp(`^\\d{3} \\d{3} es tu código de acceso para ${shop?.name}$`),
    );
    expect(code.text).toContain("El código y el enlace funcionan una vez, durante 10 minutos.");
    expect(code.html).toContain(`Iniciar sesión en ${shop?.name}`);
  });

  it("writes in the shop's default language to a customer who chose none: a German reminder", async () => {
    clock.now = new Date("2026-11-22T15:00:00Z");
    const { shopId } = await kit().connectedShop();
    await mailApp.db
      .update(shops)
      .set({ timeZone: "Europe/Berlin", defaultLocale: "de" })
      .where(eq(shops.id, shopId));
    const tier = await createTier(mailApp.db, shopId, {
      name: "Monatlich",
      priceCents: 1200,
      renewal: "monthly",
    });
    const who = await member(shopId, tier, null);
    await runJobs();
    const before = mailsTo(who.customer.email);
    expect(before.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Ihr Beleg von .*: 12,00 \$$/),
    ]);

    clock.now = new Date("2026-12-19T15:00:01Z");
    await runJobs();
    const reminders = mailsTo(who.customer.email).slice(before.length);
    expect(reminders.map((m) => m.subject)).toEqual([
      "Ihre Mitgliedschaft Monatlich verlängert sich am 22.12.2026",
    ]);
    const text = reminders[0]?.text ?? "";
    expect(text).toContain(
      "Ihre Mitgliedschaft Monatlich (monatlich) verlängert sich am 22.12.2026: 12,00\u00a0$ werden von Visa •••• 1111 abgebucht.",
    );
    expect(text).toContain("Abbestellen: http://localhost:3000/api/v1/emails/unsubscribe?");

    // The link's pages speak German too: the question, its button, and the answer.
    const link = mailApp.smtp.linkIn(
      reminders[0] as (typeof reminders)[number],
      "/api/v1/emails/unsubscribe",
    );
    const url = `${link.pathname}${link.search}`;
    const asked = await mailApp.t.app.inject({ method: "GET", url });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('<html lang="de">');
    expect(asked.body).toContain("<h1>Erinnerungen abbestellen</h1>");
    expect(asked.body).toContain('<button type="submit">Abbestellen</button>');
    const done = await mailApp.t.app.inject({ method: "POST", url });
    expect(done.body).toContain("<h1>Sie sind abgemeldet</h1>");
    expect(done.body).toContain("Sie erhalten keine Erinnerungs-E-Mails mehr von");

    // A broken link has no reader to ask: the browser's language.
    const broken = await mailApp.t.app.inject({
      method: "GET",
      url: url.replace(/s=[^&]+/, "s=broken"),
      headers: { accept: "text/html", "accept-language": "es-ES,es;q=0.9,en;q=0.5" },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.body).toContain('<html lang="es">');
    expect(broken.body).toContain("<h1>Este enlace no funciona</h1>");
  });

  it("keeps English for a customer who chose English in a shop whose default is German", async () => {
    clock.now = new Date("2026-11-22T15:00:00Z");
    const { shopId } = await kit().connectedShop();
    await mailApp.db.update(shops).set({ defaultLocale: "de" }).where(eq(shops.id, shopId));
    const tier = await createTier(mailApp.db, shopId, {
      name: "Gold",
      priceCents: 2499,
    });
    const who = await member(shopId, tier, "en");
    await runJobs();
    expect(mailsTo(who.customer.email).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Your receipt from .*: \$24\.99$/),
    ]);
  });
});
