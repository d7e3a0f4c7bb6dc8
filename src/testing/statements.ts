// Records the SQL a database runs, so a test can read the query plan of every statement a path
// ran (`EXPLAIN QUERY PLAN`): Drizzle and the repositories both prepare through `sqlite.prepare`.
import type { Database, Statement } from "bun:sqlite";

const RUNS = ["get", "all", "run", "values", "iterate"] as const;

export interface StatementLog {
  // the SQL of the statements run since the last `clear()`, each once
  taken(): string[];
  // how many statements ran since the last `clear()` (those whose SQL holds `part`, given one)
  runs(part?: string): number;
  // how many of them ran outside a transaction (each took SQLite's read lock and left it on its own)
  outside(): number;
  clear(): void;
}

export function recordStatements(sqlite: Database): StatementLog {
  const seen = new Set<string>();
  const ran: string[] = [];
  let outside = 0;
  const wrap = (stmt: Statement, sql: string): Statement => {
    for (const name of RUNS) {
      const original = (stmt as any)[name].bind(stmt);
      (stmt as any)[name] = (...args: unknown[]) => {
        seen.add(sql);
        ran.push(sql);
        if (!sqlite.inTransaction) outside++;
        return original(...args);
      };
    }
    return stmt;
  };
  const prepare = sqlite.prepare.bind(sqlite);
  const query = sqlite.query.bind(sqlite);
  sqlite.prepare = ((sql: string, ...rest: unknown[]) =>
    wrap((prepare as any)(sql, ...rest), sql)) as typeof sqlite.prepare;
  sqlite.query = ((sql: string) => wrap(query(sql), sql)) as typeof sqlite.query;
  return {
    taken: () => [...seen],
    runs: (part) => (part === undefined ? ran.length : ran.filter((sql) => sql.includes(part)).length),
    outside: () => outside,
    clear: () => {
      seen.clear();
      ran.length = 0;
      outside = 0;
    },
  };
}

// The plan's lines for one statement (its parameters bound to null: the plan does not depend on them).
export function queryPlan(sqlite: Database, sql: string): string[] {
  const explain = sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`);
  const params = new Array(explain.paramsCount).fill(null);
  const rows = explain.all(...(params as [])) as { detail: string }[];
  explain.finalize();
  return rows.map((row) => row.detail);
}
