import { defineConfig } from "vitest/config";

// Unit and API integration tests. Browser tests live in e2e/ and run on their own.
export default defineConfig({
  test: {
    projects: [
      { test: { name: "shared", root: "packages/shared", environment: "node" } },
      {
        test: {
          name: "api",
          root: "apps/api",
          environment: "node",
          globalSetup: ["./src/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      "apps/web/vite.config.ts",
    ],
  },
});
