// All SQL of notifications, prepared once per database: a new entry, the owner of a faucet request,
// a user's latest entries (by id: the order they were written) and unread count, marking entries read.
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { faucetRequests, notifications, type Notification, users } from "../../db/schema.ts";

const p = sql.placeholder;
const n = notifications;
export type NewNotification = Pick<
  Notification,
  "userId" | "kind" | "message" | "txHash" | "targetType" | "targetId" | "createdAt"
>;

export function createNotificationRepository(db: Db) {
  const insert = db
    .insert(n)
    .values({
      userId: p("userId"),
      kind: p("kind"),
      message: p("message"),
      txHash: p("txHash"),
      targetType: p("targetType"),
      targetId: p("targetId"),
      createdAt: p("createdAt"),
    })
    .prepare();
  const requestOwner = db
    .select({ userId: faucetRequests.userId, amountDrops: faucetRequests.amountDrops })
    .from(faucetRequests)
    .where(eq(faucetRequests.id, p("id")))
    .prepare();
  const language = db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, p("id")))
    .prepare();
  const latest = db
    .select()
    .from(n)
    .where(eq(n.userId, p("userId")))
    .orderBy(desc(n.id))
    .limit(p("limit"))
    .prepare();
  const unread = db
    .select({ n: count() })
    .from(n)
    .where(and(eq(n.userId, p("userId")), isNull(n.readAt)))
    .prepare();
  const readAll = db
    .update(n)
    .set({ readAt: sql`${p("at")}` })
    .where(and(eq(n.userId, p("userId")), isNull(n.readAt)))
    .prepare();
  // the ids go in as one JSON list (one statement for any number of them)
  const readSome = db
    .update(n)
    .set({ readAt: sql`${p("at")}` })
    .where(
      and(eq(n.userId, p("userId")), isNull(n.readAt), inArray(n.id, sql`(select value from json_each(${p("ids")}))`)),
    )
    .prepare();

  return {
    insert: (row: NewNotification) => insert.run(row),
    // The user who made a faucet request (null: an anonymous visitor) and its amount.
    requestOwner: (id: number): { userId: number | null; amountDrops: number } | undefined => requestOwner.get({ id }),
    // The language the user chose (null: none), their notifications'.
    languageOf: (userId: number): string | null => language.get({ id: userId })?.language ?? null,
    latest: (userId: number, limit: number): Notification[] => latest.all({ userId, limit }),
    unread: (userId: number): number => unread.get({ userId })!.n,
    markRead: (userId: number, ids: number[] | null, at: number) =>
      ids === null ? readAll.run({ userId, at }) : readSome.run({ userId, at, ids: JSON.stringify(ids) }),
  };
}
export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
