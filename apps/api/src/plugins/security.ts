import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * Security headers with a CSP the SPA runs under: scripts only from this origin (the theme
 * bootstrap is a file, not inline), inline styles allowed because the UI libraries position
 * overlays with style attributes, images also from data:/blob: for previews before upload.
 *
 * Helmet's middleware is built once here: the Fastify wrapper built it again on every request
 * (parsing the CSP each time), a measurable share of a storefront read's CPU.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { publicUrl: string; imageOrigins?: string[]; paymentOrigins?: string[] },
) {
  const https = opts.publicUrl.startsWith("https://");
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly (the member card scanner's QR reader, served from this origin) compiles
        // only with 'wasm-unsafe-eval'; it does not allow eval() of scripts.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...(opts.paymentOrigins ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...(opts.imageOrigins ?? [])],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...(opts.paymentOrigins ?? [])],
        frameSrc: ["'self'", ...(opts.paymentOrigins ?? [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Uploaded images may later come from an S3-compatible host.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https ? undefined : false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    headers(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
