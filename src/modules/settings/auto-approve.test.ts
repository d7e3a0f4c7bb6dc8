// The auto-approve settings in GET/POST /api/admin/faucet/settings: defaults, partial changes that
// keep the other fields, the refusals with their messages, the audit entry.
import { describe, expect } from "bun:test";
import { type Scenario, scenarios } from "../../testing/scenario.ts";

const SETTINGS = "/api/admin/faucet/settings";
const DEFAULTS = { enabled: false, maxRiskScore: 20, holdMinutes: 10, maxPerDay: "50" };

// A fresh app per row (its admin: 'admin'): each starts from the defaults.
const fresh = (rows: Scenario[]) => scenarios(rows);

describe("auto-approve settings", () => {
  fresh([
    {
      name: "off by default: threshold 20, a 10-minute hold, 50 XRP a day",
      method: "GET",
      url: SETTINGS,
      as: "admin",
      expectStatus: 200,
      expectJsonMatch: { autoApprove: DEFAULTS },
    },
    {
      name: "turning it on keeps the other auto-approve fields and the faucet's settings",
      method: "POST",
      url: SETTINGS,
      as: "admin",
      body: { autoApprove: { enabled: true } },
      expectStatus: 200,
      expectJsonMatch: {
        dailyLimit: "100",
        minAmount: "5",
        maxAmount: "20",
        enabled: true,
        autoApprove: { ...DEFAULTS, enabled: true },
      },
      after: async (res, { call }) => expect((await call("GET", SETTINGS)).json).toEqual(res.json),
    },
    {
      name: "every field, numbers given as text too; audited with the new values",
      method: "POST",
      url: SETTINGS,
      as: "admin",
      body: { autoApprove: { enabled: true, maxRiskScore: "35", holdMinutes: 0, maxPerDay: "12.5" } },
      expectStatus: 200,
      expectJsonMatch: { autoApprove: { enabled: true, maxRiskScore: 35, holdMinutes: 0, maxPerDay: "12.5" } },
      expectRows: [
        {
          sql: "select actor_name, action, json_extract(details, '$.autoApprove.maxPerDay') as max_per_day from audit_log order by id desc limit 1",
          equals: [{ actor_name: "admin", action: "faucet_settings.update", max_per_day: "12.5" }],
        },
      ],
    },
    {
      name: "changing another setting leaves auto-approve as it was",
      method: "POST",
      url: SETTINGS,
      as: "admin",
      body: { dailyLimit: "200" },
      expectStatus: 200,
      expectJsonMatch: { dailyLimit: "200", autoApprove: DEFAULTS },
    },
  ]);

  const refused = (name: string, body: unknown, message: string): Scenario => ({
    name: `${name} -> 400 '${message}', nothing stored`,
    method: "POST",
    url: SETTINGS,
    as: "admin",
    body,
    expectStatus: 400,
    expectJson: { message },
    expectUnchanged: [`GET ${SETTINGS}`],
  });
  const score = "autoApprove.maxRiskScore must be a whole number from 0 to 100";
  const hold = "autoApprove.holdMinutes must be a whole number from 0 to 1440";
  const perDay = "autoApprove.maxPerDay must be a positive XRP amount with at most 6 decimals";
  fresh([
    refused("a score above 100", { autoApprove: { maxRiskScore: 101 } }, score),
    refused("a negative score", { autoApprove: { maxRiskScore: -1 } }, score),
    refused("a fractional score", { autoApprove: { maxRiskScore: 2.5 } }, score),
    refused("a score as words", { autoApprove: { maxRiskScore: "low" } }, score),
    refused("a score as true", { autoApprove: { maxRiskScore: true } }, score),
    refused("a hold over a day", { autoApprove: { holdMinutes: 1441 } }, hold),
    refused("an empty hold", { autoApprove: { holdMinutes: "" } }, hold),
    refused("a cap of 0", { autoApprove: { maxPerDay: "0" } }, perDay),
    refused("a cap with 7 decimals", { autoApprove: { maxPerDay: "1.0000001" } }, perDay),
    refused("enabled as text", { autoApprove: { enabled: "yes" } }, "autoApprove.enabled must be true or false"),
    refused(
      "autoApprove as text",
      { autoApprove: "on" },
      'autoApprove must be an object such as {"enabled": true, "maxRiskScore": 20, "holdMinutes": 10, "maxPerDay": "50"}',
    ),
    refused("a bad field among good ones", { autoApprove: { enabled: true, maxRiskScore: 500 } }, score),
  ]);
});
