import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { compiledCatalogues } from "./scripts/catalogue-plugin.ts";
import { compileHints } from "./scripts/compile-hints-plugin.ts";

function resolveEsm(specifier: string): string {
  return fileURLToPath(import.meta.resolve(specifier));
}

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
