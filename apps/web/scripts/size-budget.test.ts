import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs build script, without types
import { routeFiles } from "./size-budget.mjs";

const manifest = {
  "index.html": {
    file: "assets/index-1.js",
    imports: ["_react-1.js"],
    dynamicImports: ["src/app/routes/merchant.tsx", "src/app/routes/storefront.tsx"],
    css: ["assets/index-1.css"],
  },
  "_react-1.js": { file: "assets/react-1.js" },
  "_shared-1.js": { file: "assets/shared-1.js", imports: ["_react-1.js"] },
  "src/app/routes/storefront.tsx": {
    file: "assets/storefront-1.js",
    imports: ["_shared-1.js", "index.html"],
    dynamicImports: ["src/widgets/chart.tsx"],
  },
  "src/widgets/chart.tsx": { file: "assets/chart-1.js" },
  "src/app/routes/merchant.tsx": { file: "assets/merchant-1.js", imports: ["_shared-1.js"] },
};

describe("size budget: the files a route loads first", () => {
  it("counts the entry, the route's module and their static imports once each", () => {
    expect(routeFiles(manifest, ["src/app/routes/storefront.tsx"]).sort()).toEqual([
      "assets/index-1.js",
      "assets/react-1.js",
      "assets/shared-1.js",
      "assets/storefront-1.js",
    ]);
  });

  it("leaves out other routes and widgets loaded on demand", () => {
    const files = routeFiles(manifest, ["src/app/routes/storefront.tsx"]);
    expect(files).not.toContain("assets/merchant-1.js");
    expect(files).not.toContain("assets/chart-1.js");
  });

  it("fails loudly when a route module is missing from the build", () => {
    expect(() => routeFiles(manifest, ["src/app/routes/gone.tsx"])).toThrow(/not in the build/);
  });
});
