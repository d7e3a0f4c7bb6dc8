// The device id: a long-lived random id in an HttpOnly cookie, set on first contact. It lets the
// faucet's per-device limit and risk score tell visitors apart behind one IP.
import type { CookieJar } from "./cookies.ts";

export const DEVICE_COOKIE = "device";
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/;

export function deviceFromCookie(cookies: CookieJar, now: number, secure: boolean): { deviceId: string; isNew: boolean } {
  const value = cookies.get(DEVICE_COOKIE);
  if (value && DEVICE_ID.test(value)) return { deviceId: value, isNew: false };
  const deviceId = Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64url");
  cookies.set(DEVICE_COOKIE, deviceId, { httpOnly: true, sameSite: "lax", path: "/", secure, expires: new Date(now + YEAR_MS) });
  return { deviceId, isNew: true };
}
