/**
 * OpenTelemetry tracing, loaded before the server (`npm start` imports it first; elsewhere
 * `node --import`): the instrumentations patch http, Fastify, pg, the Redis client and pino as
 * they are loaded, so they must be in place before anything imports them.
 *
 * Only when OTEL_EXPORTER_OTLP_ENDPOINT is set: otherwise nothing of OpenTelemetry is loaded
 * and start-up stays as fast as before. Spans go to the endpoint over OTLP/HTTP (protobuf);
 * the standard OTEL_* variables (service name, headers, sampler) apply as the SDK reads them.
 * Each request's span carries Fastify's request id (set by the app, see app.ts), and each log
 * line written inside a span carries its trace_id and span_id, so a log line leads to its trace
 * and back.
 */

/** Where the server finds the function that sends the buffered spans on its way out. */
export const FLUSH_TELEMETRY = Symbol.for("tessera.flushTelemetry");

export async function startTracing(env: NodeJS.ProcessEnv = process.env) {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  const { createRequire, register } = await import("node:module");
  // ESM imports are patched through this loader hook; CommonJS requires by the SDK itself.
  register("@opentelemetry/instrumentation/hook.mjs", import.meta.url);
  const [{ NodeSDK }, { OTLPTraceExporter }, http, fastify, pg, redis, pino] = await Promise.all([
    import("@opentelemetry/sdk-node"),
    import("@opentelemetry/exporter-trace-otlp-proto"),
    import("@opentelemetry/instrumentation-http"),
    import("@opentelemetry/instrumentation-fastify"),
    import("@opentelemetry/instrumentation-pg"),
    import("@opentelemetry/instrumentation-redis"),
    import("@opentelemetry/instrumentation-pino"),
  ]);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? "tessera",
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new http.HttpInstrumentation({
        // Health and readiness probes every few seconds would drown the real traffic.
        ignoreIncomingRequestHook: (request) => /^\/api\/(health|ready)\b/.test(request.url ?? ""),
      }),
      new fastify.FastifyInstrumentation(),
      new pg.PgInstrumentation(),
      new redis.RedisInstrumentation(),
      new pino.PinoInstrumentation(),
    ],
  });
  sdk.start();
  // The server imports pg and the Redis client as ES modules, which reach them through
  // CommonJS's cache: requiring them here, once patched, puts the instrumented copies there.
  const require = createRequire(import.meta.url);
  for (const name of ["pg", "@redis/client"]) {
    try {
      require(name);
    } catch {}
  }
  // The server's graceful stop sends the spans still buffered before it exits. This module is
  // loaded apart from the server's bundle, so the two meet on a global key, not an import.
  (globalThis as Record<symbol, unknown>)[FLUSH_TELEMETRY] = () => sdk.shutdown();
  return sdk;
}

// Loaded with `node --import`, it starts by itself.
await startTracing();
