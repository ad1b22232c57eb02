import { openDatabase } from "../infra/db";

/**
 * Against PostgreSQL every test file shares one database, so the migrations run once here
 * instead of racing each other from parallel files.
 */
export default async function setup() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return;
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  await database.migrate();
  await database.close();
}
