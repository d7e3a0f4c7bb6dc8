// A user's own language: PUT /api/account/language sets it (a code of shared/languages.ts only), a
// registration takes the request's, and a login from a browser without a `lang` cookie sets it.
import { afterAll, expect, test } from "bun:test";
import { testApp } from "../../testing/harness.ts";

const t = testApp();
afterAll(() => t.close());
const stored = (id: number) =>
  (t.db.sqlite.query("select language from users where id = ?").get(id) as { language: string | null }).language;

test("registering takes the request's language; English without one", async () => {
  const alice = await t.register("alice");
  expect(stored(alice.user.id)).toBe("en");
});

test("PUT /api/account/language validates the code and the choice sticks", async () => {
  const { user, cookie } = await t.register("bob");
  expect((await t.call("PUT", "/api/account/language", { body: { language: "ja" } })).status).toBe(401);
  const wrong = await t.call("PUT", "/api/account/language", { cookie, body: { language: "klingon" } });
  expect(wrong.status).toBe(400);
  expect(wrong.headers.get("x-error-code")).toBe("INVALID_LANGUAGE");
  expect(wrong.json.message).toBe("language must be one of en, es, pt-BR, fr, tr, id, ja, ko");
  expect(stored(user.id)).toBe("en");
  const right = await t.call("PUT", "/api/account/language", { cookie, body: { language: "ja" } });
  expect(right.status).toBe(200);
  expect(right.json).toEqual({ language: "ja" });
  expect(stored(user.id)).toBe("ja");

  const login = await t.call("POST", "/api/login", { body: { username: "bob", password: "correct horse battery" } });
  expect(login.status).toBe(200);
  expect(login.headers.getSetCookie().some((c) => c.startsWith("lang=ja;"))).toBe(true);
  const chosen = await t.call("POST", "/api/login", {
    body: { username: "bob", password: "correct horse battery" },
    headers: { cookie: "lang=fr" },
  });
  expect(chosen.headers.getSetCookie().some((c) => c.startsWith("lang="))).toBe(false);
});
