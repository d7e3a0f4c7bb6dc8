// All SQL of the social-sharing bonus: the shares a user recorded, their bonus claims (rewards of
// type SOCIAL_SHARE), the address a first claim gives the user, and what the weekly limits and the
// risk score count (claims per address, registration network and device; the accounts behind
// them; the accounts registered from other networks of the registration's wide network, read through
// the accounts' repository). Prepared once, Drizzle's builder throughout.
import { and, count, countDistinct, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { faucetRequests, type Reward, rewards, socialShares, users } from "../../db/schema.ts";
import { createWideRegistrationCount } from "../account/repository.ts";
import { type ClaimRow, WEEKLY_CLAIMS } from "./model.ts";

const p = sql.placeholder;
const s = socialShares;
const r = rewards;
export const SOCIAL_SHARE = "SOCIAL_SHARE";

export type NewClaim = Pick<
  Reward,
  | "userId"
  | "amountDrops"
  | "platform"
  | "address"
  | "sharedUrl"
  | "sharedContent"
  | "ip"
  | "ipNetwork"
  | "deviceId"
  | "riskScore"
  | "budgetDay"
  | "createdAt"
> & { riskReasons: string[] };

export function createSocialRepository(db: Db) {
  const insertShare = db
    .insert(s)
    .values({ userId: p("userId"), platform: p("platform"), createdAt: p("createdAt") })
    .prepare();
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
    .where(
      and(
        eq(r.userId, p("userId")),
        eq(r.type, SOCIAL_SHARE),
        eq(r.platform, p("platform")),
        ne(r.status, "DENIED"),
        gt(r.createdAt, p("since")),
      ),
    )
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
      ip: p("ip"),
      ipNetwork: p("ipNetwork"),
      deviceId: p("deviceId"),
      riskScore: p("riskScore"),
      // (Drizzle encodes the list itself: never null here)
      riskReasons: p("riskReasons"),
      budgetDay: p("budgetDay"),
      createdAt: p("createdAt"),
    })
    .returning({ id: r.id, status: r.status, amountDrops: r.amountDrops, createdAt: r.createdAt, platform: r.platform })
    .prepare();
  // The weekly limits beyond one account: the times of the newest claims that count (not denied)
  // to an address, and from the accounts registered from a network or on a device, newest first.
  const counted = and(eq(r.type, SOCIAL_SHARE), ne(r.status, "DENIED"), gt(r.createdAt, p("since")));
  const newestToAddress = db
    .select({ createdAt: r.createdAt })
    .from(r)
    .where(and(eq(r.address, p("address")), counted))
    .orderBy(desc(r.createdAt))
    .limit(WEEKLY_CLAIMS)
    .prepare();
  const newestByRegistration = (column: typeof users.ipNetwork | typeof users.deviceId) =>
    db
      .select({ createdAt: r.createdAt })
      .from(r)
      .innerJoin(users, eq(users.id, r.userId))
      .where(and(eq(column, p("key")), counted))
      .orderBy(desc(r.createdAt))
      .limit(WEEKLY_CLAIMS)
      .prepare();
  const newestFromNetwork = newestByRegistration(users.ipNetwork);
  const newestFromDevice = newestByRegistration(users.deviceId);

  // The risk score's signals: other accounts behind the same address, claim network or claim device
  // (every claim, denied ones too), accounts registered from the same network or device, and
  // whether the faucet ever paid the address.
  const accountsClaimingBy = (column: typeof r.address | typeof r.ipNetwork | typeof r.deviceId) =>
    db
      .select({ n: countDistinct(r.userId) })
      .from(r)
      .where(and(eq(column, p("key")), ne(r.userId, p("userId")), gt(r.createdAt, p("since"))))
      .prepare();
  const accountsToAddress = accountsClaimingBy(r.address);
  const accountsFromClaimNetwork = accountsClaimingBy(r.ipNetwork);
  const accountsFromClaimDevice = accountsClaimingBy(r.deviceId);
  const registeredFromNetwork = db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.ipNetwork, p("key")), ne(users.id, p("userId")), gt(users.createdAt, p("since"))))
    .prepare();
  const registeredOnDevice = db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.deviceId, p("key")), ne(users.id, p("userId"))))
    .prepare();
  const paidAddress = db
    .select({ id: faucetRequests.id })
    .from(faucetRequests)
    .where(and(eq(faucetRequests.address, p("address")), eq(faucetRequests.status, "PROCESSED")))
    .limit(1)
    .prepare();

  const setAddressIfUnset = db
    .update(users)
    .set({ xrpAddress: sql`${p("address")}` })
    .where(and(eq(users.id, p("userId")), isNull(users.xrpAddress)))
    .prepare();

  return {
    insertShare: (userId: number, platform: string, createdAt: number) =>
      insertShare.run({ userId, platform, createdAt }),
    lastSharePlatform: (userId: number, since: number) => lastShare.get({ userId, since })?.platform ?? null,
    sharedOn: (userId: number, platform: string, since: number) =>
      sharedOn.get({ userId, platform, since }) !== undefined,
    lastClaimAt: (userId: number, platform: string, since: number) =>
      lastClaim.get({ userId, platform, since })?.createdAt ?? null,
    insertClaim: (claim: NewClaim): ClaimRow =>
      insertClaim.get({
        ...claim,
        sharedContent: claim.sharedContent === null ? null : JSON.stringify(claim.sharedContent),
      })!,
    newestToAddress: (address: string, since: number): number[] =>
      newestToAddress.all({ address, since }).map((row) => row.createdAt),
    newestFromNetwork: (network: string, since: number): number[] =>
      newestFromNetwork.all({ key: network, since }).map((row) => row.createdAt),
    newestFromDevice: (deviceId: string, since: number): number[] =>
      newestFromDevice.all({ key: deviceId, since }).map((row) => row.createdAt),
    accountsToAddress: (address: string, userId: number, since: number) =>
      accountsToAddress.get({ key: address, userId, since })!.n,
    accountsFromClaimNetwork: (network: string, userId: number, since: number) =>
      accountsFromClaimNetwork.get({ key: network, userId, since })!.n,
    accountsFromClaimDevice: (deviceId: string, userId: number, since: number) =>
      accountsFromClaimDevice.get({ key: deviceId, userId, since })!.n,
    registeredFromNetwork: (network: string, userId: number, since: number) =>
      registeredFromNetwork.get({ key: network, userId, since })!.n,
    registeredOnDevice: (deviceId: string, userId: number) => registeredOnDevice.get({ key: deviceId, userId })!.n,
    registeredFromWide: createWideRegistrationCount(db),
    paidAddress: (address: string) => paidAddress.get({ address }) !== undefined,
    setAddressIfUnset: (userId: number, address: string) => setAddressIfUnset.run({ userId, address }),
  };
}
export type SocialRepository = ReturnType<typeof createSocialRepository>;
