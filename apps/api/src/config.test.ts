import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, envSchema, loadConfig } from "./config";
import { repoRoot } from "./paths";

describe("loadConfig", () => {
  it("runs on embedded defaults", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.seedDemo).toBe(true);
  });

  it("reads values from the environment", () => {
    const config = loadConfig({
      PORT: "4010",
      DATA_DIR: "/tmp/tessera-x",
      DATABASE_URL: "postgres://localhost:5432/test",
      PUBLIC_URL: "https://shop.example.com/",
      SEED_DEMO: "false",
    });
    expect(config).toMatchObject({
      port: 4010,
      dataDir: "/tmp/tessera-x",
      databaseUrl: "postgres://localhost:5432/test",
      publicUrl: "https://shop.example.com",
      seedDemo: false,
    });
  });

  it("stops on a bad value and names the variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT: must be a number/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PUBLIC_URL: "not a url" })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PORT: "70000" })).toThrow(/PORT: must be between 0 and 65535/);
  });

  it("treats empty strings as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }).port).toBe(3000);
  });
});

describe("the README's configuration table", () => {
  it("lists every variable the server reads, and nothing it does not", () => {
    const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
    const section = readme.slice(
      readme.indexOf("## Configuration"),
      readme.indexOf("## Deploying"),
    );
    const listed = new Set(
      section
        .split("\n")
        .filter((line) => line.startsWith("| `"))
        .flatMap((line) =>
          [...(line.split("|")[1] ?? "").matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]),
        ),
    );
    const read = Object.keys(envSchema.shape);
    expect(read.filter((name) => !listed.has(name))).toEqual([]);
    // The browser tests' variable is read by the e2e suite, not the server.
    expect(
      [...listed].filter((name) => !read.includes(name as string) && name !== "CHROMIUM_PATH"),
    ).toEqual([]);
  });
});
