/**
 * The import rules of the codebase (docs/architecture.md, "Limits"), checked by
 * `npm run check:limits` as part of `npm test`:
 *  - no import cycles;
 *  - the web app never imports the API (they share only packages/shared);
 *  - packages/shared imports neither app;
 *  - an API module uses another module through its service (or its other public files),
 *    never through its repo: a module's tables are its own business.
 */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment: "Two files that import each other cannot be read (or loaded) one at a time.",
      from: {},
      to: { circular: true },
    },
    {
      name: "web-not-api",
      severity: "error",
      comment: "The web app talks to the API over HTTP only; shared types live in packages/shared.",
      from: { path: "^apps/web/" },
      to: { path: "^apps/api/" },
    },
    {
      name: "shared-not-apps",
      severity: "error",
      comment: "packages/shared is below both apps and must not depend on either.",
      from: { path: "^packages/shared/" },
      to: { path: "^apps/" },
    },
    {
      name: "no-foreign-repo",
      severity: "error",
      comment:
        "A module reaches another module through its service, never its repo (its tables are its own).",
      from: { path: "^apps/api/src/modules/([^/]+)/" },
      to: {
        path: "^apps/api/src/modules/([^/]+)/(repo|[^/]*-repo)\\.ts$",
        pathNot: "^apps/api/src/modules/$1/",
      },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|coverage)/" },
    tsPreCompilationDeps: true,
    // Carries the web app's `@/` alias; the API and shared use relative paths.
    tsConfig: { fileName: "tsconfig.depcruise.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs"],
    },
  },
};
