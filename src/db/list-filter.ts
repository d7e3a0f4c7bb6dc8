// The SQL side of the admin lists' filters (lib/list-filter.ts reads them from the query string).
import { type Column, eq, gte, lt, or, type SQL, sql } from "drizzle-orm";
import type { ListFilter } from "../lib/list-filter.ts";

// "%" and "_" (and the escape itself) taken literally in a LIKE pattern escaped by "\".
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
export const containsPattern = (text: string) => `%${likeLiteral(text)}%`;

// The conditions every admin list shares, in the repositories' order: created in the range [from, to),
// then the search: digits (or #12) are an id, anything else is part of one of the `searched` columns
// (an address, name, email or hash; SQLite's LIKE ignores the case of ASCII letters).
export function rangeAndSearch(
  f: ListFilter,
  columns: { id: Column; createdAt: Column; searched: Column[] },
): (SQL | undefined)[] {
  const where: (SQL | undefined)[] = [];
  if (f.from !== null) where.push(gte(columns.createdAt, f.from));
  if (f.to !== null) where.push(lt(columns.createdAt, f.to));
  if (f.q) {
    const pattern = containsPattern(f.q);
    const id = /^#?\d{1,15}$/.test(f.q) ? Number(f.q.replace("#", "")) : null;
    where.push(
      id === null
        ? or(...columns.searched.map((column) => sql`${column} like ${pattern} escape '\\'`))
        : eq(columns.id, id),
    );
  }
  return where;
}
