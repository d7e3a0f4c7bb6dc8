// A user's sessions and the admins' sign-ins, as the API shows them.
import { publicSessionId } from "../../auth/sessions.ts";
import { deviceName } from "../../lib/device-name.ts";
import { iso } from "../../lib/time.ts";
import { notFound } from "../../lib/errors.ts";
import { SESSION_ELSEWHERE_ACTION, type SignInRow } from "./repository.ts";

export const SESSION_NOT_FOUND = "Session not found";
export const SESSION_ENDED = "Session ended";
export const SESSION_ENDED_HERE = "Session ended: you are logged out";
export const SIGN_INS_SHOWN = 20;
export const sessionErrors = { notFound: () => notFound(SESSION_NOT_FOUND) };

export interface SessionRow {
  id: string;
  ip: string | null;
  ipNetwork: string | null;
  deviceId: string | null;
  userAgent: string | null;
  lastSeenAt: number | null;
  lastIp: string | null;
  lastIpNetwork: string | null;
  lastUserAgent: string | null;
  elsewhereIp: string | null;
  elsewhereIpNetwork: string | null;
  elsewhereUserAgent: string | null;
  elsewhereAt: number | null;
  createdAt: number;
}

// A session's place: where it began, was last used, or is used elsewhere.
const placeView = (ip: string | null, network: string | null, userAgent: string | null) => ({
  ip,
  network,
  device: deviceName(userAgent),
  userAgent,
});

// `network`, `device`: where it began; `lastUsed`: where it was last used; `elsewhere`: where it was
// used from a network or device neither begun on nor confirmed with a code since (null when not),
// with which of the two differs from where it began.
export const sessionView = (s: SessionRow, currentId: string | null) => ({
  id: publicSessionId(s.id),
  current: s.id === currentId,
  ip: s.ip,
  network: s.ipNetwork,
  device: deviceName(s.userAgent),
  userAgent: s.userAgent,
  createdAt: iso(s.createdAt),
  lastSeenAt: iso(s.lastSeenAt ?? s.createdAt),
  lastUsed:
    s.lastIp === null
      ? placeView(s.ip, s.ipNetwork, s.userAgent)
      : placeView(s.lastIp, s.lastIpNetwork, s.lastUserAgent),
  elsewhere:
    s.elsewhereAt === null
      ? null
      : {
          ...placeView(s.elsewhereIp, s.elsewhereIpNetwork, s.elsewhereUserAgent),
          otherNetwork: s.elsewhereIpNetwork !== s.ipNetwork,
          otherDevice: deviceName(s.elsewhereUserAgent) !== deviceName(s.userAgent),
          since: iso(s.elsewhereAt),
        },
});

// What the audit log keeps of an admin's sign-in (admin.sign_in), or of an admin's session found
// used elsewhere (admin.session_elsewhere: then `createdNetwork` and `createdUserAgent` say where it
// began, `newNetwork` / `newDevice` which of the two it was not, and `codeAsked` whether a code is
// asked for before any admin call: not of an admin without two-factor sign-in).
export interface SignInDetails {
  network: string | null;
  deviceId: string | null;
  userAgent: string | null;
  withCode: boolean;
  newNetwork: boolean;
  newDevice: boolean;
  createdNetwork?: string | null;
  createdUserAgent?: string | null;
  codeAsked?: boolean;
}

export function signInView(row: SignInRow) {
  let details: Partial<SignInDetails> = {};
  try {
    details = row.details ? (JSON.parse(row.details) as Partial<SignInDetails>) : {};
  } catch {}
  const elsewhere = row.action === SESSION_ELSEWHERE_ACTION;
  return {
    id: row.id,
    // a sign-in, or an admin's session used from a network or device it did not begin on
    kind: elsewhere ? ("used-elsewhere" as const) : ("sign-in" as const),
    username: row.actor_name,
    ip: row.ip_address,
    network: details.network ?? null,
    device: deviceName(details.userAgent ?? null),
    withCode: details.withCode ?? false,
    newNetwork: details.newNetwork ?? false,
    newDevice: details.newDevice ?? false,
    createdNetwork: elsewhere ? (details.createdNetwork ?? null) : null,
    createdDevice: elsewhere ? deviceName(details.createdUserAgent ?? null) : null,
    codeAsked: details.codeAsked ?? false,
    createdAt: iso(row.created_at),
  };
}
