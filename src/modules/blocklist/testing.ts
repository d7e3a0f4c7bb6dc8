// What the blocklist's tests share: an address and a device to block, an admin's block and the
// list, a table's row count, and the neutral answer a blocked party gets.
import { randomAddress, type TestApp } from "../../testing/harness.ts";
import { MESSAGES } from "./model.ts";

export const ADDRESS = randomAddress();
export const DEVICE = "blocked-device-000000000001";
export const count = (t: TestApp, table: string) =>
  (t.db.sqlite.query(`select count(*) as n from ${table}`).get() as { n: number }).n;
export const block = async (t: TestApp, body: Record<string, unknown>) => {
  const { cookie } = await t.signIn("admin");
  const res = await t.call("POST", "/api/admin/blocklist", { cookie, body });
  if (res.status !== 201) throw new Error(`block: ${res.status} ${res.text}`);
  return res.json as { id: number };
};
export const entries = async (t: TestApp) =>
  (await t.call("GET", "/api/admin/blocklist", { cookie: (await t.signIn("admin")).cookie })).json;
export const REFUSED = { message: MESSAGES.refused };
