// The server's refusals in the request's language: the `lang` cookie's, else English; the code the same.
import { afterAll, describe, expect, test } from "bun:test";
import { testApp } from "../../testing/harness.ts";

const t = testApp();
afterAll(() => t.close());

describe("a refusal in the request's language", () => {
  test("in Turkish with the lang cookie, in English without, the code header unchanged", async () => {
    const body = { username: "alice", password: "wrong password here" };
    const english = await t.call("POST", "/api/login", { body });
    expect(english.status).toBe(401);
    expect(english.json).toEqual({ message: "Invalid username or password" });
    const turkish = await t.call("POST", "/api/login", { body, headers: { cookie: "lang=tr" } });
    expect(turkish.status).toBe(401);
    expect(turkish.json).toEqual({ message: "Kullanıcı adı veya şifre hatalı" });
    expect(turkish.headers.get("x-error-code")).toBe(english.headers.get("x-error-code"));
  });

  test("the faucet's refusal of an address, in Japanese by Accept-Language", async () => {
    const res = await t.call("POST", "/api/faucet/request", {
      body: { address: "nope" },
      headers: { ...(await t.proof("faucet")), "accept-language": "ja" },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("x-error-code")).toBe("INVALID_ADDRESS");
    expect(res.json.message).toBe("有効なXRPのウォレットアドレスを入力してください");
  });

  test("a route's not found and a body that is not JSON", async () => {
    const res = await t.call("POST", "/api/login", {
      rawBody: "{",
      headers: { "content-type": "application/json", cookie: "lang=ko" },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("요청 본문이 올바른 JSON이 아니에요");
  });
});
