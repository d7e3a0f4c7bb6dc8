// All SQL of the block list, prepared once: the entries (with who added them), adding and removing
// one, and counting a refusal on an entry.
import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { blockList, users } from "../../db/schema.ts";
import type { BlockEntryRow } from "./model.ts";

const p = sql.placeholder;
const b = blockList;

export function createBlocklistRepository(db: Db) {
  const withCreator = { entry: b, createdByName: users.username };
  const all = db
    .select(withCreator)
    .from(b)
    .leftJoin(users, eq(users.id, b.createdBy))
    .orderBy(desc(b.createdAt), desc(b.id))
    .prepare();
  const byId = db
    .select(withCreator)
    .from(b)
    .leftJoin(users, eq(users.id, b.createdBy))
    .where(eq(b.id, p("id")))
    .prepare();
  // What the check holds in memory: the entries not expired at `now`.
  const active = db
    .select({ id: b.id, kind: b.kind, value: b.value, expiresAt: b.expiresAt })
    .from(b)
    .where(or(isNull(b.expiresAt), gt(b.expiresAt, p("now"))))
    .prepare();
  const activeSame = db
    .select({ id: b.id })
    .from(b)
    .where(and(eq(b.kind, p("kind")), eq(b.value, p("value")), or(isNull(b.expiresAt), gt(b.expiresAt, p("now")))))
    .limit(1)
    .prepare();
  const insert = db
    .insert(b)
    .values({
      kind: p("kind"),
      value: p("value"),
      note: p("note"),
      expiresAt: p("expiresAt"),
      createdBy: p("createdBy"),
      createdAt: p("createdAt"),
    })
    .returning({ id: b.id })
    .prepare();
  const remove = db
    .delete(b)
    .where(eq(b.id, p("id")))
    .prepare();
  const refused = db
    .update(b)
    .set({ refusals: sql`${b.refusals} + ${p("n")}`, lastRefusedAt: sql`${p("now")}` })
    .where(eq(b.id, p("id")))
    .prepare();
  const flatten = ({
    entry,
    createdByName,
  }: {
    entry: typeof b.$inferSelect;
    createdByName: string | null;
  }): BlockEntryRow => ({ ...entry, createdByName });

  return {
    all: (): BlockEntryRow[] => all.all().map(flatten),
    byId: (id: number): BlockEntryRow | undefined => {
      const row = byId.get({ id });
      return row ? flatten(row) : undefined;
    },
    active: (now: number) => active.all({ now }),
    hasActive: (kind: string, value: string, now: number) => activeSame.get({ kind, value, now }) !== undefined,
    insert: (row: {
      kind: string;
      value: string;
      note: string | null;
      expiresAt: number | null;
      createdBy: number;
      createdAt: number;
    }) => insert.get(row)!.id,
    remove: (id: number) => remove.run({ id }),
    countRefusals: (id: number, n: number, now: number) => refused.run({ id, n, now }),
  };
}
export type BlocklistRepository = ReturnType<typeof createBlocklistRepository>;
