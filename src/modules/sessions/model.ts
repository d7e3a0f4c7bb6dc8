// A user's sessions and the admins' sign-ins, as the API shows them.
import { publicSessionId } from "../../auth/sessions.ts";
import { iso } from "../../lib/time.ts";
import { notFound } from "../../lib/errors.ts";
import type { SignInRow } from "./repository.ts";

export const SESSION_NOT_FOUND = "Session not found";
export const SIGN_INS_SHOWN = 20;
export const sessionErrors = { notFound: () => notFound(SESSION_NOT_FOUND) };

// "Firefox on Windows" from a user agent: enough to recognise one's own devices in a list.
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = [
    ["Edg/", "Edge"],
    ["OPR/", "Opera"],
    ["Firefox/", "Firefox"],
    ["Chrome/", "Chrome"],
    ["Safari/", "Safari"],
    ["curl/", "curl"],
  ].find(([mark]) => userAgent.includes(mark!))?.[1];
  const system = [
    ["Windows", "Windows"],
    ["Android", "Android"],
    ["iPhone", "iOS"],
    ["iPad", "iOS"],
    ["Mac OS X", "macOS"],
    ["CrOS", "ChromeOS"],
    ["Linux", "Linux"],
  ].find(([mark]) => userAgent.includes(mark!))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "Unknown device";
}

export interface SessionRow {
  id: string;
  ip: string | null;
  deviceId: string | null;
  userAgent: string | null;
  lastSeenAt: number | null;
  createdAt: number;
}

export const sessionView = (s: SessionRow, currentId: string | null) => ({
  id: publicSessionId(s.id),
  current: s.id === currentId,
  ip: s.ip,
  device: deviceName(s.userAgent),
  userAgent: s.userAgent,
  createdAt: iso(s.createdAt),
  lastSeenAt: iso(s.lastSeenAt ?? s.createdAt),
});

export interface SignInDetails {
  network: string | null;
  deviceId: string | null;
  userAgent: string | null;
  withCode: boolean;
  newNetwork: boolean;
  newDevice: boolean;
}

export function signInView(row: SignInRow) {
  let details: Partial<SignInDetails> = {};
  try {
    details = row.details ? (JSON.parse(row.details) as Partial<SignInDetails>) : {};
  } catch {}
  return {
    id: row.id,
    username: row.actor_name,
    ip: row.ip_address,
    network: details.network ?? null,
    device: deviceName(details.userAgent ?? null),
    withCode: details.withCode ?? false,
    newNetwork: details.newNetwork ?? false,
    newDevice: details.newDevice ?? false,
    createdAt: iso(row.created_at),
  };
}
