// The server's words in the built binary, whose catalogs are compiled (build.ts): a refusal found by
// its English, a schema's text with its values, the badge, a password's fault with the estimator's
// reason, a count's plural, each in the language asked; the pseudo-language's wrapping.
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { rmSync } from "node:fs";
import { binaryInEmptyDir, type RunningServer, startBinary } from "../../testing/binary.ts";
import { httpClient } from "../../testing/client.ts";

// (the binary hashes at the production password cost: seconds on a busy machine)
setDefaultTimeout(30_000);

let dir: string;
let server: RunningServer;
beforeAll(async () => {
  const made = binaryInEmptyDir();
  dir = made.dir;
  server = await startBinary({ binary: made.binary, cwd: dir, args: ["--port", "0"] });
}, 30_000);
afterAll(async () => {
  await server?.stop("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

const inLanguage = (language: string) => ({ headers: { "accept-language": language } });

test("refusals and answers in Japanese, Turkish and Korean, and wrapped in the pseudo-language", async () => {
  const site = httpClient(server.url);
  const wrong = { username: "nobody", password: "wrong password here" };
  expect((await site.post("/api/login", wrong, inLanguage("ja"))).json).toEqual({
    message: "ユーザー名またはパスワードが正しくありません",
  });
  expect((await site.post("/api/login", wrong)).json).toEqual({ message: "Invalid username or password" });
  expect((await site.post("/api/login", wrong, inLanguage("en-XA"))).json).toEqual({
    message: "⟦Invalid username or password~~~~~~~~~~⟧",
  });

  const long = { email: "reader@example.com", name: "n".repeat(101) };
  expect((await site.post("/api/newsletter/signup", long, inLanguage("tr"))).json).toEqual({
    message: "name en fazla 100 karakterlik bir metin olmalıdır",
  });
  expect((await site.get("/api/faucet/status", inLanguage("ko"))).json.message).toBe("포셋이 온라인이에요");

  const weak = { username: "minji", email: "minji@example.com", password: "qwertyuiop" };
  const refused = await site.post("/api/register", weak, { proof: true, ...inLanguage("ja") });
  expect(refused.status).toBe(400);
  expect(refused.headers.get("x-error-code")).toBe("WEAK_PASSWORD");
  expect(refused.json.message).toBe(
    "このパスワードは推測されやすすぎます：最もよく使われるパスワードの一つです。単語や文字を増やしてください。",
  );

  const made = await site.post(
    "/api/register",
    { ...weak, password: "correct horse battery" },
    { proof: true, ...inLanguage("ko") },
  );
  expect(made.status).toBe(201);
  expect((await site.request("DELETE", "/api/user/sessions", inLanguage("ko"))).json).toEqual({
    message: "다른 세션 0개를 종료했어요",
    ended: 0,
  });
  expect((await site.request("DELETE", "/api/user/sessions")).json).toEqual({
    message: "Ended 0 other sessions",
    ended: 0,
  });
});
