import { connect } from "node:http2";
import type { FastifyBaseLogger } from "fastify";

/**
 * Tells phones holding a pass that it changed: an empty push per device through APNs,
 * authenticated by the pass type certificate (Apple's pass update flow). The phone then asks
 * the pass web service for the new pass.
 */
export function createApnsSender(options: {
  passTypeId: string;
  cert: Buffer;
  key: Buffer;
  passphrase: string | undefined;
  logger: FastifyBaseLogger;
  host?: string;
}) {
  const host = options.host ?? "https://api.push.apple.com";
  return async function push(tokens: string[]): Promise<void> {
    if (tokens.length === 0) return;
    const session = connect(host, {
      cert: options.cert,
      key: options.key,
      ...(options.passphrase ? { passphrase: options.passphrase } : {}),
    });
    session.on("error", (error) => options.logger.warn({ err: error }, "APNs connection failed"));
    try {
      await Promise.all(
        tokens.map(
          (token) =>
            new Promise<void>((resolve) => {
              const stream = session.request({
                ":method": "POST",
                ":path": `/3/device/${encodeURIComponent(token)}`,
                "apns-topic": options.passTypeId,
                "content-type": "application/json",
              });
              stream.setTimeout(10_000, () => stream.close());
              stream.on("response", (headers) => {
                const status = Number(headers[":status"]);
                if (status !== 200)
                  options.logger.warn({ status }, "APNs refused a pass update push");
              });
              stream.on("error", (error) => {
                options.logger.warn({ err: error }, "APNs push failed");
                resolve();
              });
              stream.on("close", () => resolve());
              stream.end("{}");
            }),
        ),
      );
    } finally {
      session.close();
    }
  };
}
