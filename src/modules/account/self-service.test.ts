// A user helps themselves: account settings (email, payout address, destination tag) and a password
// change. (A forgotten password: reset-links.test.ts.)
import { afterEach, describe, expect, test } from "bun:test";
import { INVALID_ADDRESS } from "../../shared/forms.ts";
import { randomAddress, testApp, type TestApp } from "../../testing/harness.ts";
import { scenarios } from "../../testing/scenario.ts";
import { MESSAGES, SELF_SERVICE } from "./model.ts";

const PASSWORD = "correct horse battery"; // t.register's and t.signIn's
const address = randomAddress();

describe("PATCH /api/user", () =>
  scenarios([
    {
      name: "sets the payout address and its destination tag",
      method: "PATCH",
      url: "/api/user",
      as: "user",
      body: { xrpAddress: address, destinationTag: 42 },
      expectStatus: 200,
      expectJsonMatch: { username: "member", xrpAddress: address, destinationTag: 42, paid: "0.000000" },
      expectRows: [
        {
          sql: "select xrp_address, xrp_destination_tag from users where username = 'member'",
          equals: [{ xrp_address: address, xrp_destination_tag: 42 }],
        },
      ],
      after: async (_res, { call }) =>
        expect((await call("GET", "/api/user")).json).toMatchObject({ xrpAddress: address, destinationTag: 42 }),
    },
    {
      name: "changes the email, with the current password",
      method: "PATCH",
      url: "/api/user",
      as: "user",
      body: { email: "  new@example.org ", currentPassword: PASSWORD },
      expectStatus: 200,
      expectJsonMatch: { email: "new@example.org" },
    },
    {
      name: "a new email without the current password (where reset links go)",
      method: "PATCH",
      url: "/api/user",
      as: "user",
      body: { email: "thief@example.org" },
      expectStatus: 400,
      expectJson: { message: SELF_SERVICE.currentRequired },
      expectHeaders: { "x-error-code": "WRONG_PASSWORD" },
      expectUnchanged: ["GET /api/user"],
    },
    {
      name: "a new email with a wrong current password",
      method: "PATCH",
      url: "/api/user",
      as: "user",
      body: { email: "thief@example.org", currentPassword: "a guess at it" },
      expectStatus: 400,
      expectJson: { message: SELF_SERVICE.wrongPassword },
      expectUnchanged: ["GET /api/user"],
    },
    {
      name: "the same email needs no password",
      method: "PATCH",
      url: "/api/user",
      as: "user",
      body: { email: "member@example.com", xrpAddress: address },
      expectStatus: 200,
      expectJsonMatch: { email: "member@example.com", xrpAddress: address },
    },
    {
      name: "null clears the address and its tag",
      method: "PATCH",
      url: "/api/user",
      as: "user",
      setup: async (t) => {
        const { cookie } = await t.signIn("user");
        await t.call("PATCH", "/api/user", { cookie, body: { xrpAddress: address, destinationTag: 7 } });
      },
      body: { xrpAddress: null },
      expectStatus: 200,
      expectJsonMatch: { xrpAddress: null, destinationTag: null },
    },
    {
      name: "an address that is no XRP address: the faucet form's message",
      method: "PATCH",
      url: "/api/user",
      as: "user",
      body: { xrpAddress: "rNotAnAddress123" },
      expectStatus: 400,
      expectJson: { message: INVALID_ADDRESS },
      expectHeaders: { "x-error-code": "INVALID_ADDRESS" },
      expectUnchanged: ["GET /api/user"],
    },
    {
      name: "an email registration would refuse",
      method: "PATCH",
      url: "/api/user",
      as: "user",
      body: { email: "alice@" },
      expectStatus: 400,
      expectJson: { message: MESSAGES.email },
      expectHeaders: { "x-error-code": "INVALID_EMAIL" },
      expectUnchanged: ["GET /api/user"],
    },
    {
      name: "a destination tag out of range",
      method: "PATCH",
      url: "/api/user",
      as: "user",
      body: { xrpAddress: address, destinationTag: 4_294_967_296 },
      expectStatus: 400,
      expectJson: { message: SELF_SERVICE.tag },
      expectUnchanged: ["GET /api/user"],
    },
    {
      name: "a destination tag without an address",
      method: "PATCH",
      url: "/api/user",
      as: "user",
      body: { destinationTag: 5 },
      expectStatus: 400,
      expectJson: { message: INVALID_ADDRESS },
    },
    {
      name: "nothing to change",
      method: "PATCH",
      url: "/api/user",
      as: "user",
      body: {},
      expectStatus: 400,
      expectJson: { message: SELF_SERVICE.nothingToChange },
    },
    {
      name: "a visitor without a session",
      method: "PATCH",
      url: "/api/user",
      body: { email: "x@example.com" },
      expectStatus: 401,
    },
  ]));

describe("POST /api/user/password", () => {
  let t: TestApp;
  afterEach(() => t.close());

  test("the current password is needed; the new one works, the old one no longer; other sessions end, this one stays", async () => {
    t = testApp();
    const { cookie } = await t.register("pat");
    const other = (await t.call("POST", "/api/login", { body: { username: "pat", password: PASSWORD } })).cookie!;
    const wrong = await t.call("POST", "/api/user/password", {
      cookie,
      body: { currentPassword: "not it at all", newPassword: "a brand new secret" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ message: SELF_SERVICE.wrongPassword });
    expect(wrong.headers.get("x-error-code")).toBe("WRONG_PASSWORD");
    const short = await t.call("POST", "/api/user/password", {
      cookie,
      body: { currentPassword: PASSWORD, newPassword: "short" },
    });
    expect(short.json).toEqual({ message: MESSAGES.password });

    const changed = await t.call("POST", "/api/user/password", {
      cookie,
      body: { currentPassword: PASSWORD, newPassword: "a brand new secret" },
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toEqual({ message: SELF_SERVICE.passwordChanged });
    expect((await t.call("GET", "/api/user", { cookie })).status).toBe(200);
    expect((await t.call("GET", "/api/user", { cookie: other })).status).toBe(401);
    expect((await t.call("POST", "/api/login", { body: { username: "pat", password: PASSWORD } })).status).toBe(401);
    expect(
      (await t.call("POST", "/api/login", { body: { username: "pat", password: "a brand new secret" } })).status,
    ).toBe(200);
  });

  test("wrong current passwords are throttled like logins", async () => {
    t = testApp();
    const { cookie } = await t.register("guesser");
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(
        (
          await t.call("POST", "/api/user/password", {
            cookie,
            body: { currentPassword: `guess number ${i}`, newPassword: "whatever it is" },
          })
        ).status,
      );
    expect(answers).toEqual([400, 400, 400, 400, 400, 429]);
  });

  test("a visitor without a session gets 401", async () => {
    t = testApp();
    expect(
      (await t.call("POST", "/api/user/password", { body: { currentPassword: "a", newPassword: "b" } })).status,
    ).toBe(401);
  });
});
