// Every e-mail field a person types takes an address and nothing else, over real HTTP: the contact
// form, the site's contact address, registration and an account's e-mail change. A value that
// carries a link's parts (`?cc=`, `&bcc=`, `&body=`, `#`, a path) could ride into a mailto: link
// ("Reply by email", /contact's address) and add recipients or text to the admin's reply.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { httpClient } from "../../testing/client.ts";
import { type SignedInSite, signedInSite } from "../../testing/signed-in.ts";

let s: SignedInSite;
beforeAll(async () => {
  s = await signedInSite();
});
afterAll(() => s.t.close());

const SMUGGLED = [
  "victim@example.com?cc=boss@evil.example&bcc=all@evil.example&body=Click%20here",
  "victim@example.com?body=hello",
  "victim@example.com&cc=x",
  "victim@example.com#reply",
  "victim@example.com/path",
  "victim?cc=evil@example.com",
  "victim%40evil.example@example.com",
  "victim@example.com%0Acc:evil@evil.example",
  "victim@exa_mple.com",
  "victim@-example.com",
  "victim@example.com.",
  "vic..tim@example.com",
  ".victim@example.com",
];
// addresses people have, which must still go through
const HONEST = [
  "ada@example.com",
  "O'Brien+faucet@mail.example.co.uk",
  "jörg.müller@bücher.example",
  "ADA.Lovelace@Example.COM",
  "a_b-c@sub-domain.example.io",
  "user@xn--80ak6aa92e.example",
];

const INVALID_EMAIL = "Please enter a valid email address";
const contactMessage = (email: string) => ({ name: "Ada", email, message: "Hello" });

describe("an e-mail field takes an address only", () => {
  test("the contact form", async () => {
    // (each from its own network: the forms' limit does not get in the way)
    let n = 0;
    const from = () => httpClient(s.url, { ipHeader: "x-test-ip", ip: `198.51.${n++}.9` });
    for (const email of SMUGGLED) {
      const res = await from().post("/api/contact", contactMessage(email), { proof: true });
      expect([email, res.status, res.json.message, res.headers.get("x-error-code")]).toEqual([
        email,
        400,
        INVALID_EMAIL,
        "INVALID_EMAIL",
      ]);
    }
    for (const email of HONEST)
      expect([email, (await from().post("/api/contact", contactMessage(email), { proof: true })).status]).toEqual([
        email,
        201,
      ]);
    const stored = (await s.admin.get("/api/admin/contact/messages")).json.messages.map(
      (m: { email: string }) => m.email,
    );
    expect(stored.sort()).toEqual([...HONEST].sort());
  });

  test("the site's contact address", async () => {
    for (const contactEmail of SMUGGLED) {
      const res = await s.admin.request("PUT", "/api/admin/site", { body: { contactEmail } });
      expect([contactEmail, res.status, res.json.message]).toEqual([
        contactEmail,
        400,
        "The contact address must be an email address, like help@example.com",
      ]);
    }
    expect((await s.anonymous.get("/api/site")).json.contactEmail).toBeNull();
    for (const contactEmail of HONEST)
      expect((await s.admin.request("PUT", "/api/admin/site", { body: { contactEmail } })).json.contactEmail).toBe(
        contactEmail,
      );
  });

  test("registration", async () => {
    let n = 0;
    for (const email of SMUGGLED) {
      const res = await httpClient(s.url, { ipHeader: "x-test-ip", ip: `198.18.${n++}.9` }).post(
        "/api/register",
        { username: `smuggler${n}`, email, password: "correct horse battery" },
        { proof: true },
      );
      expect([email, res.status, res.json.message]).toEqual([email, 400, INVALID_EMAIL]);
    }
    const honest = await httpClient(s.url, { ipHeader: "x-test-ip", ip: "198.18.200.9" }).post(
      "/api/register",
      { username: "obrien", email: HONEST[1], password: "correct horse battery" },
      { proof: true },
    );
    expect([honest.status, honest.json.user.email]).toEqual([201, HONEST[1]]);
  });

  test("an account's e-mail change", async () => {
    for (const email of SMUGGLED) {
      const res = await s.member.request("PATCH", "/api/user", {
        body: { email, currentPassword: "correct horse battery" },
      });
      expect([email, res.status, res.json.message, res.headers.get("x-error-code")]).toEqual([
        email,
        400,
        INVALID_EMAIL,
        "INVALID_EMAIL",
      ]);
    }
    expect((await s.member.get("/api/user")).json.email).toBe("member@example.com");
    const changed = await s.member.request("PATCH", "/api/user", {
      body: { email: HONEST[2], currentPassword: "correct horse battery" },
    });
    expect([changed.status, changed.json.email]).toEqual([200, HONEST[2]]);
  });
});
