import { createHmac, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { MemberCard } from "@tessera/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Customer } from "../../db/schema";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import type { EventBus } from "../../infra/events";
import type { Storage } from "../../infra/storage";
import { createApnsSender } from "./apns";
import { type AppleSigning, buildApplePass } from "./apple-pass";
import * as repo from "./repo";

export const APPLE_WALLET_MESSAGES = {
  notConfigured: "Apple Wallet is not set up on this server.",
  unauthorized: "This pass is not authorised.",
  unknownPass: "No such pass.",
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The web service path Apple appends `/v1/...` to. */
export const APPLE_WEB_SERVICE_PATH = "/api/v1/wallet/apple";

export type AppleWalletDeps = {
  db: Database;
  config: NonNullable<Config["appleWallet"]> | null;
  publicUrl: string;
  /** The server's secret: each pass's authentication token is derived from it. */
  secret: string;
  storage: Storage;
  events: EventBus;
  logger: FastifyBaseLogger;
  /** The member's card as the card page shows it. */
  describe: (customer: Customer) => Promise<MemberCard>;
};

async function readLogo(storage: Storage, url: string | null): Promise<Buffer | null> {
  if (!url) return null;
  try {
    if (storage.kind === "disk" && "pathOf" in storage) {
      const key = storage.keyFromUrl(url);
      const path = key ? (storage as { pathOf(k: string): string | null }).pathOf(key) : null;
      return path ? await readFile(path) : null;
    }
    const res = await fetch(storage.absoluteUrl(url), { signal: AbortSignal.timeout(3000) });
    return res.ok ? Buffer.from(await res.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

/**
 * Apple Wallet: the member card's pass and Apple's pass web service (register and unregister
 * devices, list changed passes, serve the latest pass, take logs). Without configuration every
 * call answers 404 and the card page hides the button.
 */
export function createAppleWallet(deps: AppleWalletDeps) {
  const { db, config } = deps;
  let signing: AppleSigning | null = null;
  const loadSigning = (): AppleSigning | null => {
    if (!config) return null;
    signing ??= {
      passTypeId: config.passTypeId,
      teamId: config.teamId,
      signerCert: readFileSync(config.certPath),
      signerKey: readFileSync(config.keyPath),
      signerKeyPassphrase: config.keyPassphrase,
      wwdr: readFileSync(config.wwdrPath),
    };
    return signing;
  };

  const tokenOf = (serial: string) =>
    createHmac("sha256", deps.secret).update(`apple-pass:${serial}`).digest("hex");

  function requireConfigured(passTypeId?: string) {
    if (!config) throw new AppError("NOT_FOUND", APPLE_WALLET_MESSAGES.notConfigured);
    if (passTypeId !== undefined && passTypeId !== config.passTypeId) {
      throw new AppError("NOT_FOUND", APPLE_WALLET_MESSAGES.unknownPass);
    }
  }

  /** `Authorization: ApplePass <token>` (or the download link's token) must be the pass's. */
  function authorise(serial: string, token: string | undefined) {
    if (!UUID.test(serial) || !token) {
      throw new AppError("UNAUTHORIZED", APPLE_WALLET_MESSAGES.unauthorized);
    }
    const expected = Buffer.from(tokenOf(serial));
    const given = Buffer.from(token);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError("UNAUTHORIZED", APPLE_WALLET_MESSAGES.unauthorized);
    }
  }

  async function holder(serial: string) {
    const row = await repo.findPassHolder(db, serial);
    if (!row) throw new AppError("NOT_FOUND", APPLE_WALLET_MESSAGES.unknownPass);
    return row;
  }

  // Pass updates reach phones through APNs only when configured; otherwise say so once.
  const push =
    config?.push === true
      ? (() => {
          const signingNow = loadSigning() as AppleSigning;
          return createApnsSender({
            passTypeId: signingNow.passTypeId,
            cert: signingNow.signerCert,
            key: signingNow.signerKey,
            passphrase: signingNow.signerKeyPassphrase,
            logger: deps.logger,
          });
        })()
      : null;
  let toldNoPush = false;
  const unsubscribe = deps.events.subscribe((event) => {
    if (event.type !== "customer.changed" || !config) return;
    if (!push) {
      if (!toldNoPush) {
        toldNoPush = true;
        deps.logger.info(
          "Apple Wallet passes are not pushed: APPLE_PASS_PUSH is off, phones pick up changes when they refresh the pass",
        );
      }
      return;
    }
    void (async () => {
      const customer = await repo.findCustomer(db, event.shopId, event.customerId);
      if (!customer) return;
      await push(await repo.listPushTokens(db, customer.walletSerial));
    })().catch((error) => deps.logger.warn({ err: error }, "pass update push failed"));
  });

  async function passBytes(customer: Customer): Promise<Buffer> {
    const shop = await repo.findCardShop(db, customer.shopId);
    if (!shop) throw new AppError("NOT_FOUND", APPLE_WALLET_MESSAGES.unknownPass);
    return buildApplePass({
      signing: loadSigning() as AppleSigning,
      shop,
      logo: await readLogo(deps.storage, shop.logo),
      card: await deps.describe(customer),
      serialNumber: customer.walletSerial,
      authenticationToken: tokenOf(customer.walletSerial),
      webServiceUrl: `${deps.publicUrl}${APPLE_WEB_SERVICE_PATH}`,
    });
  }

  return {
    enabled: config !== null,
    close: unsubscribe,

    /** The card page's "Add to Apple Wallet" link; null when Apple Wallet is not set up. */
    downloadLink(customer: Customer): string | null {
      if (!config) return null;
      const serial = customer.walletSerial;
      return `${deps.publicUrl}${APPLE_WEB_SERVICE_PATH}/download/${serial}?token=${tokenOf(serial)}`;
    },

    async download(serial: string, token: string | undefined) {
      requireConfigured();
      authorise(serial, token);
      const { customer, updatedAt } = await holder(serial);
      return { pass: await passBytes(customer), updatedAt };
    },

    async register(
      key: { deviceLibraryId: string; passTypeId: string; serialNumber: string },
      token: string | undefined,
      pushToken: string,
    ): Promise<"created" | "exists"> {
      requireConfigured(key.passTypeId);
      authorise(key.serialNumber, token);
      await holder(key.serialNumber);
      return (await repo.registerDevice(db, { ...key, pushToken })) ? "created" : "exists";
    },

    async unregister(
      key: { deviceLibraryId: string; passTypeId: string; serialNumber: string },
      token: string | undefined,
    ) {
      requireConfigured(key.passTypeId);
      authorise(key.serialNumber, token);
      await repo.unregisterDevice(db, key);
    },

    /** Serials on the device changed after the `passesUpdatedSince` tag (milliseconds). */
    async updatedSerials(deviceLibraryId: string, passTypeId: string, since: string | undefined) {
      requireConfigured(passTypeId);
      const rows = await repo.listUpdatedSerials(db, deviceLibraryId, passTypeId);
      const after = since && /^\d{1,15}$/.test(since) ? Number(since) : null;
      const changed = rows.filter((row) => after === null || row.updatedAt.getTime() > after);
      if (changed.length === 0) return null;
      const latest = Math.max(...rows.map((row) => row.updatedAt.getTime()));
      return { serialNumbers: changed.map((row) => row.serial), lastUpdated: String(latest) };
    },

    /** The latest pass, or null when it has not changed since `If-Modified-Since`. */
    async latestPass(
      passTypeId: string,
      serial: string,
      token: string | undefined,
      ifModifiedSince: string | undefined,
    ) {
      requireConfigured(passTypeId);
      authorise(serial, token);
      const { customer, updatedAt } = await holder(serial);
      const since = ifModifiedSince ? Date.parse(ifModifiedSince) : Number.NaN;
      // HTTP dates have whole seconds.
      if (!Number.isNaN(since) && Math.floor(updatedAt.getTime() / 1000) * 1000 <= since) {
        return { notModified: true as const, updatedAt };
      }
      return { notModified: false as const, updatedAt, pass: await passBytes(customer) };
    },

    log(messages: string[]) {
      for (const message of messages) deps.logger.info({ wallet: "apple" }, message);
    },
  };
}

export type AppleWallet = ReturnType<typeof createAppleWallet>;
