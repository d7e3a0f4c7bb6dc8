// The device id: a long-lived random id in an HttpOnly cookie, set with the page a browser loads first
// (or by its first faucet request or review, when it never loaded the page: a script). It lets the
// faucet's per-device limit and risk score tell visitors apart behind one IP.
import { cookieJar, type CookieJar } from "./cookies.ts";

export const DEVICE_COOKIE = "device";
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/;

export function deviceFromCookie(
  cookies: CookieJar,
  now: number,
  secure: boolean,
): { deviceId: string; isNew: boolean } {
  const value = cookies.get(DEVICE_COOKIE);
  if (value && DEVICE_ID.test(value)) return { deviceId: value, isNew: false };
  const deviceId = Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64url");
  cookies.set(DEVICE_COOKIE, deviceId, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    expires: new Date(now + YEAR_MS),
  });
  return { deviceId, isNew: true };
}

// The Set-Cookie of a new device id for a page answer, or undefined when the browser has one.
export function newDeviceCookie(request: Request, now: number, secure: boolean): string | undefined {
  const sink: { headers: Record<string, unknown> } = { headers: {} };
  if (!deviceFromCookie(cookieJar(request, sink), now, secure).isNew) return undefined;
  return (sink.headers["set-cookie"] as string[])[0];
}
