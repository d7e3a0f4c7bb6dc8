// Our small treaty (web/src/api/treaty.ts) against Eden's own, on a running server: for the kinds of
// call the app makes, the same request goes out and the same answer comes back.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { treaty as edenTreaty } from "@elysiajs/eden";
import type { App } from "../../src/app.ts";
import { testApp, type TestApp } from "../../src/testing/harness.ts";
import { treaty } from "../src/api/treaty";

// A server for each client, both fresh: the same calls in the same order meet the same state.
let servers: TestApp[];
let edenUrl: string;
let oursUrl: string;
beforeAll(() => {
  servers = [testApp(), testApp()];
  [edenUrl, oursUrl] = servers.map((server) => server.listen()) as [string, string];
});
afterAll(async () => {
  for (const server of servers) await server.close();
});

type Sent = { url: string; method?: string; headers: [string, string][]; body: unknown; credentials?: RequestCredentials };

// Both clients as client.ts builds them, each with a fetcher that notes what it sends.
function clients(edenBase: string, oursBase: string) {
  const make = (sent: Sent[], base: string) => ({
    fetch: { credentials: "same-origin" as const },
    headers: { accept: "application/json" },
    fetcher: (async (path: string, init: RequestInit) => {
      sent.push({ url: path, method: init.method, headers: [...new Headers(init.headers)], body: init.body ?? null, credentials: init.credentials });
      return fetch(`${base}${path}`, init);
    }) as typeof fetch,
  });
  const oursSent: Sent[] = [];
  const edenSent: Sent[] = [];
  const ours = treaty(make(oursSent, oursBase)).api;
  const eden = edenTreaty<App>("", { keepDomain: true, parseDate: false, ...make(edenSent, edenBase) }).api;
  return { ours, eden, oursSent, edenSent };
}

// What a screen reads of an answer.
async function seen(answer: Promise<{ data: unknown; error: unknown; status: number; response?: Response }>) {
  const { data, error, status, response } = await answer;
  const failure = error as { status?: number; value?: unknown } | null;
  return {
    data,
    status,
    error: failure && { status: failure.status, value: failure.value instanceof Error ? failure.value.name : failure.value },
    type: response?.headers.get("content-type") ?? null,
  };
}

type Api = ReturnType<typeof clients>["ours"];
const CALLS: [string, (api: Api) => Promise<{ data: unknown; error: unknown; status: number }>][] = [
  ["a read", (api) => api.faucet.status.get()],
  ["a read of a list", (api) => api.reviews.get()],
  ["a read answered 401", (api) => api.user.get()],
  ["a read with a path parameter, not found", (api) => api.posts({ slug: "no-such-post" }).get()],
  ["a read with a query (unset values left out)", (api) => api.posts.get({ query: { limit: 3, after: undefined } as never })],
  ["a write with a JSON body, refused", (api) => api.login.post({ username: "nobody", password: "wrong password" })],
  ["a write with a JSON body, accepted", (api) => api.reviews.submit.post({ rating: 4, review: "Paid within the hour" })],
  ["a write without a body", (api) => api.logout.post()],
  ["a write with a path parameter", (api) => api.admin.blocklist({ id: 3 }).delete()],
];

describe("our treaty and Eden's", () => {
  test.each(CALLS)("%s: the same request and the same answer", async (_, call) => {
    const { ours, eden, oursSent, edenSent } = clients(edenUrl, oursUrl);
    const fromEden = await seen(call(eden as unknown as Api));
    const fromOurs = await seen(call(ours));
    expect(fromOurs).toEqual(fromEden);
    expect(oursSent).toEqual(edenSent);
  });

  test("a server that cannot be reached: the same 503 answer around fetch's own error", async () => {
    const { ours, eden } = clients("http://127.0.0.1:1", "http://127.0.0.1:1");
    const fromEden = await seen((eden as unknown as Api).faucet.status.get());
    expect(fromEden.status).toBe(503);
    expect(await seen(ours.faucet.status.get())).toEqual(fromEden);
  });
});
