import { afterEach, beforeEach, expect, test } from "bun:test";
import { randomAddress, testApp, type TestApp } from "../../testing/harness.ts";
import { csvCell } from "./extras.ts";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = testApp();
  admin = (await t.registerAdmin("auditor")).cookie;
});
afterEach(() => t.close());

test("the audit log lists admin actions newest first, 50 a page", async () => {
  for (let i = 0; i < 55; i++) {
    await t.call("POST", "/api/admin/faucet/settings", { cookie: admin, body: { dailyLimit: String(100 + i) } });
  }
  const first = (await t.call("GET", "/api/admin/audit-log", { cookie: admin })).json;
  expect(first.entries).toHaveLength(50);
  expect(first.entries[0]).toMatchObject({ actorName: "auditor", action: "faucet_settings.update", ipAddress: "203.0.113.7" });
  expect(first.entries[0].details.dailyLimit).toBe("154");
  const next = (await t.call("GET", `/api/admin/audit-log?before=${first.nextBefore}`, { cookie: admin })).json;
  expect(next.entries).toHaveLength(5);
  expect(next.nextBefore).toBeNull();
});

test("an admin hides a review and approves a held one; the public list follows", async () => {
  const shown = (await t.call("POST", "/api/reviews/submit", { body: { review: "Great", rating: 5 }, cookie: "device=review-device-0000000000001" })).json.id;
  const held = (await t.call("POST", "/api/reviews/submit", { body: { review: "See https://x.example", rating: 4 }, cookie: "device=review-device-0000000000001" })).json.id;
  const all = (await t.call("GET", "/api/admin/reviews", { cookie: admin })).json;
  expect(all.map((r: any) => [r.id, r.approved])).toEqual([[held, false], [shown, true]]);
  expect((await t.call("PATCH", `/api/admin/reviews/${shown}`, { cookie: admin, body: { approved: false } })).status).toBe(200);
  expect((await t.call("PATCH", `/api/admin/reviews/${held}`, { cookie: admin, body: { approved: true } })).status).toBe(200);
  expect((await t.call("GET", "/api/reviews")).json.map((r: any) => r.id)).toEqual([held]);
  expect((await t.call("PATCH", `/api/admin/reviews/${held}`, { cookie: admin, body: { approved: "yes" } })).status).toBe(400);
  expect((await t.call("PATCH", "/api/admin/reviews/999", { cookie: admin, body: { approved: true } })).status).toBe(404);
});

test("CSV exports of signups and payments, safe to open in a spreadsheet", async () => {
  await t.call("POST", "/api/newsletter/signup", { body: { email: "ann@example.com", name: "=HYPERLINK(\"x\")", source: "homepage" } });
  const res = await t.call("GET", "/api/admin/export/newsletter.csv", { cookie: admin });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/csv");
  expect(res.headers.get("content-disposition")).toContain('filename="newsletter.csv"');
  const lines = res.text.trim().split("\r\n");
  expect(lines[0]).toBe("id,email,name,status,source,notes,created_at");
  expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
  expect((await t.call("GET", "/api/admin/export/payments.csv", { cookie: admin })).text).toStartWith("id,kind,user,destination");
  expect((await t.call("GET", "/api/admin/export/passwords.csv", { cookie: admin })).status).toBe(404);
  expect(csvCell("a,b")).toBe('"a,b"');
  expect(csvCell("-1")).toBe(`"'-1"`); // defused cells are also quoted (OWASP)
});

test("daily figures cover the last 30 days", async () => {
  await t.call("POST", "/api/faucet/request", { body: { address: randomAddress() } });
  const days = (await t.call("GET", "/api/admin/stats/daily", { cookie: admin })).json;
  expect(days).toHaveLength(30);
  expect(days.at(-1)).toMatchObject({ day: new Date(t.clock()).toISOString().slice(0, 10), requests: 1, xrpPaid: 0 });
  expect(days.at(-1).xrpRequested).toBeGreaterThanOrEqual(5);
});

// Over real HTTP, as the outside attacker test did.
async function listening<T>(run: (url: string) => Promise<T>): Promise<T> {
  t.app.listen({ port: 0, hostname: "127.0.0.1" });
  try {
    return await run(`http://127.0.0.1:${t.app.server!.port}`);
  } finally {
    await t.app.stop(true);
  }
}

// RFC 4180, as a spreadsheet splits the file into cells before it looks at a cell's first character.
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") row.push(cell), (cell = "");
    else if (c === "\r" && text[i + 1] === "\n") row.push(cell), rows.push(row), (row = []), (cell = ""), i++;
    else cell += c;
  }
  return rows;
}

test("an export name is looked up among the exports only: Object's own names are 404 JSON", async () => {
  await listening(async (url) => {
    for (const name of ["__proto__", "valueOf", "hasOwnProperty", "constructor", "toString", "toString.csv", "__proto__.csv", "isPrototypeOf", "__defineGetter__"]) {
      const res = await fetch(`${url}/api/admin/export/${name}`, { headers: { cookie: admin } });
      expect({ name, status: res.status, type: res.headers.get("content-type") }).toEqual({ name, status: 404, type: expect.stringContaining("application/json") });
      expect(await res.json()).toEqual({ message: expect.stringContaining("No export named") });
    }
    expect((await fetch(`${url}/api/admin/export/newsletter`, { headers: { cookie: admin } })).status).toBe(200);
  });
  expect(t.logs).toEqual([]);
});

test("a cell starting with a control character, a formula character or blanks before one is read as text", async () => {
  const dangerous = ["\x00=1+1", "\x01=1+1", "\x1b=cmd|' /C calc'!A0", "\x7f@SUM(1)", "\t=1+1", "\r=1+1", "\n=1+1", " =1+1", "\x00\x00-2+3", "=1+1", "+1", "-1", "@SUM(A1)", "\u200b=1+1", "＝1+1"];
  for (const [i, name] of dangerous.entries()) {
    t.db.sqlite.run("insert into newsletter_signups (email, name, source, ip_address, created_at) values (?, ?, 'website', '203.0.113.7', 0)", [`n${i}@example.com`, name]);
  }
  // and through the public form, which stores what survives its trimming
  expect((await t.call("POST", "/api/newsletter/signup", { body: { email: "form@example.com", name: "\x00=HYPERLINK(\"http://x.example\")" } })).status).toBe(201);
  const csv = await listening(async (url) => {
    const res = await fetch(`${url}/api/admin/export/newsletter.csv`, { headers: { cookie: admin } });
    expect(res.status).toBe(200);
    return await res.text();
  });
  const names = parseCsv(csv).slice(1).map((r) => r[2]);
  expect(names).toEqual([...dangerous, "\x00=HYPERLINK(\"http://x.example\")"].map((name) => `'${name}`));
  // plain text is left alone
  expect(csvCell("Ann")).toBe("Ann");
  expect(csvCell("a b")).toBe("a b");
  expect(csvCell(42)).toBe("42");
});
