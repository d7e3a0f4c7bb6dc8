// Every setting that weakens an anti-farm limit needs a fresh two-factor code, as the
// budget does, and auto-approve's values need one whether it is on or off (a loose value set while
// it is off would be turned on later by an honest "on"). One row per setting and direction, each on
// a fresh app whose admin has two-factor sign-in and whose last code is older than 5 minutes (a
// stolen session); the setting starts where `before` puts it (set while the code was fresh).
import { describe, expect } from "bun:test";
import { STEP_UP_MS, STEP_UP_REQUIRED } from "../../auth/step-up.ts";
import { totpCode } from "../../auth/totp.ts";
import type { TestApp } from "../../testing/harness.ts";
import { type Scenario, scenarios } from "../../testing/scenario.ts";

const SETTINGS = "/api/admin/faucet/settings";

// The app's admin turns two-factor sign-in on (the session counts as confirmed for 5 minutes), sets
// `before` while it does, and is then past the 5 minutes.
const staleAdmin = (before?: Record<string, unknown>) => async (t: TestApp) => {
  const { cookie } = await t.signIn("admin");
  const setup = await t.call("POST", "/api/user/two-factor/setup", {
    cookie,
    body: { password: "correct horse battery" },
  });
  expect(
    (
      await t.call("POST", "/api/user/two-factor/enable", {
        cookie,
        body: { code: totpCode(setup.json.secret, t.clock()) },
      })
    ).status,
  ).toBe(200);
  if (before) expect((await t.call("POST", SETTINGS, { cookie, body: before })).status).toBe(200);
  t.clock.advance(STEP_UP_MS + 1);
};

const loosens = (name: string, body: Record<string, unknown>, before?: Record<string, unknown>): Scenario => ({
  name: `${name}: 403 STEP_UP_REQUIRED, nothing stored`,
  method: "POST",
  url: SETTINGS,
  as: "admin",
  body,
  setup: staleAdmin(before),
  expectStatus: 403,
  expectJson: { message: STEP_UP_REQUIRED },
  expectHeaders: { "x-error-code": "STEP_UP_REQUIRED" },
  expectUnchanged: [`GET ${SETTINGS}`, "select count(*) from audit_log where action = 'faucet_settings.update'"],
});
const tightens = (
  name: string,
  body: Record<string, unknown>,
  expected: Record<string, unknown>,
  before?: Record<string, unknown>,
): Scenario => ({
  name: `${name}: no code needed`,
  method: "POST",
  url: SETTINGS,
  as: "admin",
  body,
  setup: staleAdmin(before),
  expectStatus: 200,
  expectJsonMatch: expected,
});

const AUTO_ON = { autoApprove: { enabled: true } };

describe("POST /api/admin/faucet/settings with a session whose last code is older than 5 minutes", () => {
  scenarios([
    // the anti-farm limits (a fresh install's: 5 accounts an hour and 20 a day per network, subnet
    // grouping, a bonus needs a 24-hour-old account; the tests' apps start without proof of work)
    loosens("a lower proof of work", { powDifficulty: 1000 }, { powDifficulty: 2000 }),
    loosens("the proof of work off", { powDifficulty: 0 }, { powDifficulty: 2000 }),
    loosens("more new accounts an hour", { accountsPerHour: 6 }),
    loosens("more new accounts a day", { accountsPerDay: 21 }),
    loosens("IPv4 addresses counted alone (ipGrouping: address)", { ipGrouping: "address" }),
    loosens("a younger account may claim a bonus", { bonusMinAccountAgeHours: 0 }),
    // auto-approve, off (its default) ...
    loosens("auto-approve off: a higher risk score", { autoApprove: { maxRiskScore: 100 } }),
    loosens("auto-approve off: a shorter hold", { autoApprove: { holdMinutes: 0 } }),
    loosens("auto-approve off: a higher daily cap", { autoApprove: { maxPerDay: "100000" } }),
    loosens("auto-approve off: the pentest's loose values at once", {
      autoApprove: { maxRiskScore: 100, holdMinutes: 0, maxPerDay: "100000" },
    }),
    // ... and on
    loosens("auto-approve on: a higher risk score", { autoApprove: { maxRiskScore: 100 } }, AUTO_ON),
    loosens("auto-approve on: a shorter hold", { autoApprove: { holdMinutes: 0 } }, AUTO_ON),
    loosens("auto-approve on: a higher daily cap", { autoApprove: { maxPerDay: "100000" } }, AUTO_ON),
    loosens("auto-approve turned on", AUTO_ON),
    // the money limits, as before
    loosens("a higher daily limit", { dailyLimit: "500" }),
    loosens("a higher largest amount", { maxAmount: "40", dailyLimit: "100" }),
    loosens("a higher bonus budget", { bonusDailyLimit: "500" }),
    // and one loosening among tightenings is enough
    loosens(
      "a lower proof of work with fewer accounts",
      { powDifficulty: 10, accountsPerHour: 1, accountsPerDay: 2 },
      { powDifficulty: 2000 },
    ),
  ]);

  scenarios([
    tightens("a higher proof of work", { powDifficulty: 5000 }, { powDifficulty: 5000 }),
    tightens(
      "fewer new accounts an hour and a day",
      { accountsPerHour: 2, accountsPerDay: 10 },
      { accountsPerHour: 2, accountsPerDay: 10 },
    ),
    tightens("subnet grouping again", { ipGrouping: "subnet" }, { ipGrouping: "subnet" }, { ipGrouping: "address" }),
    tightens("an older account for a bonus", { bonusMinAccountAgeHours: 48 }, { bonusMinAccountAgeHours: 48 }),
    tightens(
      "auto-approve off: stricter values",
      { autoApprove: { maxRiskScore: 5, holdMinutes: 60, maxPerDay: "10" } },
      { autoApprove: { enabled: false, maxRiskScore: 5, holdMinutes: 60, maxPerDay: "10" } },
    ),
    tightens(
      "auto-approve on: stricter values",
      { autoApprove: { maxRiskScore: 5, holdMinutes: 60, maxPerDay: "10" } },
      { autoApprove: { enabled: true, maxRiskScore: 5, holdMinutes: 60, maxPerDay: "10" } },
      AUTO_ON,
    ),
    tightens(
      "auto-approve turned off",
      { autoApprove: { enabled: false } },
      { autoApprove: { enabled: false } },
      AUTO_ON,
    ),
    tightens(
      "the values it already has",
      {
        powDifficulty: 2000,
        accountsPerHour: 5,
        accountsPerDay: 20,
        ipGrouping: "subnet",
        bonusMinAccountAgeHours: 24,
        autoApprove: { enabled: false, maxRiskScore: 20, holdMinutes: 10, maxPerDay: "50" },
      },
      { powDifficulty: 2000 },
    ),
    tightens("a lower daily limit", { dailyLimit: "50" }, { dailyLimit: "50" }),
    {
      ...tightens(
        "perIpDaily and perDeviceDaily (not settable through the API) are ignored",
        { perIpDaily: 100, perDeviceDaily: 100 },
        {},
      ),
      expectRows: [
        {
          sql: "select per_ip_daily, per_device_daily from faucet_settings",
          equals: [{ per_ip_daily: 3, per_device_daily: 3 }],
        },
      ],
    },
  ]);
});
