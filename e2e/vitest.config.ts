import { defineConfig } from "vitest/config";

// Browser tests: a real server on a free port, driven through Debian's Chromium.
export default defineConfig({
  test: {
    include: ["**/*.e2e.ts"],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
