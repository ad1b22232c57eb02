import { ConfigError, loadConfig } from "../../config";
import { loadPaymentsSecret, postbackCredentials } from "./secrets";

/**
 * `npm run payments:postback-url -w @tessera/api`: the URL (with its Basic-auth credentials) to
 * register at the payment provider for postbacks. It is derived from PAYMENTS_SECRET, so every
 * instance accepts it.
 */
try {
  const config = loadConfig();
  const secret = loadPaymentsSecret({ secret: config.payments.secret, dataDir: config.dataDir });
  const { username, password } = postbackCredentials(secret);
  const url = new URL("/api/v1/fortis/postback", config.publicUrl);
  url.username = username;
  url.password = password;
  console.log(url.toString());
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
