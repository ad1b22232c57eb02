import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
import forge from "node-forge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import {
  createCustomer,
  createMembership,
  createMerchant,
  createTier,
  giveCashback,
} from "../../test/factories";
import { signedInCard } from "../../test/member-card";

const PASS_TYPE = "pass.test.tessera.card";
const dir = mkdtempSync(join(tmpdir(), "tessera-apple-"));

/** A throw-away CA and a pass certificate it signed, as PEM files (node-forge). */
function makeCertificates() {
  const caKeys = forge.pki.rsa.generateKeyPair(2048);
  const ca = forge.pki.createCertificate();
  ca.publicKey = caKeys.publicKey;
  ca.serialNumber = "01";
  ca.validity.notBefore = new Date(Date.now() - 86_400_000);
  ca.validity.notAfter = new Date(Date.now() + 86_400_000);
  const caName = [{ name: "commonName", value: "Test WWDR CA" }];
  ca.setSubject(caName);
  ca.setIssuer(caName);
  ca.setExtensions([
    { name: "basicConstraints", cA: true },
    { name: "keyUsage", keyCertSign: true },
  ]);
  ca.sign(caKeys.privateKey, forge.md.sha256.create());

  const passKeys = forge.pki.rsa.generateKeyPair(2048);
  const cert = forge.pki.createCertificate();
  cert.publicKey = passKeys.publicKey;
  cert.serialNumber = "02";
  cert.validity.notBefore = ca.validity.notBefore;
  cert.validity.notAfter = ca.validity.notAfter;
  cert.setSubject([
    { name: "commonName", value: `Pass Type ID: ${PASS_TYPE}` },
    { type: "0.9.2342.19200300.100.1.1", value: PASS_TYPE },
  ]);
  cert.setIssuer(caName);
  cert.sign(caKeys.privateKey, forge.md.sha256.create());

  const paths = {
    ca: join(dir, "ca.pem"),
    cert: join(dir, "pass.pem"),
    key: join(dir, "pass-key.pem"),
  };
  writeFileSync(paths.ca, forge.pki.certificateToPem(ca));
  writeFileSync(paths.cert, forge.pki.certificateToPem(cert));
  writeFileSync(
    paths.key,
    forge.pki.encryptRsaPrivateKey(passKeys.privateKey, "card-secret", { algorithm: "aes256" }),
  );
  return paths;
}

/** The entries of a zip file (stored or deflated), read from its central directory. */
function unzip(buffer: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const end = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = buffer.readUInt16LE(end + 10);
  let offset = buffer.readUInt32LE(end + 16);
  for (let i = 0; i < count; i += 1) {
    expect(buffer.readUInt32LE(offset)).toBe(0x02014b50);
    const method = buffer.readUInt16LE(offset + 10);
    const compressed = buffer.readUInt32LE(offset + 20);
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extraLength = buffer.readUInt16LE(offset + 30);
    const commentLength = buffer.readUInt16LE(offset + 32);
    const local = buffer.readUInt32LE(offset + 42);
    const name = buffer.subarray(offset + 46, offset + 46 + nameLength).toString("utf8");
    const dataStart =
      local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const data = buffer.subarray(dataStart, dataStart + compressed);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

let t: TestApp;
let certs: ReturnType<typeof makeCertificates>;

beforeAll(async () => {
  certs = makeCertificates();
  t = await createTestApp({
    env: {
      RATE_LIMIT_PER_MINUTE: "100000",
      PUBLIC_URL: "https://cards.example.com",
      APPLE_PASS_TYPE_ID: PASS_TYPE,
      APPLE_TEAM_ID: "ABCDE12345",
      APPLE_PASS_CERT: certs.cert,
      APPLE_PASS_KEY: certs.key,
      APPLE_PASS_KEY_PASSPHRASE: "card-secret",
      APPLE_WWDR_CERT: certs.ca,
    },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function memberWithPass() {
  const merchant = await createMerchant(t.database.db);
  const shopId = merchant.shop?.id as number;
  const tier = await createTier(t.database.db, shopId);
  const member = await createCustomer(t.database.db, shopId);
  const of = { shopId, customerId: member.customer.id };
  const start = new Date(Date.now() - 86_400_000);
  await createMembership(t.database.db, { ...of, tierId: tier.id, start });
  await giveCashback(t.database.db, of, 740);
  const { card } = await signedInCard(t, member, shopId);
  const link = new URL(card.wallets.apple);
  const serial = member.customer.walletSerial;
  return {
    shopId,
    member: member.customer,
    tier,
    card,
    serial,
    token: link.searchParams.get("token") as string,
    download: `${link.pathname}${link.search}`,
  };
}

const base = "/api/v1/wallet/apple/v1";

describe("the Apple Wallet pass", () => {
  it("is a signed zip whose manifest matches its files and whose pass carries the card", async () => {
    const { download, card, serial, token, tier } = await memberWithPass();
    expect(card.wallets.google).toBeNull();
    const res = await t.app.inject({ method: "GET", url: download });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.apple.pkpass");
    expect(res.headers["last-modified"]).toBeTruthy();
    const files = unzip(res.rawPayload);

    // manifest.json: the SHA-1 of every other file but the signature.
    const manifest = JSON.parse((files.get("manifest.json") as Buffer).toString("utf8"));
    const names = [...files.keys()].filter((n) => n !== "manifest.json" && n !== "signature");
    expect(Object.keys(manifest).sort()).toEqual(names.sort());
    for (const name of names) {
      expect(manifest[name]).toBe(
        createHash("sha1")
          .update(files.get(name) as Buffer)
          .digest("hex"),
      );
    }
    expect(names).toEqual(expect.arrayContaining(["pass.json", "icon.png", "logo.png"]));

    // signature: a detached PKCS#7 over manifest.json by the pass certificate, chained to the CA.
    writeFileSync(join(dir, "manifest.json"), files.get("manifest.json") as Buffer);
    writeFileSync(join(dir, "signature"), files.get("signature") as Buffer);
    const verify = (content: string) =>
      execFileSync(
        "openssl",
        [
          "smime",
          "-verify",
          "-binary",
          "-inform",
          "DER",
          "-in",
          join(dir, "signature"),
          "-content",
          content,
          "-CAfile",
          certs.ca,
          "-purpose",
          "any",
          "-out",
          "/dev/null",
        ],
        { stdio: "pipe" },
      );
    expect(() => verify(join(dir, "manifest.json"))).not.toThrow();
    // A changed manifest no longer verifies.
    writeFileSync(
      join(dir, "tampered.json"),
      `${(files.get("manifest.json") as Buffer).toString()} `,
    );
    expect(() => verify(join(dir, "tampered.json"))).toThrow();

    const pass = JSON.parse((files.get("pass.json") as Buffer).toString("utf8"));
    expect(pass).toMatchObject({
      passTypeIdentifier: PASS_TYPE,
      teamIdentifier: "ABCDE12345",
      serialNumber: serial,
      authenticationToken: token,
      webServiceURL: "https://cards.example.com/api/v1/wallet/apple",
      backgroundColor: "rgb(0, 153, 216)",
      foregroundColor: expect.stringMatching(/^rgb\(/),
    });
    expect(pass.storeCard.headerFields[0]).toMatchObject({ value: 7.4, currencyCode: "USD" });
    expect(pass.storeCard.secondaryFields[0].value).toBe(tier.name);
    expect(pass.barcodes[0]).toMatchObject({ format: "PKBarcodeFormatQR", message: card.url });
  });

  it("refuses a download without the pass's token", async () => {
    const { serial } = await memberWithPass();
    const url = `/api/v1/wallet/apple/download/${serial}`;
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "GET", url: `${url}?token=${"0".repeat(64)}` })).statusCode,
    ).toBe(401);
  });
});

describe("Apple's pass web service", () => {
  it("registers, lists changes, serves the latest pass with Last-Modified, and unregisters", async () => {
    const { serial, token, member, shopId } = await memberWithPass();
    const device = `device-${serial.slice(0, 8)}`;
    const registration = `${base}/devices/${device}/registrations/${PASS_TYPE}/${serial}`;
    const auth = { authorization: `ApplePass ${token}` };
    const register = (headers: Record<string, string>, pushToken: string) =>
      t.app.inject({ method: "POST", url: registration, headers, payload: { pushToken } });

    // Authentication by the pass's token.
    const noAuth = await register({}, "p1");
    expect(noAuth.statusCode).toBe(401);
    const wrong = await register({ authorization: `ApplePass ${"f".repeat(64)}` }, "p1");
    expect(wrong.statusCode).toBe(401);

    const first = await register(auth, "p1");
    expect(first.statusCode).toBe(201);
    const again = await register(auth, "p2");
    expect(again.statusCode).toBe(200);

    // The device's passes: all without a tag; 204 when nothing changed since the tag.
    const list = await t.app.inject({
      method: "GET",
      url: `${base}/devices/${device}/registrations/${PASS_TYPE}`,
    });
    expect(list.statusCode).toBe(200);
    const { serialNumbers, lastUpdated } = list.json();
    expect(serialNumbers).toEqual([serial]);
    const since = await t.app.inject({
      method: "GET",
      url: `${base}/devices/${device}/registrations/${PASS_TYPE}?passesUpdatedSince=${lastUpdated}`,
    });
    expect(since.statusCode).toBe(204);

    // The latest pass, then 304 when unchanged since Last-Modified.
    const passUrl = `${base}/passes/${PASS_TYPE}/${serial}`;
    expect((await t.app.inject({ method: "GET", url: passUrl })).statusCode).toBe(401);
    const latest = await t.app.inject({ method: "GET", url: passUrl, headers: auth });
    expect(latest.statusCode).toBe(200);
    const lastModified = latest.headers["last-modified"] as string;
    expect(Date.parse(lastModified)).not.toBeNaN();
    const unchanged = await t.app.inject({
      method: "GET",
      url: passUrl,
      headers: { ...auth, "if-modified-since": lastModified },
    });
    expect(unchanged.statusCode).toBe(304);

    // The balance changes (a second later, HTTP dates are whole seconds): the pass's time moves.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await giveCashback(t.database.db, { shopId, customerId: member.id }, 500);
    const changed = await t.app.inject({
      method: "GET",
      url: `${base}/devices/${device}/registrations/${PASS_TYPE}?passesUpdatedSince=${lastUpdated}`,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().serialNumbers).toEqual([serial]);
    const fresh = await t.app.inject({
      method: "GET",
      url: passUrl,
      headers: { ...auth, "if-modified-since": lastModified },
    });
    expect(fresh.statusCode).toBe(200);
    const pass = JSON.parse((unzip(fresh.rawPayload).get("pass.json") as Buffer).toString());
    expect(pass.storeCard.headerFields[0].value).toBe(12.4);

    // Another pass type is unknown here; logs are accepted.
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `${base}/passes/pass.other.type/${serial}`,
          headers: auth,
        })
      ).statusCode,
    ).toBe(404);
    const log = await t.app.inject({
      method: "POST",
      url: `${base}/log`,
      payload: { logs: ["hello"] },
    });
    expect(log.statusCode).toBe(200);

    const gone = await t.app.inject({ method: "DELETE", url: registration, headers: auth });
    expect(gone.statusCode).toBe(200);
    const empty = await t.app.inject({
      method: "GET",
      url: `${base}/devices/${device}/registrations/${PASS_TYPE}`,
    });
    expect(empty.statusCode).toBe(204);
  });
});
