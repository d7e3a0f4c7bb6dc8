// What the source tests read in a file: whether it holds SQL, and whether it writes faucet_requests.
// (docs.test.ts: routes and services hold none; sql-homes.test.ts: who writes a request, and the
// payout engine's statements in its stores.)
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dir, "../..");

// SQL: a statement's words, Drizzle's builder or `sql` tag, a prepared or raw statement.
export const holdsSql = (source: string) =>
  /\b(select\s+[\w*]|insert\s+into|delete\s+from|update\s+\w+\s+set)\b/i.test(source) ||
  /\bsql`|\.prepare\(|from "drizzle-orm|\bdb\.(select|insert|update|delete)\(|\.sqlite\.(run|query|prepare)\(/.test(
    source,
  );

// A statement that writes faucet_requests: raw (update, insert, replace, delete) or Drizzle's
// .update/.insert/.delete of the table, under its own name or a name it is given in the file
// (`const r = faucetRequests`, `faucetRequests as r`).
export function writesFaucetRequests(source: string): boolean {
  if (
    /\b(update(\s+or\s+\w+)?|(insert|replace)(\s+or\s+\w+)?\s+into|delete\s+from)\s+["`]?faucet_requests\b/i.test(
      source,
    )
  )
    return true;
  const names = new Set(["faucetRequests"]);
  for (const m of source.matchAll(/\b(?:const|let|var)\s+(\w+)\s*=\s*faucetRequests\b|\bfaucetRequests\s+as\s+(\w+)/g))
    names.add((m[1] ?? m[2])!);
  return [...names].some((name) => new RegExp(`\\.(update|insert|delete)\\(\\s*${name}\\s*\\)`).test(source));
}

// The TypeScript sources under a folder of the repository (its tests left out), by path from the root.
export function sourcesUnder(dir: string): { path: string; source: string }[] {
  return (readdirSync(join(ROOT, dir), { recursive: true }) as string[])
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => {
      const path = relative(ROOT, join(ROOT, dir, name));
      return { path, source: readFileSync(join(ROOT, path), "utf8") };
    });
}
