// Table-driven API tests, after PocketBase's tests.ApiScenario: each row is one call and what must
// be true after it, and becomes one bun test named after the row.
//
//   describe("POST /api/faucet/request", () =>
//     scenarios([
//       { name: "a visitor gets a request", method: "POST", url: "/api/faucet/request", body: { address }, expectStatus: 201 },
//       { name: "a bad address is refused", ..., expectStatus: 400, expectJson: { message: "..." }, expectRows: [...] },
//     ]));
//
// Expectations (all optional but the status):
// - expectJson: the whole body, by toEqual (asymmetric matchers such as expect.any(String) allowed);
//   expectJsonMatch: a part of it, by toMatchObject. Prefer expectJson: it also catches extra fields.
// - expectHeaders: per header, a string (exact), a RegExp (matched) or null (absent).
// - expectText: the raw body, a string (exact) or a RegExp.
// - expectRows: SQL run after the call, its rows (.all()) by toEqual.
// - expectUnchanged: SQL ("select ...") or API reads ("GET /api/...", made as the same visitor) whose
//   answers must be the same before and after the call: "a refused change stores nothing".
// - expectLogContains / expectLogNotContains: substrings of the log lines written during the call.
// - after(res, ctx): anything else, with the answer and the app.
import { afterAll, expect, test } from "bun:test";
import { testApp, type CallOptions, type TestApp, type TestResponse } from "./harness.ts";

export type Role = "visitor" | "user" | "admin";

export interface ScenarioContext {
  t: TestApp;
  // The session cookie of `as` (undefined for a visitor).
  cookie: string | undefined;
  // A call as the same visitor (same cookie and IP).
  call(method: string, url: string, options?: CallOptions): Promise<TestResponse>;
}

export interface Scenario {
  name: string;
  method: string;
  url: string;
  body?: unknown;
  rawBody?: string;
  // Who calls: a visitor without a session (default), or the app's user or admin (t.signIn).
  as?: Role;
  headers?: Record<string, string>;
  ip?: string;
  // Runs before the call (and before the expectUnchanged snapshot).
  setup?(t: TestApp): unknown;
  expectStatus: number | `${1 | 2 | 3 | 4 | 5}xx`;
  expectJson?: unknown;
  expectJsonMatch?: Record<string, unknown> | unknown[];
  expectHeaders?: Record<string, string | RegExp | null>;
  expectText?: string | RegExp;
  expectRows?: { sql: string; params?: unknown[]; equals: unknown[] }[];
  expectUnchanged?: string[];
  expectLogContains?: string[];
  expectLogNotContains?: string[];
  after?(res: TestResponse, ctx: ScenarioContext): unknown;
}

export interface ScenarioOptions {
  // Which app the scenarios run against: a fresh one each (the default: a few milliseconds with the
  // migrated template), one shared by the rows of this list ("shared": built at the first row, closed
  // after the enclosing describe; rows run in the order written and see each other's writes), or the
  // file's own (a function returning it, e.g. `() => t` for an app built in beforeAll).
  app?: "fresh" | "shared" | (() => TestApp);
  // testApp's options, for "fresh" and "shared".
  appOptions?: Parameters<typeof testApp>[0];
}

// Registers one test per scenario.
export function scenarios(list: Scenario[], options: ScenarioOptions = {}): void {
  const names = new Set<string>();
  for (const s of list) {
    if (names.has(s.name)) throw new Error(`two scenarios named "${s.name}"`);
    names.add(s.name);
  }
  const mode = options.app ?? "fresh";
  if (mode === "shared") {
    let shared: TestApp | undefined;
    afterAll(() => shared?.close()); // of the describe() this list is in, or of the file
    for (const s of list) scenario(s, { app: () => (shared ??= testApp(options.appOptions)) });
    return;
  }
  for (const s of list) scenario(s, { app: mode === "fresh" ? undefined : mode, appOptions: options.appOptions });
}

// Registers one test for one scenario.
export function scenario(
  s: Scenario,
  options: { app?: () => TestApp; appOptions?: Parameters<typeof testApp>[0] } = {},
): void {
  test(s.name, async () => {
    const own = options.app ? undefined : testApp(options.appOptions);
    const t = own ?? options.app!();
    try {
      await run(s, t);
    } finally {
      await own?.close();
    }
  });
}

async function run(s: Scenario, t: TestApp): Promise<void> {
  await s.setup?.(t);
  const cookie = s.as === "user" || s.as === "admin" ? (await t.signIn(s.as)).cookie : undefined;
  const call = (method: string, url: string, options: CallOptions = {}) =>
    t.call(method, url, { cookie, ip: s.ip, ...options });
  const read = async (what: string) => {
    if (what.startsWith("GET ")) {
      const res = await call("GET", what.slice(4));
      return { status: res.status, body: res.json ?? res.text };
    }
    return t.db.sqlite.query(what).all();
  };
  const before = [];
  for (const what of s.expectUnchanged ?? []) before.push(await read(what));
  const logsBefore = t.logs.length;

  const res = await call(s.method, s.url, { body: s.body, rawBody: s.rawBody, headers: s.headers });
  const logs = t.logs.slice(logsBefore);

  // The status first, with the body in the message: a wrong status explains the rest.
  const body = res.json ?? res.text;
  if (typeof s.expectStatus === "number")
    expect({ status: res.status, body }).toMatchObject({ status: s.expectStatus });
  else
    expect({ status: res.status, class: `${Math.floor(res.status / 100)}xx`, body }).toMatchObject({
      class: s.expectStatus,
    });
  if ("expectJson" in s) expect(res.json).toEqual(s.expectJson);
  // (on a copy: bun's toMatchObject writes its asymmetric matchers into the object it checks, and
  // after() reads the answer)
  if (s.expectJsonMatch !== undefined) expect(structuredClone(res.json)).toMatchObject(s.expectJsonMatch);
  for (const [name, want] of Object.entries(s.expectHeaders ?? {})) {
    const got = res.headers.get(name);
    if (want instanceof RegExp)
      expect({ header: name, value: got }).toEqual({ header: name, value: expect.stringMatching(want) });
    else expect({ header: name, value: got }).toEqual({ header: name, value: want });
  }
  if (s.expectText instanceof RegExp) expect(res.text).toMatch(s.expectText);
  else if (s.expectText !== undefined) expect(res.text).toBe(s.expectText);
  for (const { sql, params = [], equals } of s.expectRows ?? []) {
    expect({ sql, rows: t.db.sqlite.query(sql).all(...(params as never[])) }).toEqual({ sql, rows: equals });
  }
  for (const [i, what] of (s.expectUnchanged ?? []).entries())
    expect({ what, after: await read(what) }).toEqual({ what, after: before[i] });
  for (const text of s.expectLogContains ?? []) expect(logs.filter((l) => l.includes(text))).not.toEqual([]);
  for (const text of s.expectLogNotContains ?? []) expect(logs.filter((l) => l.includes(text))).toEqual([]);
  await s.after?.(res, { t, cookie, call });
}
