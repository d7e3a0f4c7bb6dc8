// The server's refusals in the request's language: the `lang` cookie's, else English; the code the same.
import { afterAll, describe, expect, test } from "bun:test";
import { randomAddress, testApp } from "../../testing/harness.ts";

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

  test("a wait is said in the request's language", async () => {
    const address = randomAddress();
    const ask = async (headers: Record<string, string> = {}) =>
      t.call("POST", "/api/faucet/request", {
        body: { address },
        headers: { ...(await t.proof("faucet")), ...headers },
      });
    expect((await ask()).status).toBeLessThan(300);
    const english = await ask();
    expect(english.status).toBe(429);
    expect(english.json.message).toMatch(
      /^This address already requested XRP in the last 24 hours\. You can request again /,
    );
    const turkish = await ask({ cookie: "lang=tr" });
    expect(turkish.headers.get("x-error-code")).toBe("ADDRESS_LIMIT");
    expect(turkish.json.message).toMatch(/^Bu adres son 24 saat içinde zaten XRP talep etti\. .*(yarın|bugün|sonra)/);
  });
});
