// An account farm that registers from many networks of one wide network (IPv4 /16, IPv6 /32): every
// registration accepted, the bonus claims and the admin's screens count them, and the count is capped.
import { describe, expect, test } from "bun:test";
import { randomAddress, strangerIp } from "../../testing/harness.ts";
import { queryPlan, statementsPreparedBy } from "../../testing/query-plan.ts";
import { createWideRegistrationCount } from "../account/repository.ts";
import { account, admin, claim, DAY, HIGH, t, newSiteEachTest } from "./farm-testing.ts";

newSiteEachTest();

// A farm that registers from many networks (IPv4 /24s, IPv6 /48s) of one provider (/16, /32): each
// network stays under the new-accounts limit, so every registration is accepted (the wide network
// never refuses), but the accounts' bonus claims and the admin's screens count them.
describe("registrations from many networks of one wide network (IPv4 /16, IPv6 /32)", () => {
  test.each([
    {
      name: "12 /24s of one /16",
      ip: (i: number) => `100.64.${i * 7}.9`,
      wide: "100.64.0.0/16",
      reason: "11 accounts registered from other networks of this account's /16 within 24 h of it",
    },
    {
      name: "12 /48s of one /32",
      ip: (i: number) => `2001:db8:${(i + 1).toString(16)}:5::1`,
      wide: "2001:db8::/32",
      reason: "11 accounts registered from other networks of this account's /32 within 24 h of it",
    },
    { name: "12 unrelated /16s", ip: (i: number) => strangerIp(i), wide: "11.0.0.0/16", reason: null },
  ])(
    "$name: every registration accepted; a claim, the user file and the users list count the others",
    async ({ ip, wide, reason }) => {
      const people: Awaited<ReturnType<typeof account>>[] = [];
      for (let i = 0; i < 12; i++) {
        people.push(await account(ip(i)));
        t.clock.advance(60_000);
      }
      expect(t.db.sqlite.query("select count(*) as n from users where ip_wide = ?").get(wide)).toEqual({
        n: reason ? 12 : 1,
      });
      t.clock.advance(DAY);
      const res = await claim(people[0]!, "Twitter", randomAddress(), "192.0.2.99");
      expect(res.status).toBe(201);
      const listed = (await admin.get("/api/admin/claims")).json.pendingRewards.find(
        (r: { id: number }) => r.id === res.json.id,
      );
      const file = (await admin.get(`/api/admin/users/${people[0]!.id}`)).json;
      const row = (await admin.get("/api/admin/users")).json.users.find((u: { id: number }) => u.id === people[0]!.id);
      const alone = ["account less than 7 days old", "the faucet never paid this address"];
      if (reason) {
        // the other 11 lift the score past high; the first of them is free, as for the faucet's velocity
        expect(listed.riskReasons).toEqual([reason, ...alone]);
        expect(listed.riskScore).toBeGreaterThanOrEqual(HIGH);
        expect(file.registrationWide).toEqual({ ipWide: wide, accountsFromOtherNetworks: 11 });
        expect(file.riskReasons).toEqual([reason]);
        expect(file.riskScore).toBeGreaterThanOrEqual(HIGH);
        expect(row.registration).toEqual({
          ipNetwork: expect.any(String),
          ipWide: wide,
          accountsFromOtherNetworks: 11,
        });
      } else {
        expect(listed.riskReasons).toEqual(alone);
        expect(listed.riskScore).toBe(15);
        expect(file.registrationWide).toEqual({ ipWide: wide, accountsFromOtherNetworks: 0 });
        expect(file).toMatchObject({ riskScore: 0, riskReasons: [] });
        expect(row.registration).toEqual({ ipNetwork: "11.0.0.0/24", ipWide: wide, accountsFromOtherNetworks: 0 });
      }
    },
  );

  test("the count is capped at 50: a farm of 60 networks in one /16 reads 50 at most", async () => {
    // (the 60 written straight to the table: the cap is about the read, not how the rows came)
    const user = await account("100.65.200.9");
    const insert = t.db.sqlite.prepare(
      "insert into users (username, email, password_hash, ip_group, ip_network, ip_wide, created_at) values (?, ?, 'x', ?, ?, '100.65.0.0/16', ?)",
    );
    for (let i = 0; i < 60; i++)
      insert.run(`bulk${i}`, `bulk${i}@example.com`, `100.65.${i}.0/24`, `100.65.${i}.0/24`, t.clock() - i * 60_000);
    const file = (await admin.get(`/api/admin/users/${user.id}`)).json;
    expect(file.registrationWide).toEqual({ ipWide: "100.65.0.0/16", accountsFromOtherNetworks: 50 });
    expect(file.riskReasons).toEqual([
      "at least 50 accounts registered from other networks of this account's /16 within 24 h of it",
    ]);
  });

  test("the count reads one range of the (ip_wide, created_at) index, at most 50 rows of it", () => {
    const [count, ...more] = statementsPreparedBy(t.db, () => createWideRegistrationCount(t.db));
    expect(more).toEqual([]);
    expect(count).toContain(") limit ?)");
    expect(queryPlan(t.db, count!)).toEqual([
      "CO-ROUTINE capped",
      "SEARCH users USING INDEX users_ip_wide_time (ip_wide=? AND created_at>? AND created_at<?)",
      "SCAN capped",
    ]);
  });
});
