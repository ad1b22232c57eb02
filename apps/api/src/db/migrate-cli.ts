import { ConfigError, loadConfig } from "../config";
import { openDatabase } from "../infra/db";

/** `npm run db:migrate`: applies the committed migrations to the configured database. */
try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  await database.close();
  console.log(`Migrations applied (${database.driver}).`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
