// All SQL of the social-sharing bonus: the shares a user recorded, their bonus claims (rewards of
// type SOCIAL_SHARE) and the address a first claim gives the user. Prepared once, Drizzle's builder
// throughout.
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type Reward, rewards, socialShares, users } from "../../db/schema.ts";
import type { ClaimRow } from "./model.ts";

const p = sql.placeholder;
const s = socialShares;
const r = rewards;
export const SOCIAL_SHARE = "SOCIAL_SHARE";

export type NewClaim = Pick<Reward, "userId" | "amountDrops" | "platform" | "address" | "sharedUrl" | "sharedContent" | "createdAt">;

export function createSocialRepository(db: Db) {
  const insertShare = db.insert(s).values({ userId: p("userId"), platform: p("platform"), createdAt: p("createdAt") }).prepare();
  const lastShare = db
    .select({ platform: s.platform })
    .from(s)
    .where(and(eq(s.userId, p("userId")), gt(s.createdAt, p("since"))))
    .orderBy(desc(s.createdAt), desc(s.id))
    .limit(1)
    .prepare();
  const sharedOn = db
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.userId, p("userId")), eq(s.platform, p("platform")), gt(s.createdAt, p("since"))))
    .limit(1)
    .prepare();
  // The user's last claim for a platform since a moment that still counts (a denied one does not).
  const lastClaim = db
    .select({ createdAt: r.createdAt })
    .from(r)
    .where(and(eq(r.userId, p("userId")), eq(r.type, SOCIAL_SHARE), eq(r.platform, p("platform")), ne(r.status, "DENIED"), gt(r.createdAt, p("since"))))
    .orderBy(desc(r.createdAt))
    .limit(1)
    .prepare();
  const insertClaim = db
    .insert(r)
    .values({
      userId: p("userId"),
      type: SOCIAL_SHARE,
      amountDrops: p("amountDrops"),
      platform: p("platform"),
      address: p("address"),
      sharedUrl: p("sharedUrl"),
      // the JSON column's own encoder would store a missing content as the text 'null': the value
      // goes in as the JSON text it is, or SQL NULL
      sharedContent: sql`${p("sharedContent")}`,
      createdAt: p("createdAt"),
    })
    .returning({ id: r.id, status: r.status, amountDrops: r.amountDrops, createdAt: r.createdAt, platform: r.platform })
    .prepare();
  const setAddressIfUnset = db
    .update(users)
    .set({ xrpAddress: sql`${p("address")}` })
    .where(and(eq(users.id, p("userId")), isNull(users.xrpAddress)))
    .prepare();

  return {
    insertShare: (userId: number, platform: string, createdAt: number) => insertShare.run({ userId, platform, createdAt }),
    lastSharePlatform: (userId: number, since: number) => lastShare.get({ userId, since })?.platform ?? null,
    sharedOn: (userId: number, platform: string, since: number) => sharedOn.get({ userId, platform, since }) !== undefined,
    lastClaimAt: (userId: number, platform: string, since: number) => lastClaim.get({ userId, platform, since })?.createdAt ?? null,
    insertClaim: (claim: NewClaim): ClaimRow =>
      insertClaim.get({ ...claim, sharedContent: claim.sharedContent === null ? null : JSON.stringify(claim.sharedContent) })!,
    setAddressIfUnset: (userId: number, address: string) => setAddressIfUnset.run({ userId, address }),
  };
}
export type SocialRepository = ReturnType<typeof createSocialRepository>;
