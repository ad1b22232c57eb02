import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { compiledCatalogues } from "./scripts/catalogue-plugin.ts";
import { compileHints } from "./scripts/compile-hints-plugin.ts";

function resolveEsm(specifier: string): string {
  return fileURLToPath(import.meta.resolve(specifier));
}

/** The modules of the sign-in chunk (see `codeSplitting` below). */
const SIGN_IN_MODULES = new RegExp(
  [
    String.raw`src[\\/]features[\\/]auth[\\/](api\.ts|use-shop-session-start\.ts|components[\\/](shop-auth-shell|login-form|google-sign-in-button|auth-heading)\.tsx)`,
    String.raw`src[\\/]features[\\/]session[\\/]api\.ts`,
    String.raw`src[\\/]components[\\/]ui[\\/](field|text-input|password-input)\.tsx`,
    String.raw`src[\\/]validation[\\/](login-check|patterns|messages[\\/](common|sign-in))\.ts`,
    String.raw`lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](mail|eye|eye-off)\.mjs`,
    String.raw`@tanstack[\\/](query-core[\\/]build[\\/]modern[\\/]mutationObserver|react-query[\\/]build[\\/]modern[\\/]useMutation)\.js`,
  ].join("|"),
);

const apiTarget = process.env.API_URL ?? "http://localhost:3000";

export default defineConfig({
  plugins: [compiledCatalogues(), react(), tailwindcss(), compileHints()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: apiTarget, ws: true },
      "/socket.io": { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: "dist",
    sourcemap: true,
    // Files, never data: URLs, so a CSP with img-src 'self' shows every image.
    assetsInlineLimit: 0,
    // The size budget (scripts/size-budget.mjs) walks the chunk graph per route.
    manifest: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunk: app deploys do not invalidate the framework's cache. Only
        // what every page needs belongs here; a forced group pulls its members into the entry.
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            {
              // The sign-in form and what it stands on, one chunk instead of a dozen of 1–3 KB:
              // a shop's sign-in page (where every customer e-mail leads) fetched them all
              // before its first paint, and on a phone each request past the sixth waits for a
              // connection. The forms elsewhere (merchant sign-in, settings) use most of it too.
              name: "sign-in",
              test: SIGN_IN_MODULES,
              // Only these modules: what they import from the entry (the query client, the
              // catalogue, the button) stays there, so no other page loads this chunk.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    name: "web",
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    css: false,
    restoreMocks: true,
    // Pin both entry points to their ES builds: otherwise "react-router" resolves to the
    // CommonJS build and "react-router/dom" to the ES one, and two router contexts exist.
    alias: [
      { find: /^react-router$/, replacement: resolveEsm("react-router") },
      { find: /^react-router\/dom$/, replacement: resolveEsm("react-router/dom") },
    ],
    unstubGlobals: true,
  },
});
