// What the tests of guessed codes share (code-guesses.test.ts, throttle-locks.test.ts): turning
// two-factor sign-in on without checking its setup's answer, the IPs of many /48s, and a refusal's
// Retry-After.
import { expect } from "bun:test";
import { totpCode } from "../../auth/totp.ts";
import type { TestApp } from "../../testing/harness.ts";

// Turns two-factor sign-in on for the session's user; answers its secret and recovery codes.
export async function turnOn(app: TestApp, cookie: string) {
  const setup = await app.call("POST", "/api/user/two-factor/setup", {
    cookie,
    body: { password: "correct horse battery" },
  });
  const enable = await app.call("POST", "/api/user/two-factor/enable", {
    cookie,
    body: { code: totpCode(setup.json.secret, app.clock()) },
  });
  expect(enable.status).toBe(200);
  return { secret: setup.json.secret as string, recoveryCodes: enable.json.recoveryCodes as string[] };
}
// an IP of the n-th of many IPv6 /48s
export const network48 = (n: number) =>
  `2001:db8:${(n >> 16).toString(16)}${(n & 0xffff).toString(16).padStart(4, "0")}::1`;
export const retryAfter = (res: { headers: Headers }) => Number(res.headers.get("retry-after"));
