import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { testApp, type TestApp } from "../../testing/harness.ts";
import { type Scenario, scenarios } from "../../testing/scenario.ts";
import { ADVERTISING_THANKS } from "./model.ts";

let t: TestApp;
beforeEach(() => {
  t = testApp();
});
afterEach(() => t.close());
const count = (table: string) => (t.db.sqlite.query(`select count(*) as n from ${table}`).get() as { n: number }).n;

describe("POST /api/advertising/submit", () => {
  const good = {
    companyName: "Acme",
    email: "ads@acme.example",
    website: "https://acme.example",
    budget: "$500-$1000",
    message: "Banner please",
  };
  const STORED = "select count(*) as n from advertising_requests";
  const accepted = (name: string, body: unknown): Scenario => ({
    name: `${name} -> 201`,
    method: "POST",
    url: "/api/advertising/submit",
    body,
    expectStatus: 201,
    expectJson: { id: 1, message: ADVERTISING_THANKS },
    expectRows: [{ sql: STORED, equals: [{ n: 1 }] }],
  });
  const refused = (name: string, body: unknown, message: string): Scenario => ({
    name: `${name} -> 400`,
    method: "POST",
    url: "/api/advertising/submit",
    body,
    expectStatus: 400,
    expectJson: { message },
    expectRows: [{ sql: STORED, equals: [{ n: 0 }] }],
  });
  scenarios([
    accepted("everything", good),
    accepted("no website or message", { ...good, website: "", message: "" }),
    refused("no company", { ...good, companyName: " " }, "Company name is required"),
    refused("no email", { ...good, email: "" }, "Email is required"),
    refused("bad email", { ...good, email: "acme" }, "Please enter a valid email address"),
    refused("no budget", { ...good, budget: "" }, "Budget is required"),
    refused(
      "website not a URL",
      { ...good, website: "acme" },
      "Website must be a valid URL, such as https://example.com",
    ),
    refused(
      "website javascript:",
      { ...good, website: "javascript:alert(1)" },
      "Website must be a valid URL, such as https://example.com",
    ),
  ]);

  test("one IP cannot flood the forms", async () => {
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await t.call("POST", "/api/advertising/submit", { body: good })).status;
    expect(last).toBe(429);
    expect(count("advertising_requests")).toBe(10);
  });
});
