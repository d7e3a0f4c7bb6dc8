// The password rule and the site's name (src/shared/password-rule.ts), over real HTTP: a password
// made of the site's words (xrp, faucet, ripple, xrpl, ledger) in any order, with digits or symbols
// around them, is refused alike. `xrpfaucet2026` and `faucetxrp123` alike.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { judgePassword, SITE_NAME_PROBLEM } from "../../shared/password-rule.ts";
import { estimate } from "../../auth/password-estimator.ts";
import { httpClient } from "../../testing/client.ts";
import { testApp, type TestApp } from "../../testing/harness.ts";

let t: TestApp;
let url: string;
beforeAll(() => {
  t = testApp();
  url = t.listen();
});
afterAll(() => t.close());

let n = 0;
// each registration from a network of its own (the new-accounts limit counts per network)
const register = (password: string) =>
  httpClient(url, { ipHeader: "x-test-ip", ip: `10.${60 + (n >> 8)}.${n++ & 255}.1` }).post("/api/register", {
    username: `ann${n}`,
    email: `ann${n}@example.com`,
    password,
  });

const SITE_WORDS_ONLY = [
  "xrpfaucet2026",
  "faucetxrp123",
  "FaucetXRP123!",
  "faucet-xrp-2026",
  "123faucetxrp",
  "xrp faucet xrp faucet",
  "Ripple_Faucet_99",
  "xrplfaucet2024",
  "faucetripple77",
  "ledgerxrpfaucet1",
  "2026!XRPL-ledger",
];

describe("POST /api/register", () => {
  test("the site's words in any order, with digits or symbols: 400 WEAK_PASSWORD, the same words for each", async () => {
    for (const password of SITE_WORDS_ONLY) {
      const res = await register(password);
      expect({ password, status: res.status, code: res.headers.get("x-error-code"), json: res.json }).toEqual({
        password,
        status: 400,
        code: "WEAK_PASSWORD",
        json: { message: SITE_NAME_PROBLEM },
      });
    }
    expect((t.db.sqlite.query("select count(*) as n from users").get() as { n: number }).n).toBe(0);
  });

  test("a passphrase that only mentions the site is still taken", async () => {
    for (const password of ["purple otter runs to the xrp faucet", "my faucet is a quiet green lamp"]) {
      const res = await register(password);
      expect({ password, status: res.status }).toEqual({ password, status: 201 });
    }
  });
});

test("the estimator weighs the site's words alike in either order inside a longer password", () => {
  const owner = { username: "ann", email: "ann@example.com" };
  for (const [a, b] of [
    ["xrpfaucet", "faucetxrp"],
    ["ripplefaucet", "faucetripple"],
  ] as const) {
    const first = judgePassword(`${a}dog7`, owner, estimate);
    const second = judgePassword(`${b}dog7`, owner, estimate);
    expect({ a, b, same: first.score === second.score && first.problem === second.problem }).toEqual({
      a,
      b,
      same: true,
    });
  }
});
