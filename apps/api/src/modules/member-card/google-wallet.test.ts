import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { importSPKI, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cashbackLedger } from "../../db/schema";
import { raise } from "../../infra/events";
import { createTestApp, type TestApp } from "../../test/app";
import { createCustomer, createMerchant, giveCashback, loginAs } from "../../test/factories";
import { signedInCard } from "../../test/member-card";

const ISSUER = "3388000000012345678";
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const keyFile = join(mkdtempSync(join(tmpdir(), "tessera-google-")), "service-account.json");
const spkiOf = (key: typeof publicKey) => key.export({ type: "spki", format: "pem" }).toString();

/**
 * A local stand-in for Google: the OAuth token endpoint (checks the service account's signed
 * assertion) and the Wallet API's loyalty objects (only saved ones exist; others answer 404).
 */
const google = {
  saved: new Map<string, Record<string, unknown>>(),
  patches: [] as { id: string; status: number; body: Record<string, unknown> }[],
  tokensIssued: 0,
};
let peer: Server;
let peerUrl = "";

function readBody(req: import("node:http").IncomingMessage): Promise<string> {
  return new Promise((ok) => {
    let text = "";
    req.on("data", (chunk) => {
      text += chunk;
    });
    req.on("end", () => ok(text));
  });
}

async function answer(req: import("node:http").IncomingMessage) {
  const body = await readBody(req);
  if (req.method === "POST" && req.url === "/token") {
    const form = new URLSearchParams(body);
    const { payload } = await jwtVerify(
      form.get("assertion") ?? "",
      await importSPKI(spkiOf(publicKey), "RS256"),
      { issuer: "wallet@tessera-test.iam.gserviceaccount.com", audience: `${peerUrl}/token` },
    );
    if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") return [400, {}];
    if (payload.scope !== "https://www.googleapis.com/auth/wallet_object.issuer") return [403, {}];
    google.tokensIssued += 1;
    return [200, { access_token: "wallet-token", expires_in: 3600, token_type: "Bearer" }];
  }
  const match = /^\/walletobjects\/v1\/loyaltyObject\/([^/]+)$/.exec(req.url ?? "");
  if (req.method === "PATCH" && match?.[1]) {
    if (req.headers.authorization !== "Bearer wallet-token") return [401, {}];
    const id = decodeURIComponent(match[1]);
    const patch = JSON.parse(body) as Record<string, unknown>;
    const status = google.saved.has(id) ? 200 : 404;
    google.patches.push({ id, status, body: patch });
    if (status === 200) google.saved.set(id, { ...google.saved.get(id), ...patch });
    return [status, status === 200 ? google.saved.get(id) : { error: { code: 404 } }];
  }
  return [404, {}];
}

let t: TestApp;
beforeAll(async () => {
  peer = createServer((req, res) => {
    answer(req)
      .then(([status, body]) => res.writeHead(status as number).end(JSON.stringify(body)))
      .catch(() => res.writeHead(401).end("{}"));
  });
  await new Promise<void>((ok) => peer.listen(0, "127.0.0.1", ok));
  peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
  writeFileSync(
    keyFile,
    JSON.stringify({
      type: "service_account",
      client_email: "wallet@tessera-test.iam.gserviceaccount.com",
      private_key: privateKey.export({ type: "pkcs8", format: "pem" }),
      token_uri: `${peerUrl}/token`,
    }),
  );
  t = await createTestApp({
    env: {
      RATE_LIMIT_PER_MINUTE: "100000",
      PUBLIC_URL: "https://cards.example.com",
      GOOGLE_WALLET_ISSUER_ID: ISSUER,
      GOOGLE_WALLET_KEY_FILE: keyFile,
      GOOGLE_WALLET_API_URL: peerUrl,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((ok) => peer?.close(ok));
});

describe("Save to Google Wallet", () => {
  it("links to a JWT signed with the service account's key holding the member's loyalty object", async () => {
    const merchant = await createMerchant(t.database.db);
    const shopId = merchant.shop?.id as number;
    const member = await createCustomer(t.database.db, shopId);
    await giveCashback(t.database.db, { shopId, customerId: member.customer.id }, 1999);
    const { card } = await signedInCard(t, member, shopId);
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

  it("updates a saved card when the balance changes or the code is replaced, and no other", async () => {
    const merchant = await createMerchant(t.database.db);
    const shopId = merchant.shop?.id as number;
    const saver = await createCustomer(t.database.db, shopId);
    const other = await createCustomer(t.database.db, shopId);
    const savedId = `${ISSUER}.member-${saver.customer.walletSerial}`;
    const otherId = `${ISSUER}.member-${other.customer.walletSerial}`;
    google.saved.set(savedId, { id: savedId });

    // A change to the member's data, as a payment or a redemption raises it.
    await t.database.db.transaction(async (tx) => {
      await tx.insert(cashbackLedger).values({
        shopId,
        customerId: saver.customer.id,
        amountCents: 525,
        kind: "reward",
        description: "Test",
      });
      await raise(tx, {
        type: "customer.changed",
        shopId,
        customerId: saver.customer.id,
        reason: "reward.credited",
      });
    });
    await expect.poll(() => google.patches.filter((p) => p.id === savedId).length).toBe(1);
    expect(google.saved.get(savedId)).toMatchObject({
      loyaltyPoints: { balance: { money: { currencyCode: "USD", micros: 5_250_000 } } },
    });

    // A replaced card code reaches the saved card's QR code.
    const session = await loginAs(t.app, saver, shopId);
    const rotated = await t.app.inject({
      method: "POST",
      url: `/api/v1/customer/member-card/rotate/${saver.customer.id}`,
      headers: { authorization: session.authorization },
    });
    expect(rotated.statusCode).toBe(200);
    const { card } = rotated.json();
    await expect.poll(() => google.patches.filter((p) => p.id === savedId).length).toBe(2);
    expect(google.saved.get(savedId)).toMatchObject({
      barcode: { type: "QR_CODE", value: card.url },
    });

    // A card nobody saved is asked about once and left alone.
    await raise(t.database.db, {
      type: "customer.changed",
      shopId,
      customerId: other.customer.id,
      reason: "profile.updated",
    });
    await expect.poll(() => google.patches.filter((p) => p.id === otherId).length).toBe(1);
    expect(google.patches.find((p) => p.id === otherId)?.status).toBe(404);
    expect(google.saved.has(otherId)).toBe(false);
    // One access token served every update.
    expect(google.tokensIssued).toBe(1);
  });
});
