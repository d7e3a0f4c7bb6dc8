// Which moves an admin may make on a faucet request, with a wallet configured.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { randomAddress } from "../testing/harness.ts";
import { payoutBed, type PayoutBed } from "./testing.ts";

let bed: PayoutBed;
beforeAll(async () => {
  bed = await payoutBed();
});
afterAll(async () => {
  await bed.close();
});

let ip = 10;
async function pending() {
  ip++;
  return (await bed.t.call("POST", "/api/faucet/request", { body: { address: randomAddress() }, ip: `192.0.2.${ip}` })).json.id as number;
}
const act = (id: number | string, body: unknown) => bed.t.call("POST", `/api/admin/faucet/requests/${id}`, { cookie: bed.admin, body });

test.each([
  { name: "PENDING -> APPROVED", first: null, body: { action: "APPROVED" }, status: 200 },
  { name: "PENDING -> REJECTED", first: null, body: { action: "REJECTED", reason: "Promotional request rejected" }, status: 200 },
  { name: "APPROVED -> APPROVED again (a repeat click)", first: { action: "APPROVED" }, body: { action: "APPROVED" }, status: 200 },
  { name: "APPROVED (payout queued) -> REJECTED", first: { action: "APPROVED" }, body: { action: "REJECTED" }, status: 409 },
  { name: "REJECTED -> APPROVED", first: { action: "REJECTED" }, body: { action: "APPROVED" }, status: 409 },
  { name: "REJECTED -> REJECTED again", first: { action: "REJECTED" }, body: { action: "REJECTED" }, status: 200 },
  { name: "an unknown action", first: null, body: { action: "PAID" }, status: 400 },
  { name: "no action", first: null, body: {}, status: 400 },
])("$name -> $status", async ({ first, body, status }) => {
  const id = await pending();
  if (first) expect((await act(id, first)).status).toBe(200);
  const res = await act(id, body);
  expect(res.status).toBe(status);
  expect(typeof res.json.message).toBe("string");
  expect((bed.t.db.sqlite.query("select count(*) as n from payouts where faucet_request_id = ?").get(id) as { n: number }).n).toBeLessThanOrEqual(1);
});

test("an unknown or malformed id", async () => {
  expect((await act(999_999, { action: "APPROVED" })).status).toBe(404);
  expect((await act("abc", { action: "APPROVED" })).status).toBe(400);
});
