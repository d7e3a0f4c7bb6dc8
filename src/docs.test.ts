// The newcomer's map stays true: docs/architecture.md's route table names every call the app
// registers, the routes.ts that declares it, and the service function behind it; and no route or
// service file holds SQL (it lives in the feature's repository.ts).
import { afterAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { testApp } from "./testing/harness.ts";
import { holdsSql } from "./testing/sql-scan.ts";

const ROOT = join(import.meta.dir, "..");
const t = testApp();
afterAll(() => t.close());

// `| \`GET /api/user\` | \`modules/account/routes.ts\` | \`accounts.current\` |`
const rows = new Map(
  [
    ...readFileSync(join(ROOT, "docs/architecture.md"), "utf8").matchAll(
      /^\| `([A-Z]+ [^`]+)` \| `([^`]+)` \| (.+?) \|$/gm,
    ),
  ].map((m) => [m[1], { file: m[2], service: m[3] }]),
);
// Every route the app registers; the OpenAPI document's own is Elysia's plugin, not a feature.
const calls = [
  ...new Set((t.app.routes as { method: string; path: string }[]).map((r) => `${r.method} ${r.path}`)),
].filter((call) => !/^(HEAD|OPTIONS) /.test(call) && !call.startsWith("GET /api/docs"));

describe("docs/architecture.md's route table", () => {
  test("the table was read (so the checks below cannot pass vacuously)", () => {
    expect(rows.size).toBeGreaterThan(40);
    expect(calls.length).toBeGreaterThan(40);
  });

  test("names every call the app registers", () => {
    expect(calls.filter((call) => !rows.has(call))).toEqual([]);
  });

  test("names no call the app does not have", () => {
    expect([...rows.keys()].filter((call) => !calls.includes(call))).toEqual([]);
  });

  test("each call's routes.ts exists and declares its path, and a service function is named", () => {
    const wrong = [...rows].filter(([call, row]) => {
      const path = call.split(" ")[1];
      let source = "";
      try {
        source = readFileSync(join(ROOT, "src", row.file), "utf8");
      } catch {
        return true;
      }
      return !source.includes(`"${path}"`) || !/`[\w.]+`/.test(row.service);
    });
    expect(wrong.map(([call, row]) => `${call} -> ${row.file}`)).toEqual([]);
  });

  // "one service call per handler": a feature's call names one function of its own feature's service
  // (no "a / b" branches, no other feature's service), and its routes.ts calls it. The service's
  // name in createApp is the feature's, in camelCase (or one of these, where the plain word is taken).
  const SERVICE_NAMES: Record<string, string> = { account: "accounts", exports: "csvExports", sessions: "sessionList" };
  test("each feature call names one function of its own feature's service, which its routes.ts calls", () => {
    const features = [...rows].filter(([, row]) => row.file.startsWith("modules/"));
    expect(features.length).toBeGreaterThan(40);
    const wrong = features.filter(([, row]) => {
      const feature = row.file.split("/")[1]!;
      const named = row.service.match(/^`(\w+)(?:\.(\w+))?`/);
      if (!named || / \/ `/.test(row.service)) return true;
      // a plain function (health's public read) is the feature's own file's
      if (
        named[2] !== undefined &&
        named[1] !== (SERVICE_NAMES[feature] ?? feature.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()))
      )
        return true;
      // (the formatter may break a call over lines: compared without whitespace)
      const source = readFileSync(join(ROOT, "src", row.file), "utf8").replace(/\s+/g, "");
      return !source.includes(`${named[0].replaceAll("`", "")}(`);
    });
    expect(wrong.map(([call, row]) => `${call} -> ${row.service}`)).toEqual([]);
  });
});

test("no route or service file holds SQL (it lives in the feature's repository.ts)", () => {
  const modules = join(ROOT, "src/modules");
  const files = readdirSync(modules).flatMap((feature) =>
    ["routes.ts", "service.ts"].map((name) => join(modules, feature, name)),
  );
  const read = files.flatMap((file) => {
    try {
      return [{ file, source: readFileSync(file, "utf8") }];
    } catch {
      return [];
    }
  });
  expect(read.length).toBeGreaterThan(40);
  expect(read.filter(({ source }) => holdsSql(source)).map(({ file }) => file.slice(ROOT.length + 1))).toEqual([]);
});
