import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { demoLogins, seedDemo } from "./db/seed";
import { openDatabase } from "./infra/db";
import { DataDirBusyError } from "./infra/db/data-dir-channel";
import { createSandboxAccount } from "./infra/payments/sandbox";
import { createStorage } from "./infra/storage";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  await database.migrate();

  const app = await buildApp({ config, database, startJobs: true });
  app.addHook("onClose", async () => {
    await database.close();
  });

  if (config.seedDemo) {
    const storage = createStorage({ dataDir: config.dataDir, publicUrl: config.publicUrl });
    const seed = await seedDemo(database.db, storage);
    if (seed.seeded) {
      app.log.info("seeded a demo shop");
      // The demo shop takes sandbox card payments at once; with Fortis it is onboarded for real.
      if (config.payments.provider === "sandbox" && seed.shopId) {
        await app.services.payments.onboarding.connectShop(seed.shopId, createSandboxAccount());
      }
      console.log(
        [
          "",
          "  Demo shop created. Log in with:",
          `    owner      ${demoLogins.merchant.email} / ${demoLogins.merchant.password}  at ${config.publicUrl}/`,
          `    staff      ${demoLogins.staff.email} / ${demoLogins.staff.password}  at ${config.publicUrl}/`,
          ...demoLogins.customers.map(
            (c) =>
              `    customer   ${c.email} / ${c.password}  at ${config.publicUrl}/${seed.shopId}/login`,
          ),
          `    storefront ${config.publicUrl}/${seed.shopId}`,
          "",
        ].join("\n"),
      );
    }
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    // A stuck request must not keep the process alive forever.
    const timer = setTimeout(() => {
      app.log.error("shutdown timed out");
      process.exit(1);
    }, config.shutdownGraceMs);
    timer.unref();
    app.close().then(
      async () => {
        await flushTelemetry();
        process.exit(0);
      },
      (error) => {
        app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  console.log(`Tessera is running at ${config.publicUrl} (database: ${database.driver})`);
  if (config.devMailbox) {
    console.log(`E-mails are kept in the developer mailbox: ${config.publicUrl}/dev/mailbox`);
  }
}

/** Sends the spans still buffered when tracing runs (apps/api/src/tracing.ts); at most 2 s. */
async function flushTelemetry() {
  const flush = (globalThis as Record<symbol, unknown>)[Symbol.for("tessera.flushTelemetry")];
  if (typeof flush !== "function") return;
  await Promise.race([
    (flush as () => Promise<void>)().catch(() => {}),
    new Promise((resolve) => setTimeout(resolve, 2000).unref()),
  ]);
}

main().catch((error) => {
  console.error(error instanceof DataDirBusyError ? error.message : error);
  process.exit(1);
});
