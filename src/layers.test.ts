// The project's structure, checked in `npm test`: the layer rules of .dependency-cruiser.cjs (no import
// cycle; the web bundle imports only types from the server, values from src/shared only; src/db imports
// no feature; the payout engine imports no route and no feature; services and repositories import no
// Elysia and nothing of src/http; no feature imports another's routes.ts; drizzle-orm and bun:sqlite
// only in repositories, stores, src/db and tests; a web feature imports another only through its
// index.ts) and the lint rules and format of biome.json. Both tools run on the sources as they are, with the bun
// that runs the tests (dependency-cruiser needs a newer Node than CI's; under bun it runs in about 2 s).
import { expect, test } from "bun:test";
import { join } from "node:path";

const root = join(import.meta.dir, "..");

// Both start at once, side by side; each test waits for its own (about 2 s for dependency-cruiser and
// 1 s for Biome on an idle machine; the limit leaves room for a busy one).
function run(args: string[]) {
  const started = performance.now();
  const child = Bun.spawn([process.execPath, ...args], {
    cwd: root,
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]).then(
    ([code, out, err]) => ({
      code,
      output: `${out}${err}`.trim(),
      ms: Math.round(performance.now() - started),
    }),
  );
}

const layers = run([
  "node_modules/dependency-cruiser/bin/dependency-cruise.mjs",
  "--config",
  ".dependency-cruiser.cjs",
  "--output-type",
  "err-long",
  "src",
  "web/src",
]);
const lint = run([
  "node_modules/@biomejs/biome/bin/biome",
  "check",
  "--colors=off",
  "--diagnostic-level=error",
  "--max-diagnostics=200",
]);

test("the layers hold: no import cycle and no import a layer rule forbids (dependency-cruiser)", async () => {
  const { code, output, ms } = await layers;
  // Each violation names its rule, the import (or the cycle) and what the rule is for.
  if (code !== 0) console.error(`dependency-cruiser (${ms} ms), exit ${code}:\n${output}`);
  expect(code).toBe(0);
  expect(output).toContain("no dependency violations found");
}, 120_000);

test("the lint rules and the format hold (biome check)", async () => {
  const { code, output, ms } = await lint;
  if (code !== 0) console.error(`biome check (${ms} ms), exit ${code}:\n${output}`);
  expect(code).toBe(0);
}, 120_000);
