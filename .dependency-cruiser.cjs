// The layers of the project, checked by dependency-cruiser (src/layers.test.ts runs it in `npm test`).
// Each rule names the layer it keeps apart and why; docs/architecture.md draws the same picture.
//
//   web/src  ──(import type only)──▶  src/**          web/src ──▶ src/shared (constants, no deps)
//   routes (app.ts, routes.ts, a module's Elysia files) ──▶ services/repositories ──▶ db
//   payout engine (src/payouts) ──▶ db, lib; never a feature, http/ nor a route
//   src/db ──▶ nothing of the features
//   a faucet request's state ──▶ written by modules/faucet/request-status.ts alone (the others are given it)
//   web/src/features/A ──▶ web/src/features/B/index.ts only
//
// CommonJS because the project is ESM ("type": "module") and dependency-cruiser reads a .cjs config
// without a loader.
const { existsSync, readdirSync, readFileSync } = require("node:fs");
const { join } = require("node:path");

// Route files: src/app.ts, any routes.ts, and any file of a feature (src/modules, src/auth) that
// builds an Elysia app (`new Elysia(`), such as a module's index.ts or admin.ts. Found by reading the
// sources, so a route file that moves or is renamed during a restructuring stays one.
function routeFiles() {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(__dirname, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        if (/\bnew Elysia\s*\(/.test(readFileSync(join(__dirname, path), "utf8"))) found.push(path);
      }
    }
  };
  for (const dir of ["src/modules", "src/auth"]) if (existsSync(join(__dirname, dir))) walk(dir);
  return found;
}
const escape = (path) => path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const ROUTES = `(^src/app\\.ts$|/routes\\.ts$|^(${routeFiles().map(escape).join("|")})$)`;
const ELYSIA = "(^|/)node_modules/elysia/|^elysia$";
const SERVICES = "^src/(modules/[^/]+|auth)/(service|repository)\\.ts$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "No import cycles, type-only ones included: a cycle makes load order matter and two modules one. " +
        "Break it by moving what both need into a third module (a model.ts, src/shared, src/lib).",
      from: {},
      to: { circular: true },
    },
    {
      name: "web-imports-server-types-only",
      severity: "error",
      comment:
        "The web bundle (web/src) never pulls server code into the browser: only `import type` from src/, " +
        "or values from src/shared/ (constants both sides use, no dependencies).",
      from: { path: "^web/src/" },
      to: { path: "^src/", pathNot: "^src/shared/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "shared-has-no-dependencies",
      severity: "error",
      comment:
        "src/shared/ is bundled into the browser and the server alike: constants only, importing nothing " +
        "outside src/shared/ (no npm package, no node: module, no server file). Its tests, never bundled, " +
        "live beside it.",
      from: { path: "^src/shared/", pathNot: "\\.test\\.ts$" },
      to: { pathNot: "^src/shared/" },
    },
    {
      name: "db-imports-no-features",
      severity: "error",
      comment:
        "src/db/ (client, schema, migrations, transactions) is the bottom layer: it never imports the features " +
        "(src/modules, src/auth, src/payouts, src/http) nor the app that wires them.",
      from: { path: "^src/db/" },
      to: { path: "^src/(modules|auth|payouts|http)/|^src/(app|main|cli)\\.ts$" },
    },
    {
      name: "payouts-import-no-routes",
      severity: "error",
      comment:
        "The payout engine (src/payouts) runs without HTTP: it never imports route files (src/app.ts, " +
        "routes.ts, a module's Elysia app) nor Elysia. (The admin's payout actions are the ordinary " +
        "feature modules/payouts.)",
      from: { path: "^src/payouts/" },
      to: { path: `${ROUTES}|${ELYSIA}` },
    },
    {
      name: "payouts-import-no-features",
      severity: "error",
      comment:
        "The payout engine (src/payouts: signing, submission, ledger reads, the settlement's state machine, " +
        "its store, the runtime, the simulator) knows no feature: what a settled payout does to a request, " +
        "a reward or a user is given to it by createApp (SettlementOutcomes, modules/payouts/settlement.ts). " +
        "So it imports nothing of src/modules, src/http nor the app that wires them (app.ts, main.ts, cli.ts), " +
        "and a feature's change cannot reach the code that signs money.",
      from: { path: "^src/payouts/" },
      to: { path: "^src/(modules|http)/|^src/(app|main|cli)\\.ts$" },
    },
    {
      name: "services-import-no-elysia",
      severity: "error",
      comment:
        "Services and repositories (service.ts, repository.ts) are plain functions over the database: " +
        "no Elysia (a model.ts may use elysia's `t`), no route file. HTTP shapes live in model.ts and the routes.",
      from: { path: SERVICES },
      to: { path: `${ROUTES}|${ELYSIA}` },
    },
    {
      name: "services-import-no-http",
      severity: "error",
      comment:
        "Services and repositories run without a request (the payout engine, the timers, --seed-admin and the tests " +
        "call them directly): nothing from src/http, types included. What they throw comes from lib/errors.ts; " +
        "what a route adds to them (a form's proof-of-work or block-list guard, a public read) lives beside " +
        "the service in its own file (pow/guard.ts, blocklist/guard.ts, health/read.ts).",
      from: { path: SERVICES },
      to: { path: "^src/http/" },
    },
    {
      name: "features-import-no-other-feature-routes",
      severity: "error",
      comment:
        "A feature's routes.ts is its HTTP face, composed only by src/app.ts. What other features need of it " +
        "lives beside it in a plain file (the block list's guard is blocklist/guard.ts), so a feature never " +
        "pulls another feature's routes (and their Elysia app) in.",
      from: { path: "^src/modules/([^/]+)/" },
      to: { path: "^src/modules/([^/]+)/routes\\.ts$", pathNot: "^src/modules/$1/" },
    },
    {
      name: "sql-only-in-repositories",
      severity: "error",
      comment:
        "A feature's SQL is all in its repository files (repository.ts, or <concern>-repository.ts when one is " +
        "too long), so a reader finds every query of a table in the feature's repositories and a " +
        "service stays rules and transactions: drizzle-orm and bun:sqlite are imported only by repositories " +
        "(the faucet's request-status.ts, the one writer of a request's state, is one), " +
        "the engine's and the simulator's stores (*-store.ts), src/db and the test harness (src/testing, a " +
        "test's own helpers *-testing.ts, tests). " +
        "The backup worker and --restore (modules/backups/copy-worker.ts, restore.ts) open database files " +
        "themselves, outside any feature's tables. Types alone (a Database parameter) may be imported anywhere.",
      from: {
        path: "^src/",
        pathNot: "(^|/)(repository|[\\w-]+-repository|[\\w-]+-store)\\.ts$|^src/modules/faucet/request-status\\.ts$|^src/db/|^src/testing/|-testing\\.ts$|\\.test\\.ts$|^src/modules/backups/(copy-worker|restore)\\.ts$",
      },
      to: { path: "(^|/)node_modules/drizzle-orm/|^drizzle-orm|^bun:sqlite$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "faucet-requests-written-by-the-faucet",
      severity: "error",
      comment:
        "A faucet request's state after it is made (approved, rejected, paid, its payout's error, its budget day, " +
        "left for a person) is written by the faucet's modules/faucet/request-status.ts alone, one named transition " +
        "each. Other features and the engine are given its functions by the composition (src/app*.ts), so they " +
        "import its types only. (src/sql-homes.test.ts fails on a statement writing faucet_requests elsewhere.)",
      from: { pathNot: "^src/modules/faucet/|^src/app[\\w-]*\\.ts$|^src/main\\.ts$|^src/testing/|\\.test\\.ts$" },
      to: { path: "^src/modules/faucet/request-status\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "web-features-import-through-index",
      severity: "error",
      comment:
        "A web feature (web/src/features/<feature>) shows other features only its index.ts: what it exports there is " +
        "what they may use, and the rest (its screens, hooks, helpers) can change without them. So a file of one feature " +
        "imports another feature's index.ts, never a file inside it.",
      from: { path: "^web/src/features/([^/]+)/" },
      to: { path: "^web/src/features/[^/]+/", pathNot: "^web/src/features/$1/|^web/src/features/[^/]+/index\\.ts$" },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment:
        "An import that resolves to no file: a typo or a file moved without its importers. (src/generated/web-assets.ts " +
        "is made by build.ts, so it may not be there yet.)",
      from: {},
      to: { couldNotResolve: true, pathNot: "(^|/)generated/web-assets(\\.ts)?$" },
    },
  ],
  options: {
    // The sources, not the build: the generated asset table and the web build are outputs.
    exclude: { path: "^src/generated/|^web/dist/" },
    doNotFollow: { path: "(^|/)node_modules/" },
    // Parse with TypeScript so `import type` is seen (and told apart as type-only).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "bun", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
    },
    skipAnalysisNotInRules: true,
  },
};
