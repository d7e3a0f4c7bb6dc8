// An approval in the audit log says what it sent where and why: the amount, the address (with its
// tag) and the reason (the admin's words when given, else what the request was for), in the entry's
// details and, in words, in its facts; a rejection says its reason the same way.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { payoutBed, type PayoutBed } from "../../payouts/testing.ts";
import { randomAddress, strangerIp } from "../../testing/harness.ts";

let bed: PayoutBed;
beforeAll(async () => {
  bed = await payoutBed();
});
afterAll(() => bed.close());

let ip = 40;
async function pending(address: string) {
  const made = await bed.t.call("POST", "/api/faucet/request", { body: { address }, ip: strangerIp(++ip) });
  expect(made.status).toBe(201);
  return made.json as { id: number; amount: string };
}
const decide = (id: number, body: unknown) =>
  bed.t.call("POST", `/api/admin/faucet/requests/${id}`, { cookie: bed.admin, body });
const entryOf = async (id: number, action: string) =>
  (await bed.t.call("GET", `/api/admin/audit-log?action=${action}`, { cookie: bed.admin })).json.entries.find(
    (e: { targetId: string }) => e.targetId === String(id),
  );

test("an approval carries the amount, the address and the admin's reason, and shows them in words", async () => {
  const address = randomAddress();
  const request = await pending(address);
  expect((await decide(request.id, { action: "APPROVED", reason: "A tester we know" })).status).toBe(200);
  const entry = await entryOf(request.id, "faucet_request.approve");
  expect(entry.details).toEqual({ amount: request.amount, address, reason: "A tester we know" });
  expect(entry.facts).toEqual([
    { label: "Amount", value: `${Number(request.amount)} XRP` },
    { label: "Address", value: address },
    { label: "Reason", value: "A tester we know" },
  ]);
});

test("without the admin's words an approval still names the amount and address; a rejection its reason", async () => {
  const address = randomAddress();
  const approved = await pending(address);
  expect((await decide(approved.id, { action: "APPROVED" })).status).toBe(200);
  expect((await entryOf(approved.id, "faucet_request.approve")).facts.map((f: { label: string }) => f.label)).toEqual([
    "Amount",
    "Address",
  ]);
  const rejected = await pending(randomAddress());
  expect((await decide(rejected.id, { action: "REJECTED", reason: "Same person, new wallet" })).status).toBe(200);
  expect((await entryOf(rejected.id, "faucet_request.reject")).facts).toEqual([
    { label: "Reason", value: "Same person, new wallet" },
  ]);
});
