// The faucet's request form over real HTTP answers as it does in process (app.handle): the body's
// transport (Content-Length or chunked) changes nothing. Two apps from the same template, the same
// clock and the same draws get the same requests, one over HTTP and one through app.handle, and
// every answer is compared whole: status, body and headers (security headers, Retry-After,
// X-Error-Code, Set-Cookie with the device id masked).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { proofHeaders } from "../testing/pow.ts";
import { fakeClock, randomAddress, testApp, type TestApp } from "../testing/harness.ts";

// the same draws in both apps (the amount of each request)
const draws = () => {
  let n = 0;
  return () => (n = (n * 9301 + 49297) % 233280) / 233280;
};
// what HTTP itself adds
const TRANSPORT = new Set(["date", "content-length", "connection", "keep-alive", "transfer-encoding"]);

interface Answer {
  status: number;
  body: string;
  headers: [string, string][];
}

async function answerOf(response: Response): Promise<Answer> {
  const headers = [...response.headers]
    .filter(([name]) => !TRANSPORT.has(name) && name !== "set-cookie")
    .concat(
      response.headers.getSetCookie().map((line) => ["set-cookie", line.replace(/^(device|session)=[^;]*/, "$1=…")]),
    )
    .sort(([a, x], [b, y]) => a.localeCompare(b) || x.localeCompare(y)) as [string, string][];
  return { status: response.status, body: await response.text(), headers };
}

interface Sent {
  body?: string | ReadableStream;
  headers?: Record<string, string>;
}

// Two apps: `local` answers through app.handle, `remote` over HTTP on a real port.
function pair(powDifficulty = 0) {
  const start = Date.UTC(2026, 0, 15, 23, 0, 0);
  const local = testApp({ clock: fakeClock(start), random: draws(), powDifficulty });
  const remote = testApp({ clock: fakeClock(start), random: draws(), powDifficulty });
  const url = remote.listen();
  const post = (t: TestApp, { body, headers = {} }: Sent) => {
    const init = {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
      duplex: "half",
    } as RequestInit;
    return t === remote
      ? fetch(`${url}/api/faucet/request`, init)
      : t.app.handle(new Request("http://localhost/api/faucet/request", init));
  };
  // The same request to both (a body stream is made once for each): both answers, compared.
  async function both(sent: Sent | (() => Sent)) {
    const make = typeof sent === "function" ? sent : () => sent;
    const [a, b] = [await answerOf(await post(local, make())), await answerOf(await post(remote, make()))];
    expect(b).toEqual(a);
    return a;
  }
  return { local, remote, url, both, close: () => Promise.all([local.close(), remote.close()]) };
}

const json = (value: unknown, headers: Record<string, string> = {}): Sent => ({ body: JSON.stringify(value), headers });
const device = (n: number) => `device=fastpath-device-${String(n).padStart(10, "0")}`;

describe("POST /api/faucet/request over HTTP answers as the app does", () => {
  let p: ReturnType<typeof pair>;
  beforeAll(() => {
    p = pair();
  });
  afterAll(() => p.close());

  test("accepted, then the same address refused: status, body, security headers, Retry-After, the device cookie", async () => {
    const address = randomAddress();
    const accepted = await p.both(json({ address }, { "x-test-ip": "198.51.100.1" }));
    expect(accepted.status).toBe(201);
    expect(accepted.headers).toContainEqual(["content-security-policy", expect.stringContaining("default-src 'self'")]);
    expect(accepted.headers).toContainEqual(["x-frame-options", "DENY"]);
    expect(accepted.headers).toContainEqual(["cache-control", "no-store"]);
    expect(accepted.headers).toContainEqual([
      "set-cookie",
      expect.stringMatching(/^device=…; Path=\/; Expires=.*; HttpOnly; SameSite=Lax$/),
    ]);
    const again = await p.both(json({ address }, { "x-test-ip": "198.51.100.2", cookie: device(1) }));
    expect(again.status).toBe(429);
    expect(again.headers).toContainEqual(["x-error-code", "ADDRESS_LIMIT"]);
    expect(again.headers).toContainEqual(["retry-after", "86400"]);
    expect(again.headers.some(([name]) => name === "set-cookie")).toBe(false);
  });

  test("a network over its limit is refused the same way, and an address with extra fields is taken", async () => {
    for (let i = 0; i < 3; i++)
      expect(
        (
          await p.both(
            json({ address: randomAddress(), note: i }, { "x-test-ip": "203.0.113.9", cookie: device(10 + i) }),
          )
        ).status,
      ).toBe(201);
    const over = await p.both(json({ address: randomAddress() }, { "x-test-ip": "203.0.113.10", cookie: device(20) }));
    expect(over.status).toBe(429);
    expect(over.headers).toContainEqual(["x-error-code", "NETWORK_LIMIT"]);
  });

  test("a logged-in visitor's request: the same answer with the session cookie", async () => {
    const [a, b] = [await p.local.register("fastpath"), await p.remote.register("fastpath")];
    const address = randomAddress();
    const post = (t: TestApp, cookie: string) =>
      t === p.remote
        ? fetch(`${p.url}/api/faucet/request`, {
            method: "POST",
            headers: { "content-type": "application/json", cookie, "x-test-ip": "192.0.2.33" },
            body: JSON.stringify({ address }),
          })
        : t.app.handle(
            new Request("http://localhost/api/faucet/request", {
              method: "POST",
              headers: { "content-type": "application/json", cookie, "x-test-ip": "192.0.2.33" },
              body: JSON.stringify({ address }),
            }),
          );
    const [local, remote] = [
      await answerOf(await post(p.local, a.cookie)),
      await answerOf(await post(p.remote, b.cookie)),
    ];
    expect(local.status).toBe(201);
    expect(remote).toEqual(local);
  });

  test.each<[string, Sent | (() => Sent), number, string]>([
    ["an address that is not one", json({ address: "not an address" }), 400, "Please enter a valid XRP wallet address"],
    ["an address that is a number", json({ address: 5 }), 400, "Please enter a valid XRP wallet address"],
    [
      "an address that is an object",
      json({ address: { toString: null } }),
      400,
      "Please enter a valid XRP wallet address",
    ],
    [
      "an address of 201 characters",
      json({ address: "r".repeat(201) }),
      400,
      "Please enter a valid XRP wallet address",
    ],
    ["a list", { body: "[1]" }, 400, "The request body must be a JSON object"],
    ["a number", { body: "5" }, 400, "The request body must be a JSON object"],
    ["broken JSON", { body: '{"address":' }, 400, "The request body is not valid JSON"],
    ["JSON null", { body: "null" }, 400, "Please enter a valid XRP wallet address"],
    ["no body", { body: "" }, 400, "Please enter a valid XRP wallet address"],
    [
      "text, not JSON",
      { body: '{"address":"x"}', headers: { "content-type": "text/plain" } },
      415,
      "Send the request body as JSON (Content-Type: application/json)",
    ],
    [
      "a form",
      { body: "address=x", headers: { "content-type": "application/x-www-form-urlencoded" } },
      415,
      "Send the request body as JSON (Content-Type: application/json)",
    ],
    [
      "a body over 64 KiB",
      json({ address: "x".repeat(70_000) }),
      413,
      "The request body is too large (at most 64 KiB)",
    ],
    [
      "a chunked body (no Content-Length)",
      () => ({ body: new Blob([JSON.stringify({ address: "nope" })]).stream() }),
      400,
      "Please enter a valid XRP wallet address",
    ],
    [
      "from another site",
      json({ address: randomAddress() }, { origin: "https://elsewhere.example" }),
      403,
      "Cross-site request refused",
    ],
  ])("%s: a clear JSON error, the same over HTTP", async (_name, sent, status, message) => {
    const answer = await p.both(sent);
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body)).toEqual({ message });
    expect(answer.headers).toContainEqual(["content-type", "application/json; charset=utf-8"]);
    expect(answer.headers).toContainEqual(["x-content-type-options", "nosniff"]);
  });
});

describe("with the proof of work on", () => {
  let p: ReturnType<typeof pair>;
  beforeAll(() => {
    p = pair(1);
  });
  afterAll(() => p.close());

  test("no proof: 403 the same over HTTP; a proof from each app's own challenge: accepted", async () => {
    const address = randomAddress();
    const missing = await p.both(json({ address }));
    expect(missing.status).toBe(403);
    const localProof = await proofHeaders(async (path) => (await p.local.call("GET", path)).json, "faucet");
    const remoteProof = await proofHeaders(
      async (path) => (await fetch(`${p.url}${path}`, { headers: { "x-test-ip": "203.0.113.7" } })).json(),
      "faucet",
    );
    const send = (t: TestApp, proof: Record<string, string>) =>
      t === p.remote
        ? fetch(`${p.url}/api/faucet/request`, {
            method: "POST",
            headers: { "content-type": "application/json", ...proof },
            body: JSON.stringify({ address }),
          })
        : t.app.handle(
            new Request("http://localhost/api/faucet/request", {
              method: "POST",
              headers: { "content-type": "application/json", ...proof },
              body: JSON.stringify({ address }),
            }),
          );
    const [local, remote] = [
      await answerOf(await send(p.local, localProof)),
      await answerOf(await send(p.remote, remoteProof)),
    ];
    expect(local.status).toBe(201);
    expect(remote).toEqual(local);
  });
});
