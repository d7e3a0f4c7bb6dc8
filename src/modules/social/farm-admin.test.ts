// What an account farm's bonus claims tell the admin: where each came from, its risk score, the
// user's file.
import { describe, expect, test } from "bun:test";
import { randomAddress } from "../../testing/harness.ts";
import { account, admin, claim, DAY, HIGH, HOUR, t, newSiteEachTest } from "./farm-testing.ts";

newSiteEachTest();

describe("what a claim tells the admin", () => {
  test("a lone honest user's first claim: its IP, network and device, a low risk score; the admin's lists show them", async () => {
    const user = await account("198.51.100.30");
    t.clock.advance(2 * DAY);
    const address = randomAddress();
    const res = await claim(user, "Twitter", address, "2001:db8:aa:bb::5");
    expect(res.status).toBe(201);
    const deviceId = user.cookie("device");
    expect(deviceId).toBeString();
    const listed = (await admin.get("/api/admin/claims")).json.pendingRewards;
    expect(listed).toEqual([
      expect.objectContaining({
        id: res.json.id,
        address,
        ip: "2001:db8:aa:bb::5",
        ipNetwork: "2001:db8:aa::/48",
        deviceId,
        riskScore: expect.any(Number),
        riskReasons: expect.any(Array),
      }),
    ]);
    expect(listed[0].riskScore).toBeLessThan(20);
    expect(listed[0].riskReasons).toEqual(["account less than 7 days old", "the faucet never paid this address"]);
    await admin.post(`/api/admin/claims/${res.json.id}`, { status: "APPROVED" });
    const processed = (await admin.get("/api/admin/processed-claims")).json.processedClaims;
    expect(processed[0]).toMatchObject({
      id: res.json.id,
      ip: "2001:db8:aa:bb::5",
      ipNetwork: "2001:db8:aa::/48",
      deviceId,
      riskScore: listed[0].riskScore,
      riskReasons: listed[0].riskReasons,
    });
  });

  test("a farm's claims score high: accounts from one /48 claiming to one address, and accounts from many networks claiming from one device", async () => {
    // six accounts from 6 /64s of one /48, over two hours (5 an hour), each on its own device
    const farm = [];
    for (let i = 0; i < 6; i++) {
      if (i === 5) t.clock.advance(HOUR);
      farm.push(await account(`2001:db8:f00:${i + 1}::1`, `farm-a-device-0000000000${i}`));
    }
    t.clock.advance(DAY);
    const address = randomAddress();
    const scores: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await claim(farm[i]!, "Twitter", address, `203.0.113.${i + 1}`);
      expect(res.status).toBe(201);
      scores.push(res.json.id);
    }
    // accounts registered one per network (as a farm rotating networks), all claiming from one browser
    const rotating = [];
    for (let i = 0; i < 3; i++) rotating.push(await account(`${60 + i}.9.9.9`, `farm-b-device-0000000000${i}`));
    t.clock.advance(DAY);
    const farmBrowser = "farm-b-claiming-browser-0000001";
    const other = randomAddress();
    for (const member of rotating) {
      await member.post("/api/social/share", { platform: "Facebook" });
      const res = await member.post(
        "/api/social/bonus-request",
        { address: other, platform: "Facebook" },
        { headers: { cookie: `session=${member.cookie("session")}; device=${farmBrowser}` } },
      );
      expect(res.status).toBe(201);
      scores.push(res.json.id);
    }
    const byId = new Map<number, { riskScore: number; riskReasons: string[] }>(
      (await admin.get("/api/admin/claims")).json.pendingRewards.map((r: { id: number }) => [r.id, r]),
    );
    const score = (id: number) => byId.get(id)!;
    console.log(
      `social bonus farm: claims scored ${scores.map((id) => score(id).riskScore).join(", ")} (one /48 to one address; then many networks from one device)`,
    );
    for (const id of scores.slice(0, 3)) {
      expect(score(id).riskScore).toBeGreaterThanOrEqual(HIGH);
      expect(score(id).riskReasons.join("; ")).toContain("accounts registered from this account's network in 7 days");
    }
    // the rotating farm's first claim looks like anyone's; each later one is high
    for (const id of scores.slice(4)) {
      expect(score(id).riskScore).toBeGreaterThanOrEqual(HIGH);
      expect(score(id).riskReasons.join("; ")).toContain("from this device");
    }
  });

  test("the user file: where an account that only registered and claimed was seen, its registration, its risk", async () => {
    const user = await account("198.51.100.40", "registration-device-000000000001");
    // another account from the same registration network, and one claiming to the same address
    const neighbour = await account("198.51.100.41");
    t.clock.advance(DAY);
    const address = randomAddress();
    expect((await claim(user, "Twitter", address, "203.0.113.50")).status).toBe(201);
    expect((await claim(neighbour, "Twitter", address)).status).toBe(201);
    const claimDevice = user.cookie("device");
    const file = (await admin.get(`/api/admin/users/${user.id}`)).json;
    expect(file.registration).toEqual({ ipNetwork: "198.51.100.0/24", deviceId: "registration-device-000000000001" });
    expect(file.ipsSeen).toEqual([
      { ip: "203.0.113.50", count: 1, lastSeen: new Date(t.clock()).toISOString() },
      { ip: "198.51.100.0/24", count: 1, lastSeen: new Date(t.clock() - DAY).toISOString() },
    ]);
    expect(file.devicesSeen).toEqual([
      { deviceId: claimDevice, count: 1, lastSeen: new Date(t.clock()).toISOString() },
      { deviceId: "registration-device-000000000001", count: 1, lastSeen: new Date(t.clock() - DAY).toISOString() },
    ]);
    expect(file.riskScore).toBeGreaterThanOrEqual(20);
    expect(file.riskReasons).toEqual(
      expect.arrayContaining([
        expect.stringContaining("from this account's registration network"),
        expect.stringContaining("claimed to this account's addresses"),
      ]),
    );
    // a user nobody shares anything with
    const alone = (await admin.get(`/api/admin/users/${(await account("192.0.2.77")).id}`)).json;
    expect(alone).toMatchObject({
      riskScore: 0,
      riskReasons: [],
      registration: { ipNetwork: "192.0.2.0/24", deviceId: expect.any(String) },
    });
    expect(alone.devicesSeen).toHaveLength(1);
  });
});
