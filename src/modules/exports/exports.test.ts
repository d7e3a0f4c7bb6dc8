import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { testApp, type TestApp } from "../../testing/harness.ts";
import { scenarios } from "../../testing/scenario.ts";
import { csvCell } from "./model.ts";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = testApp();
  // the rows' `as: "admin"`
  admin = (await t.signIn("admin", "auditor")).cookie;
});
afterEach(() => t.close());

describe("CSV exports of signups and payments, safe to open in a spreadsheet", () => {
  scenarios(
    [
      {
        name: "newsletter.csv",
        method: "GET",
        url: "/api/admin/export/newsletter.csv",
        as: "admin",
        setup: (t) =>
          t.call("POST", "/api/newsletter/signup", {
            body: { email: "ann@example.com", name: '=HYPERLINK("x")', source: "homepage" },
          }),
        expectStatus: 200,
        expectHeaders: { "content-type": /text\/csv/, "content-disposition": /filename="newsletter\.csv"/ },
        after: (res) => {
          const lines = res.text.trim().split("\r\n");
          expect(lines[0]).toBe("id,email,name,status,source,notes,created_at");
          expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
        },
      },
      {
        name: "payments.csv",
        method: "GET",
        url: "/api/admin/export/payments.csv",
        as: "admin",
        expectStatus: 200,
        expectText: /^id,kind,user,destination/,
      },
      {
        name: "an unknown export is a 404",
        method: "GET",
        url: "/api/admin/export/passwords.csv",
        as: "admin",
        expectStatus: 404,
      },
    ],
    { app: () => t },
  );

  test("csvCell quotes a cell with a comma and defuses a formula", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("-1")).toBe(`"'-1"`); // defused cells are also quoted (OWASP)
  });
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
    for (const name of [
      "__proto__",
      "valueOf",
      "hasOwnProperty",
      "constructor",
      "toString",
      "toString.csv",
      "__proto__.csv",
      "isPrototypeOf",
      "__defineGetter__",
    ]) {
      const res = await fetch(`${url}/api/admin/export/${name}`, { headers: { cookie: admin } });
      expect({ name, status: res.status, type: res.headers.get("content-type") }).toEqual({
        name,
        status: 404,
        type: expect.stringContaining("application/json"),
      });
      expect(await res.json()).toEqual({ message: expect.stringContaining("No export named") });
    }
    expect((await fetch(`${url}/api/admin/export/newsletter`, { headers: { cookie: admin } })).status).toBe(200);
  });
  expect(t.logs).toEqual([]);
});

test("a cell starting with a control character, a formula character or blanks before one is read as text", async () => {
  const dangerous = [
    "\x00=1+1",
    "\x01=1+1",
    "\x1b=cmd|' /C calc'!A0",
    "\x7f@SUM(1)",
    "\t=1+1",
    "\r=1+1",
    "\n=1+1",
    " =1+1",
    "\x00\x00-2+3",
    "=1+1",
    "+1",
    "-1",
    "@SUM(A1)",
    "\u200b=1+1",
    "＝1+1",
  ];
  for (const [i, name] of dangerous.entries()) {
    t.db.sqlite.run(
      "insert into newsletter_signups (email, name, source, ip_address, created_at) values (?, ?, 'website', '203.0.113.7', 0)",
      [`n${i}@example.com`, name],
    );
  }
  // and through the public form, which stores what survives its trimming
  expect(
    (
      await t.call("POST", "/api/newsletter/signup", {
        body: { email: "form@example.com", name: '\x00=HYPERLINK("http://x.example")' },
      })
    ).status,
  ).toBe(201);
  const csv = await listening(async (url) => {
    const res = await fetch(`${url}/api/admin/export/newsletter.csv`, { headers: { cookie: admin } });
    expect(res.status).toBe(200);
    return await res.text();
  });
  const names = parseCsv(csv)
    .slice(1)
    .map((r) => r[2]);
  expect(names).toEqual([...dangerous, '\x00=HYPERLINK("http://x.example")'].map((name) => `'${name}`));
  // plain text is left alone
  expect(csvCell("Ann")).toBe("Ann");
  expect(csvCell("a b")).toBe("a b");
  expect(csvCell(42)).toBe("42");
});
