import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { apiRoot } from "./paths";
import { environment, prepare } from "./test/server-fixture";
import { startServerProcess } from "./test/server-process";

/** A real OTLP/HTTP receiver: keeps the bodies of the trace exports it is sent. */
async function startReceiver() {
  const exports: Buffer[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      if (request.url === "/v1/traces") {
        exports.push(request.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body);
      }
      // An empty ExportTraceServiceResponse: everything accepted.
      response.writeHead(200, { "content-type": "application/x-protobuf" }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exports,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const tracing = pathToFileURL(join(apiRoot, "src/tracing.ts")).href;

describe("OpenTelemetry tracing", () => {
  it("sends a request's spans to the collector, with its request id, and logs its trace id", async () => {
    const receiver = await startReceiver();
    // On PostgreSQL the database calls are traced too (the embedded PGlite has no driver to patch).
    const { env, drop } = await environment({ postgres: "required" }).catch(() => environment());
    const fixture = await prepare(env);
    const server = await startServerProcess(
      {
        ...env,
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_SERVICE_NAME: "tessera-under-test",
        // Export at once instead of every five seconds.
        OTEL_BSP_SCHEDULE_DELAY: "100",
        LOG_LEVEL: "info",
      },
      { preload: [tracing] },
    );
    try {
      const res = await fetch(`${server.url}/api/v1/storefront?shopId=${fixture.shopId}`);
      expect(res.status).toBe(200);

      // The request's log lines carry the trace they belong to.
      let logged: { reqId: string; trace_id: string } | undefined;
      let sent = "";
      // Spans leave in batches: a loaded machine may send the request's database spans before
      // its server span, so wait for both (up to 20 s).
      for (let tries = 0; tries < 200; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        logged ??= server
          .output()
          .split("\n")
          .filter((line) => line.includes("/api/v1/storefront?shopId="))
          .map((line) => JSON.parse(line) as { reqId: string; trace_id?: string })
          .find((line) => line.trace_id) as { reqId: string; trace_id: string } | undefined;
        sent = Buffer.concat(receiver.exports).toString("latin1");
        const traced =
          logged && sent.includes(Buffer.from(logged.trace_id, "hex").toString("latin1"));
        if (traced && sent.includes("/api/v1/storefront") && sent.includes(logged?.reqId ?? "")) {
          break;
        }
      }
      expect(logged, server.output()).toBeDefined();
      const { reqId, trace_id: traceId } = logged as { reqId: string; trace_id: string };
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      // The export holds that trace (ids travel as raw bytes in OTLP's protobuf), the service's
      // name, the route, the request id, and the database queries made for it.
      expect(sent.includes(Buffer.from(traceId, "hex").toString("latin1"))).toBe(true);
      expect(sent).toContain("tessera-under-test");
      expect(sent).toContain("/api/v1/storefront");
      expect(sent).toContain("http.request.id");
      expect(sent).toContain(reqId);
      if (env.DATABASE_URL) {
        expect(sent).toContain("@opentelemetry/instrumentation-pg");
        expect(sent).toMatch(/select/i);
      }
    } finally {
      await server.stop("SIGTERM");
      await receiver.close();
      await drop();
    }
  }, 120_000);

  it("loads nothing of OpenTelemetry without an endpoint", async () => {
    const { startTracing } = await import("./tracing");
    expect(await startTracing({})).toBeNull();
  });
});
