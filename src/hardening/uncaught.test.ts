// A fault that no route catches (a handler of Bun's router that throws, say) is answered with the
// app's generic 500, never with Bun's development page, which shows the error, its stack and the
// lines of source around it. The server is never in Bun's development mode, whatever NODE_ENV
// says (createApp).
import { afterEach, expect, test } from "bun:test";
import { type TestApp, testApp } from "../testing/harness.ts";

const FAULT = "/api/test-fault";
const GENERIC = { message: "Something went wrong on our side. Please try again." };
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

// An app with a route of Bun's router that throws (as a bug in one would), outside Elysia's and the
// routes' own error handling.
function faultyApp(): TestApp {
  const t = testApp();
  cleanups.push(() => t.close());
  const serve = t.app.config.serve as { routes?: Record<string, unknown> };
  serve.routes = {
    ...serve.routes,
    [FAULT]: () => {
      throw new Error("the fault's own words: wallet sEdFAULTYSECRET");
    },
  };
  return t;
}

async function expectGeneric500(url: string) {
  const res = await fetch(url);
  const text = await res.text();
  expect(res.status).toBe(500);
  expect(res.headers.get("content-type")).toContain("application/json");
  expect(JSON.parse(text)).toEqual(GENERIC);
  expect(text).not.toContain("sEdFAULTYSECRET");
  expect(text).not.toContain("uncaught.test.ts");
}

test("a fault no route caught is answered with the generic 500 and logged, never with Bun's page of the error and its source", async () => {
  const t = faultyApp();
  const base = t.listen();
  await expectGeneric500(`${base}${FAULT}`);
  expect(t.app.server!.development).toBe(false);
  // the operator sees it in the log, with its stack
  expect(t.logs.some((line) => line.includes("sEdFAULTYSECRET") && line.includes("uncaught.test.ts"))).toBe(true);
  // the server still answers
  expect((await fetch(`${base}/api/health`)).status).toBe(200);
});
