// Bundles the API (apps/api/src/main.ts with @tessera/shared) into apps/api/dist/main.mjs for
// `npm start`: packages from node_modules stay plain imports. Running the bundle with Node itself
// starts faster and holds about 100 MB less than compiling the TypeScript at start-up.
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
export const apiBundle = join(root, "apps/api/dist/main.mjs");
/**
 * The flags the server runs with: `npm start` passes the same in package.json, and the bench and
 * load scripts start the bundle with these. V8 sizes its first full collections from the heap's
 * limit, which Node sets from the machine's memory (4 GB on 24 GB): with it, a member import's
 * short-lived garbage piled up to 150 MB before the first one and the server's RSS reached
 * 312-333 MB, though what was live stayed at 42 MB. At 1 GB, still 24 times the live heap, the
 * same import peaks at 208-235 MB, as fast (docs/benchmarks.md, docs/decisions.md).
 */
export const serverNodeFlags = ["--max-old-space-size=1024"];
/** OpenTelemetry, imported before the server when OTEL_EXPORTER_OTLP_ENDPOINT is set. */
export const tracingBundle = join(root, "apps/api/dist/tracing.mjs");

/**
 * The workspace package is TypeScript source: it is bundled, not imported. Its entry and its
 * catalogues (the package's two exports) resolve to their source files.
 */
const sharedSource = {
  name: "tessera-shared-source",
  setup(b) {
    b.onResolve({ filter: /^@tessera\/shared(\/.*)?$/ }, (args) => {
      const subpath = args.path.slice("@tessera/shared".length);
      return {
        path: subpath
          ? join(root, "packages/shared/src", subpath)
          : join(root, "packages/shared/src/index.ts"),
      };
    });
  },
};

/** Node ESM bundles that import their packages from node_modules at run time. */
const nodeBundle = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
};

export async function buildApi() {
  await build({
    ...nodeBundle,
    entryPoints: [join(root, "apps/api/src/main.ts")],
    outfile: apiBundle,
    plugins: [sharedSource],
    sourcemap: true,
  });
  await build({
    ...nodeBundle,
    entryPoints: [join(root, "apps/api/src/tracing.ts")],
    outfile: tracingBundle,
  });
}
