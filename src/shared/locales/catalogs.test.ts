// The catalogs: every language has every English key of every namespace, no empty message, the same
// ICU arguments and tags as the English one, and the glossary's word where the English says a term;
// every key is used by the code (by its literal id), and named after its namespace.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../languages.ts";

const root = join(import.meta.dir, "../../..");
const localesDir = import.meta.dir;
type Catalog = Record<string, string>;

const namespaces = readdirSync(join(localesDir, DEFAULT_LANGUAGE))
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.slice(0, -5))
  .sort();
const catalog = (language: string, namespace: string): Catalog =>
  JSON.parse(readFileSync(join(localesDir, language, `${namespace}.json`), "utf8"));

// A message's arguments ({name}, {count, plural}) and element tags (<0>), sorted. Compiled, a message
// is its text and arguments in order; an argument is [name, type?, options?], each option a message.
function shape(message: string): string[] {
  const found = new Set<string>();
  const walk = (parts: unknown): void => {
    for (const part of Array.isArray(parts) ? parts : [parts]) {
      if (typeof part === "string") {
        for (const [, tag] of part.matchAll(/<\/?(\d+)\/?>/g)) found.add(`<${tag}>`);
        continue;
      }
      const [name, type, options] = part as [string, string?, Record<string, unknown>?];
      found.add(`{${name}${type ? `, ${type}` : ""}}`);
      // (a plural's options: each form's message, and `offset`, undefined without one)
      if (options && typeof options === "object")
        for (const value of Object.values(options)) if (value !== undefined) walk(value);
    }
  };
  walk(compileMessage(message));
  return [...found].sort();
}

// The glossary of a language: English term -> what its messages must contain.
function glossary(language: string): [term: string, says: string][] {
  const text = readFileSync(join(root, "docs/glossary", `${language}.md`), "utf8");
  return [...text.matchAll(/^\| ([a-z ]+) \| [^|]+ \| ([^|]+) \|$/gm)].map((m) => [m[1]!.trim(), m[2]!.trim()]);
}

const english = Object.fromEntries(namespaces.map((n) => [n, catalog(DEFAULT_LANGUAGE, n)]));

describe("the catalogs", () => {
  test("every English key is named after its namespace, with a message that compiles", () => {
    for (const namespace of namespaces)
      for (const [id, message] of Object.entries(english[namespace]!)) {
        expect(id.startsWith(`${namespace}.`) ? id : `${id} (in ${namespace}.json)`).toBe(id);
        expect(message.trim().length > 0 ? id : `${id} is empty`).toBe(id);
        expect(() => compileMessage(message)).not.toThrow();
      }
  });

  for (const { code } of LANGUAGES.filter((l) => l.code !== DEFAULT_LANGUAGE)) {
    test(`${code}: every key, none empty, the same arguments and tags, the glossary's words`, () => {
      const terms = glossary(code);
      expect(terms.length).toBeGreaterThan(0);
      const problems: string[] = [];
      for (const namespace of namespaces) {
        const translated = catalog(code, namespace);
        for (const [id, message] of Object.entries(english[namespace]!)) {
          const said = translated[id];
          if (said === undefined || said.trim() === "") {
            problems.push(`${id}: missing`);
            continue;
          }
          if (shape(said).join(" ") !== shape(message).join(" "))
            problems.push(`${id}: arguments ${shape(said).join(" ")} instead of ${shape(message).join(" ")}`);
          for (const [term, says] of terms)
            if (new RegExp(`\\b${term}`, "i").test(message) && !said.toLowerCase().includes(says.toLowerCase()))
              problems.push(`${id}: says "${term}" without "${says}"`);
        }
        for (const id of Object.keys(translated))
          if (!(id in english[namespace]!)) problems.push(`${id}: not in the English ${namespace}.json`);
      }
      expect(problems).toEqual([]);
    });
  }

  test("every key is used by the code, by its literal id", () => {
    const sources: string[] = [];
    const read = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== "generated" && entry.name !== "locales" && entry.name !== "node_modules") read(path);
        } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
          sources.push(readFileSync(path, "utf8"));
      }
    };
    read(join(root, "src"));
    read(join(root, "web/src"));
    const code = sources.join("\n");
    const unused = namespaces.flatMap((n) => Object.keys(english[n]!)).filter((id) => !code.includes(`"${id}"`));
    expect(unused).toEqual([]);
  });
});
