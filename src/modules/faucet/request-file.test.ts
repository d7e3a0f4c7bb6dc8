// GET /api/admin/faucet/requests/:id: one request's file as the admin opens it from its row: the
// request as the list shows it, its address's other requests with what was paid, and what was done
// to it; admins only, a clear 400 or 404 for an id that names none.
import { afterEach, describe, expect, test } from "bun:test";
import { DAY_MS } from "../../lib/time.ts";
import { randomAddress, strangerIp, testApp, type TestApp } from "../../testing/harness.ts";
import { queryPlan, statementsPreparedBy } from "../../testing/query-plan.ts";
import { scenarios } from "../../testing/scenario.ts";
import { createRequestFileRepository } from "./request-file-repository.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const ask = (app: TestApp, address: string, n: number) =>
  app.call("POST", "/api/faucet/request", {
    body: { address },
    ip: strangerIp(n),
    headers: { "user-agent": "Mozilla/5.0" },
  });

describe("GET /api/admin/faucet/requests/:id", () => {
  scenarios([
    { name: "nobody signed in: 401", method: "GET", url: "/api/admin/faucet/requests/1", expectStatus: 401 },
    { name: "a member: 403", method: "GET", url: "/api/admin/faucet/requests/1", as: "user", expectStatus: 403 },
    {
      name: "an id that names no request: 404",
      method: "GET",
      url: "/api/admin/faucet/requests/999",
      as: "admin",
      expectStatus: 404,
      expectJson: { message: "Faucet request not found" },
    },
    {
      name: "an id that is not a number: 400, not a 500",
      method: "GET",
      url: "/api/admin/faucet/requests/abc",
      as: "admin",
      expectStatus: 400,
    },
  ]);

  test("the request as the list shows it, the address's other requests newest first, and its audit trail", async () => {
    t = testApp();
    const { cookie } = await t.registerAdmin("boss");
    const address = randomAddress();
    const first = await ask(t, address, 1);
    expect(first.status).toBe(201);
    const rejected = await t.call("POST", `/api/admin/faucet/requests/${first.json.id}`, {
      cookie,
      body: { action: "REJECTED", reason: "Same wallet as a farm" },
    });
    expect(rejected.status).toBe(200);
    t.clock.advance(DAY_MS);
    const second = await ask(t, address, 2);
    expect(second.status).toBe(201);
    t.clock.advance(DAY_MS);
    const third = await ask(t, address, 3);
    expect(third.status).toBe(201);
    // another address's request is not this address's
    expect((await ask(t, randomAddress(), 4)).status).toBe(201);

    const file = await t.call("GET", `/api/admin/faucet/requests/${first.json.id}`, { cookie });
    expect(file.status).toBe(200);
    const listed = await t.call("GET", "/api/admin/faucet/requests?status=REJECTED", { cookie });
    expect(file.json.request).toEqual(listed.json[0]);
    expect(file.json.request).toMatchObject({
      id: first.json.id,
      status: "REJECTED",
      rejectReason: "Same wallet as a farm",
    });
    expect(file.json.sameAddress.map((o: { id: number; status: string }) => [o.id, o.status])).toEqual([
      [third.json.id, "PENDING"],
      [second.json.id, "PENDING"],
    ]);
    expect(file.json.trail).toEqual([
      expect.objectContaining({
        actorName: "boss",
        action: "faucet_request.reject",
        details: { reason: "Same wallet as a farm" },
      }),
    ]);

    // the newest one's file names the two before it
    const newest = await t.call("GET", `/api/admin/faucet/requests/${third.json.id}`, { cookie });
    expect(newest.json.sameAddress.map((o: { id: number }) => o.id)).toEqual([second.json.id, first.json.id]);
    expect(newest.json.trail).toEqual([]);
  });

  test("each read is served by an index: the address's requests and the audit log's target", () => {
    t = testApp();
    const [sameAddress, trail] = statementsPreparedBy(t.db, () => createRequestFileRepository(t!.db));
    expect(queryPlan(t.db, sameAddress!).join("\n")).toContain("faucet_requests_address_time");
    expect(queryPlan(t.db, trail!).join("\n")).toContain("audit_log_target");
  });
});
