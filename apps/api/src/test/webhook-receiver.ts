import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedWebhook = {
  path: string;
  headers: Record<string, string>;
  body: string;
};

/**
 * A local HTTP receiver for webhook tests: records every request, and answers each path with
 * the next status queued for it ("hang" never answers), 200 when none is queued.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const queued = new Map<string, (number | "hang")[]>();
  const server = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers as Record<string, string>, body });
      const next = queued.get(path)?.shift() ?? 200;
      if (next === "hang") return;
      res.writeHead(next).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    /** Answers the next requests to `path` with these statuses, in order. */
    answer(path: string, ...statuses: (number | "hang")[]) {
      queued.set(path, [...(queued.get(path) ?? []), ...statuses]);
    },
    /** What reached `path`. */
    at(path: string) {
      return received.filter((r) => r.path === path);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
