// What the two-factor tests share: turning it on as the settings page does, the next step's code,
// and a login with or without a code.
import { expect } from "bun:test";
import { totpCode } from "../../auth/totp.ts";
import type { TestApp } from "../../testing/harness.ts";

export const PASSWORD = "correct horse battery";

// Turns two-factor sign-in on for the session's user, as the settings page does (with the password,
// or an admin of a server paying real XRP with the setup code --seed-admin printed).
export async function turnOn(
  app: TestApp,
  cookie: string,
  proof: { password: string } | { setupCode: string } = { password: PASSWORD },
) {
  const setup = await app.call("POST", "/api/user/two-factor/setup", { cookie, body: proof });
  expect(setup.status).toBe(200);
  const secret: string = setup.json.secret;
  expect(setup.json.uri).toStartWith("otpauth://totp/");
  expect(setup.json.qrSvg).toStartWith("<svg");
  const enable = await app.call("POST", "/api/user/two-factor/enable", {
    cookie,
    body: { code: totpCode(secret, app.clock()) },
  });
  expect(enable.status).toBe(200);
  return { secret, recoveryCodes: enable.json.recoveryCodes as string[] };
}
// the next 30 s step's code (the step just used is refused a second time)
export const nextCode = (app: TestApp, secret: string) => {
  app.clock.advance(30_000);
  return totpCode(secret, app.clock());
};
export const login = (app: TestApp, username: string, password: string, code?: string, ip = "198.51.100.7") =>
  app.call("POST", "/api/login", { body: { username, password, ...(code === undefined ? {} : { code }) }, ip });
