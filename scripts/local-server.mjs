// What the bench and load scripts share to start the app on this machine for a run.
import { createServer } from "node:net";

/** A port on 127.0.0.1 that nothing listens on now. */
export async function freePort() {
  const server = createServer();
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address();
  await new Promise((ok) => server.close(ok));
  return port;
}

/**
 * The environment of a production server on `port` of 127.0.0.1, answering as `url`, that logs
 * only warnings so its output does not slow the run it is measured in.
 */
export function quietProductionEnv(port, url) {
  return {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
  };
}
