// A phished admin password, end to end on the sandbox ledger: the password alone gets nothing done,
// and a stolen session without a fresh code cannot approve, pay, mark paid, raise a limit or
// unblock. Nothing is queued or paid until the real admin confirms with a code.
import { afterEach, expect, test } from "bun:test";
import { STEP_UP_MS, STEP_UP_REQUIRED } from "../../auth/step-up.ts";
import { totpCode } from "../../auth/totp.ts";
import { payoutBed, type PayoutBed } from "../../payouts/testing.ts";
import { randomAddress, strangerIp } from "../../testing/harness.ts";
import { LOGIN_CODE_NEEDED } from "../account/model.ts";

let bed: PayoutBed;
afterEach(() => bed?.close());

test("the password alone gets no session; a stolen session without a fresh code moves no money", async () => {
  bed = await payoutBed();
  const { t, admin } = bed;
  const setup = await t.call("POST", "/api/user/two-factor/setup", {
    cookie: admin,
    body: { password: "correct horse battery" },
  });
  const secret: string = setup.json.secret;
  expect(
    (
      await t.call("POST", "/api/user/two-factor/enable", {
        cookie: admin,
        body: { code: totpCode(secret, t.clock()) },
      })
    ).status,
  ).toBe(200);

  // the attacker has the password
  const phished = await t.call("POST", "/api/login", {
    body: { username: "admin", password: "correct horse battery" },
    ip: strangerIp(66),
  });
  expect({ status: phished.status, message: phished.json.message, cookie: phished.cookie ?? null }).toEqual({
    status: 401,
    message: LOGIN_CODE_NEEDED,
    cookie: null,
  });

  // ... or a session cookie, used after the admin's last code
  const member = await t.register("member");
  const request = await t.call("POST", "/api/faucet/request", {
    body: { address: randomAddress() },
    ip: strangerIp(67),
    headers: { "user-agent": "Mozilla/5.0" },
  });
  expect(request.status).toBe(201);
  t.db.sqlite.run("update users set xrp_address = ?, total_claimed_drops = 50000000 where id = ?", [
    randomAddress(),
    member.user.id,
  ]);
  t.db.sqlite.run(
    "insert into rewards (user_id, type, amount_drops, status, created_at) values (?, 'SOCIAL_SHARE', 5000000, 'PENDING', ?)",
    [member.user.id, t.clock()],
  );
  const claimId = (t.db.sqlite.query("select id from rewards").get() as { id: number }).id;
  const blocked = await t.call("POST", "/api/admin/blocklist", {
    cookie: admin,
    body: { kind: "address", value: randomAddress() },
  });
  t.clock.advance(STEP_UP_MS + 1);

  const stolen = admin;
  const attempts = [
    ["POST", `/api/admin/faucet/requests/${request.json.id}`, { action: "APPROVED" }],
    ["POST", `/api/admin/pay/${member.user.id}`, undefined],
    ["POST", `/api/admin/claims/${claimId}`, { status: "APPROVED" }],
    ["POST", `/api/admin/claims/${claimId}`, { status: "PAID" }],
    ["POST", "/api/admin/faucet/settings", { dailyLimit: "100000", maxAmount: "1000" }],
    ["POST", "/api/admin/faucet/settings", { autoApprove: { enabled: true, maxRiskScore: 100, maxPerDay: "100000" } }],
    ["DELETE", `/api/admin/blocklist/${blocked.json.id}`, undefined],
  ] as const;
  for (const [method, path, body] of attempts) {
    const res = await t.call(method, path, { cookie: stolen, body, ip: strangerIp(66) });
    expect({ path, status: res.status, code: res.headers.get("x-error-code"), message: res.json.message }).toEqual({
      path,
      status: 403,
      code: "STEP_UP_REQUIRED",
      message: STEP_UP_REQUIRED,
    });
  }
  const count = (sql: string) => (t.db.sqlite.query(sql).get() as { n: number }).n;
  expect(count("select count(*) as n from payouts")).toBe(0);
  expect(count("select count(*) as n from faucet_requests where status = 'PENDING'")).toBe(1);
  expect(count("select count(*) as n from rewards where status = 'PENDING'")).toBe(1);
  expect(count("select count(*) as n from block_list")).toBe(1);
  expect(count("select auto_approve_enabled as n from faucet_settings")).toBe(0);

  // the real admin confirms with a code: the approval goes out and is paid once
  t.clock.advance(30_000);
  expect(
    (await t.call("POST", "/api/user/step-up", { cookie: admin, body: { code: totpCode(secret, t.clock()) } })).status,
  ).toBe(200);
  expect(
    (
      await t.call("POST", `/api/admin/faucet/requests/${request.json.id}`, {
        cookie: admin,
        body: { action: "APPROVED" },
      })
    ).status,
  ).toBe(200);
  await bed.settle(() => count("select count(*) as n from faucet_requests where status = 'PROCESSED'") === 1);
  expect(count("select count(*) as n from payouts where status = 'paid'")).toBe(1);
}, 20_000);
