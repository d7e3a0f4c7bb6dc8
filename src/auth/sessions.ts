// Sessions in the Lucia design: the cookie carries a random token, the database keeps only its
// SHA-256, and a session nearer its end than half its life is extended (sliding expiry). Each keeps
// where it signed in from, where and when it was last used (a user's list of sessions), and when a
// two-factor code was last entered in it (the step-up money actions need).
// Where: a session used from a network (IPv6 /48, IPv4 /24) or a device ("Firefox on Windows")
// that is neither the one it began on nor one its owner confirmed with a code in it is used
// elsewhere (a stolen cookie): it keeps where and since when, its step-up is cleared, and the
// owner's next code, entered there, makes the place known to it (docs/decisions.md).
import type { Db } from "../db/client.ts";
import type { User } from "../db/schema.ts";
import { deviceName } from "../lib/device-name.ts";
import { ipNetworks } from "../lib/ip-group.ts";
import { createSessionRepository, type PlaceRow } from "./repository.ts";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
// "last seen" moves at most this often (one write a minute per active session, not per request)
export const LAST_SEEN_EVERY_MS = 60_000;
// the places a session keeps as confirmed by its owner's code, besides the one it began on (the oldest go)
export const CONFIRMED_PLACES_KEPT = 10;

export function generateSessionToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

export function sessionIdFromToken(token: string): string {
  return new Bun.CryptoHasher("sha256").update(token).digest("hex");
}

// What a session shows its user: an id that names it in the list (a prefix of the stored SHA-256 of
// its token: it opens nothing).
export const publicSessionId = (id: string) => id.slice(0, 16);

// Where a new session signs in from.
export interface SessionOrigin {
  ip: string | null;
  ipNetwork: string | null;
  deviceId: string | null;
  userAgent: string | null;
  // a two-factor code was entered with the password
  withCode: boolean;
}

export interface SessionInfo {
  id: string;
  steppedUpAt: number | null;
  // used from a place neither begun on nor confirmed with a code since (its step-up was cleared)
  elsewhere: boolean;
}

// Where a request comes from.
export interface RequestPlace {
  ip: string;
  userAgent: string | null;
}

// A session just found used elsewhere (its first such use since it began or was last confirmed).
export interface UsedElsewhere {
  ip: string;
  network: string;
  userAgent: string | null;
  otherNetwork: boolean;
  otherDevice: boolean;
  // where it began
  createdNetwork: string | null;
  createdUserAgent: string | null;
}

export interface ValidSession {
  user: User;
  session: SessionInfo;
  expiresAt: number;
  // true when the expiry moved and the cookie must be sent again
  refreshed: boolean;
  // set by this request: the session is now used elsewhere
  movedElsewhere: UsedElsewhere | null;
}

// A session's network: its IPv6 /48 or IPv4 /24, whatever the IPv4 grouping setting.
const networkOf = (ip: string) => ipNetworks(ip, "subnet").network;
const placeOf = ({ ip, userAgent }: RequestPlace): PlaceRow => ({ ip, network: networkOf(ip), userAgent });

// The places a session knows: the one it began on and those confirmed with a code in it.
interface KnownPlaces {
  ipNetwork: string | null;
  userAgent: string | null;
  confirmedNetworks: string[] | null;
  confirmedUserAgents: string[] | null;
}
const knownNetwork = (s: KnownPlaces, network: string) =>
  s.ipNetwork === network || (s.confirmedNetworks ?? []).includes(network);
const knownDevice = (s: KnownPlaces, userAgent: string | null) => {
  const device = deviceName(userAgent);
  return (
    deviceName(s.userAgent) === device || (s.confirmedUserAgents ?? []).some((known) => deviceName(known) === device)
  );
};
const kept = (list: string[] | null, added: string) =>
  [...(list ?? []).filter((v) => v !== added), added].slice(-CONFIRMED_PLACES_KEPT);

export type SessionService = ReturnType<typeof createSessionService>;

export function createSessionService({ db, clock }: { db: Db; clock: () => number }) {
  const repo = createSessionRepository(db);

  return {
    create(userId: number, origin: SessionOrigin | null = null): { token: string; expiresAt: number } {
      const token = generateSessionToken();
      const now = clock();
      const expiresAt = now + SESSION_LIFETIME_MS;
      repo.insert({
        id: sessionIdFromToken(token),
        userId,
        expiresAt,
        ip: origin?.ip ?? null,
        ipNetwork: origin?.ipNetwork ?? null,
        deviceId: origin?.deviceId ?? null,
        userAgent: origin?.userAgent ?? null,
        lastSeenAt: now,
        lastIp: origin?.ip ?? null,
        lastIpNetwork: origin?.ipNetwork ?? null,
        lastUserAgent: origin?.userAgent ?? null,
        steppedUpAt: origin?.withCode ? now : null,
        createdAt: now,
      });
      return { token, expiresAt };
    },

    // The session of a token, used now from `from`: written at most once a minute (last seen, last
    // used, a slid expiry), and at once when used from a place new to it.
    validate(token: string, from: RequestPlace): ValidSession | null {
      if (token.length < 20 || token.length > 100) return null;
      const id = sessionIdFromToken(token);
      const row = repo.find(id);
      if (!row) return null;
      const now = clock();
      if (now >= row.expiresAt) {
        repo.remove(id);
        return null;
      }
      const slide = row.expiresAt - now < SESSION_LIFETIME_MS / 2;
      const expiresAt = slide ? now + SESSION_LIFETIME_MS : row.expiresAt;
      const place = placeOf(from);
      const otherNetwork = !knownNetwork(row, place.network);
      const otherDevice = !knownDevice(row, place.userAgent);
      // a place it is not known on, other than the one it was last found elsewhere at
      const newPlace =
        (otherNetwork || otherDevice) &&
        (row.elsewhereAt === null ||
          row.elsewhereIpNetwork !== place.network ||
          deviceName(row.elsewhereUserAgent) !== deviceName(place.userAgent));
      let movedElsewhere: UsedElsewhere | null = null;
      if (newPlace) {
        repo.usedElsewhere(id, expiresAt, now, place);
        if (row.elsewhereAt === null) {
          movedElsewhere = {
            ...place,
            otherNetwork,
            otherDevice,
            createdNetwork: row.ipNetwork,
            createdUserAgent: row.userAgent,
          };
        }
      } else if (slide || row.lastSeenAt === null || now - row.lastSeenAt >= LAST_SEEN_EVERY_MS) {
        repo.touch(id, expiresAt, now, place);
      }
      const elsewhere = newPlace || row.elsewhereAt !== null;
      const session = { id, steppedUpAt: newPlace ? null : row.steppedUpAt, elsewhere };
      return { user: row.user, session, expiresAt, refreshed: slide, movedElsewhere };
    },

    // The session's user and state as stored now, without using it (nothing written): what a
    // long-open stream checks again (modules/live). Null once it ended or expired.
    holder(id: string): { user: User; session: SessionInfo } | null {
      const row = repo.find(id);
      if (!row || clock() >= row.expiresAt) return null;
      return { user: row.user, session: { id, steppedUpAt: row.steppedUpAt, elsewhere: row.elsewhereAt !== null } };
    },

    // A two-factor code was just entered in this session; from `at`, a place the session now knows
    // (and is no longer elsewhere: its owner was there).
    stepUp(sessionId: string, at: RequestPlace | null = null): number {
      const now = clock();
      const row = at ? repo.find(sessionId) : undefined;
      if (!at || !row) {
        repo.setSteppedUp(sessionId, now);
        return now;
      }
      const place = placeOf(at);
      const networks = knownNetwork(row, place.network)
        ? (row.confirmedNetworks ?? [])
        : kept(row.confirmedNetworks, place.network);
      const userAgents = knownDevice(row, place.userAgent)
        ? (row.confirmedUserAgents ?? [])
        : kept(row.confirmedUserAgents, place.userAgent ?? "");
      repo.confirmPlace(sessionId, now, networks, userAgents);
      return now;
    },

    // The user's sessions, last seen first.
    list: (userId: number) => repo.listForUser(userId, clock()),

    // Ends the user's session named by its public id; false when they have none by that id.
    end(userId: number, publicId: string): boolean {
      if (!/^[0-9a-f]{16}$/.test(publicId)) return false;
      return repo.removeByPublicId(userId, publicId);
    },

    // Ends every session of the user but `keepId`; answers how many.
    endOthers: (userId: number, keepId: string): number => repo.removeOthers(userId, keepId),

    invalidate(token: string): void {
      repo.remove(sessionIdFromToken(token));
    },

    // every session of the user ended; how many there were
    invalidateAllForUser: (userId: number): number => repo.removeAllForUser(userId),
  };
}
