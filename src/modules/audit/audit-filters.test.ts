// The audit log as an operator reads it, over real HTTP: a settings change with its values before and
// after in words, the log narrowed by action, admin and day, and the same entries as a CSV.
import { afterEach, expect, test } from "bun:test";
import { totpCode } from "../../auth/totp.ts";
import { testApp, type TestApp } from "../../testing/harness.ts";
import { queryPlan, recordStatements, type StatementLog } from "../../testing/statements.ts";

let t: TestApp;
afterEach(() => t.close());

const DAY = 86_400_000;

test("a settings change shows what it changed, before and after; the log filters by action, admin and day, and downloads as CSV", async () => {
  t = testApp();
  const url = t.listen();
  const alice = (await t.registerAdmin("alice")).cookie;
  const bob = (await t.registerAdmin("bob")).cookie;
  const json = { "content-type": "application/json" };
  const save = (cookie: string, body: object) =>
    fetch(`${url}/api/admin/faucet/settings`, {
      method: "POST",
      headers: { ...json, cookie },
      body: JSON.stringify(body),
    });
  expect((await save(alice, { dailyLimit: "200", ipGrouping: "address" })).status).toBe(200);
  t.clock.advance(DAY);
  expect((await save(bob, { enabled: false })).status).toBe(200);
  const log = async (query = "") =>
    (await (await fetch(`${url}/api/admin/audit-log${query}`, { headers: { cookie: alice } })).json()) as any;

  const all = await log();
  expect(all.entries.map((e: { actorName: string; actionText: string }) => [e.actorName, e.actionText])).toEqual([
    ["bob", "Changed the faucet settings"],
    ["alice", "Changed the faucet settings"],
    ["bob", "Signed in"],
    ["alice", "Signed in"],
  ]);
  expect(all.entries[1]).toMatchObject({
    action: "faucet_settings.update",
    target: "Faucet settings",
    changes: [
      { field: "dailyLimit", label: "Daily limit (XRP)", before: "100", after: "200" },
      {
        field: "ipGrouping",
        label: "Per-IP limits count",
        before: "each IPv4 network (/24)",
        after: "each IPv4 address",
      },
    ],
  });
  expect(all.entries[0].changes).toEqual([{ field: "enabled", label: "Faucet online", before: "yes", after: "no" }]);
  expect(all.filters).toEqual({
    actions: [
      { value: "admin.sign_in", label: "Signed in" },
      { value: "faucet_settings.update", label: "Changed the faucet settings" },
    ],
    admins: ["alice", "bob"],
  });

  // narrowed: one action, one admin, one day (UTC, both ends included)
  const ids = (page: { entries: { actorName: string; action: string }[] }) =>
    page.entries.map((e) => `${e.actorName} ${e.action}`);
  expect(ids(await log("?action=faucet_settings.update"))).toEqual([
    "bob faucet_settings.update",
    "alice faucet_settings.update",
  ]);
  expect(ids(await log("?admin=bob"))).toEqual(["bob faucet_settings.update", "bob admin.sign_in"]);
  const firstDay = new Date(t.clock() - DAY).toISOString().slice(0, 10);
  expect(ids(await log(`?from=${firstDay}&to=${firstDay}&action=faucet_settings.update`))).toEqual([
    "alice faucet_settings.update",
  ]);
  expect(ids(await log(`?admin=carol`))).toEqual([]);

  // a date that is not one: a clear 400
  const bad = await fetch(`${url}/api/admin/audit-log?from=yesterday`, { headers: { cookie: alice } });
  expect(bad.status).toBe(400);
  expect(await bad.json()).toEqual({ message: "from must be a date such as 2026-01-31" });

  // the CSV: the same filter, a header and one row an entry, the change in words
  const csv = await fetch(`${url}/api/admin/audit-log/csv?action=faucet_settings.update`, {
    headers: { cookie: alice },
  });
  expect(csv.status).toBe(200);
  expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(csv.headers.get("content-disposition")).toBe('attachment; filename="audit-log.csv"');
  const lines = (await csv.text()).trimEnd().split("\r\n");
  expect(lines[0]).toBe("id,when,admin,action,action_code,target,changes,details,ip");
  expect(lines).toHaveLength(3);
  expect(lines[2]).toContain(
    ",alice,Changed the faucet settings,faucet_settings.update,Faucet settings,Daily limit (XRP): 100 -> 200; Per-IP limits count: each IPv4 network (/24) -> each IPv4 address,,203.0.113.7",
  );

  // admins only
  expect((await fetch(`${url}/api/admin/audit-log/csv`)).status).toBe(401);
  const member = (await t.register("member")).cookie;
  expect((await fetch(`${url}/api/admin/audit-log/csv`, { headers: { cookie: member } })).status).toBe(403);
});

test("the Admin filter offers the admins who acted, not a user whose own step the log records", async () => {
  t = testApp();
  const { cookie: admin } = await t.registerAdmin("alice");
  const user = await t.register("carol");
  const setup = await t.call("POST", "/api/user/two-factor/setup", {
    cookie: user.cookie,
    body: { password: "correct horse battery" },
  });
  const code = totpCode(setup.json.secret, t.clock());
  expect((await t.call("POST", "/api/user/two-factor/enable", { cookie: user.cookie, body: { code } })).status).toBe(
    200,
  );
  const page = (await t.call("GET", "/api/admin/audit-log", { cookie: admin })).json;
  // the log holds carol's step, the filter does not offer her
  expect(page.entries.map((e: { actorName: string; action: string }) => [e.actorName, e.action])).toContainEqual([
    "carol",
    "two_factor.enable",
  ]);
  expect(page.filters.admins).toEqual(["alice"]);
});

test("a filter by action or by admin reads through its index", async () => {
  let log: StatementLog | undefined;
  t = testApp({ onDatabase: (db) => (log = recordStatements(db.sqlite)) });
  const { cookie } = await t.registerAdmin("alice");
  const planOf = async (query: string) => {
    log!.clear();
    expect((await t.call("GET", `/api/admin/audit-log${query}`, { cookie })).status).toBe(200);
    const read = log!.taken().find((sql) => sql.includes('from "audit_log" where'))!;
    return queryPlan(t.db.sqlite, read).join("\n");
  };
  expect(await planOf("?action=faucet_settings.update")).toContain("USING INDEX audit_log_action");
  expect(await planOf("?admin=alice")).toContain("USING INDEX audit_log_actor");
});
