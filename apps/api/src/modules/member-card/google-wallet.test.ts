import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { importSPKI, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cashbackLedger } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { createCustomer, createMerchant, loginAs } from "../../test/factories";

const ISSUER = "3388000000012345678";
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const keyFile = join(mkdtempSync(join(tmpdir(), "tessera-google-")), "service-account.json");
writeFileSync(
  keyFile,
  JSON.stringify({
    type: "service_account",
    client_email: "wallet@tessera-test.iam.gserviceaccount.com",
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }),
  }),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      RATE_LIMIT_PER_MINUTE: "100000",
      PUBLIC_URL: "https://cards.example.com",
      GOOGLE_WALLET_ISSUER_ID: ISSUER,
      GOOGLE_WALLET_KEY_FILE: keyFile,
    },
  });
});
afterAll(async () => {
  await t?.close();
});

describe("Save to Google Wallet", () => {
  it("links to a JWT signed with the service account's key holding the member's loyalty object", async () => {
    const merchant = await createMerchant(t.database.db);
    const shopId = merchant.shop?.id as number;
    const member = await createCustomer(t.database.db, shopId);
    await t.database.db.insert(cashbackLedger).values({
      shopId,
      customerId: member.customer.id,
      amountCents: 1999,
      kind: "reward",
      description: "Test",
    });
    const session = await loginAs(t.app, member, shopId);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v1/customer/member-card/${member.customer.id}`,
      headers: { authorization: session.authorization },
    });
    const { card } = res.json();
    expect(card.wallets.apple).toBeNull();
    const prefix = "https://pay.google.com/gp/v/save/";
    expect(card.wallets.google.startsWith(prefix)).toBe(true);
    const jwt = card.wallets.google.slice(prefix.length);

    const spki = publicKey.export({ type: "spki", format: "pem" }).toString();
    const { payload, protectedHeader } = await jwtVerify(jwt, await importSPKI(spki, "RS256"), {
      issuer: "wallet@tessera-test.iam.gserviceaccount.com",
      audience: "google",
    });
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload.typ).toBe("savetowallet");
    expect(payload.origins).toEqual(["https://cards.example.com"]);
    const body = payload.payload as {
      loyaltyClasses: { id: string }[];
      loyaltyObjects: Record<string, unknown>[];
    };
    expect(body.loyaltyClasses[0]?.id).toBe(`${ISSUER}.shop-${shopId}`);
    expect(body.loyaltyObjects[0]).toMatchObject({
      id: `${ISSUER}.member-${member.customer.walletSerial}`,
      classId: `${ISSUER}.shop-${shopId}`,
      accountName: "Cleo Customer",
      loyaltyPoints: { balance: { money: { currencyCode: "USD", micros: 19_990_000 } } },
      barcode: { type: "QR_CODE", value: card.url },
    });

    // Another key does not verify it.
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey;
    const otherSpki = other.export({ type: "spki", format: "pem" }).toString();
    await expect(jwtVerify(jwt, await importSPKI(otherSpki, "RS256"))).rejects.toThrow();
  });
});
