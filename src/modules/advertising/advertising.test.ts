import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { testApp, type TestApp } from "../../testing/harness.ts";
import { ADVERTISING_THANKS } from "./model.ts";

let t: TestApp;
beforeEach(() => {
  t = testApp();
});
afterEach(() => t.close());
const count = (table: string) => (t.db.sqlite.query(`select count(*) as n from ${table}`).get() as { n: number }).n;

describe("POST /api/advertising/submit", () => {
  const good = { companyName: "Acme", email: "ads@acme.example", website: "https://acme.example", budget: "$500-$1000", message: "Banner please" };
  test.each([
    { name: "everything", body: good, status: 201 },
    { name: "no website or message", body: { ...good, website: "", message: "" }, status: 201 },
    { name: "no company", body: { ...good, companyName: " " }, status: 400, message: "Company name is required" },
    { name: "no email", body: { ...good, email: "" }, status: 400, message: "Email is required" },
    { name: "bad email", body: { ...good, email: "acme" }, status: 400, message: "Please enter a valid email address" },
    { name: "no budget", body: { ...good, budget: "" }, status: 400, message: "Budget is required" },
    { name: "website not a URL", body: { ...good, website: "acme" }, status: 400, message: "Website must be a valid URL, such as https://example.com" },
    { name: "website javascript:", body: { ...good, website: "javascript:alert(1)" }, status: 400, message: "Website must be a valid URL, such as https://example.com" },
  ])("$name -> $status", async ({ body, status, message }) => {
    const res = await t.call("POST", "/api/advertising/submit", { body });
    expect(res.status).toBe(status);
    expect(res.json).toMatchObject({ message: message ?? ADVERTISING_THANKS });
    expect(count("advertising_requests")).toBe(status === 201 ? 1 : 0);
  });

  test("one IP cannot flood the forms", async () => {
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await t.call("POST", "/api/advertising/submit", { body: good })).status;
    expect(last).toBe(429);
    expect(count("advertising_requests")).toBe(10);
  });
});
